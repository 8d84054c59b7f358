// Each verdict of the referee, in each variant, from snapshots a player really produces: the
// board after a capture (and while the captured piece is off), castling Rook-first, a promotion
// an occupancy sensor cannot name, a colour drop seen by camera and by an occupancy sensor, a
// sector shift, a takeback of two moves, a piece knocked onto a neighbouring square.
#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <stdexcept>
#include <string>

#include "core/referee/reconcile.hpp"
#include "core/referee/sensor_view.hpp"
#include "core/rules/game.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/position_text.hpp"

using namespace tessera;

namespace {

Square at(const char* name) { return makeSquare(name[0] - 'a', name[1] - '1'); }

// A game of `variant` after the actions in text (SAN or long algebraic).
Game gameAfter(const char* variant, std::initializer_list<const char*> actions, const char* start = nullptr) {
  const Variant& v = builtinVariant(variant);
  Game g = start ? Game(v, start) : Game(v);
  for (const char* a : actions) g.play(parseMove(g.position(), a));
  return g;
}

// What the sensor reports once `actions` are also played on the board.
Observation boardAfter(const Game& game, std::initializer_list<const char*> actions, SensorProfile profile) {
  Position pos = game.position();
  for (const char* a : actions) pos.make(parseMove(pos, a));
  return sensorView(pos, profile);
}

void setCell(Observation& o, const char* square, Occupant occupant) { o.at(square[0] - 'a', square[1] - '1').occupant = occupant; }

std::string text(Game& g, const Move& m) { return longAlgebraic(g.position(), m); }

std::vector<std::string> choiceTexts(Game& g, const Verdict& v) {
  std::vector<std::string> out;
  for (const Explanation& e : v.choices) {
    if (e.kind == Explanation::Kind::Action) out.push_back(text(g, e.move));
    if (e.kind == Explanation::Kind::Nothing) out.push_back("nothing");
    if (e.kind == Explanation::Kind::Takeback) out.push_back("takeback " + std::to_string(e.plies));
    if (e.kind == Explanation::Kind::Amend) out.push_back("amend");
  }
  return out;
}

Verdict readTwice(Game& g, const Observation& seen) {
  ReconcileOptions o;
  o.readTwice = true;
  return reconcile(g.position(), seen, o);
}

TEST(ReconcileChess, TheBoardAsItWasIsUnchanged) {
  Game g = gameAfter("chess", {"e4", "e5"});
  EXPECT_EQ(reconcile(g.position(), sensorView(g.position(), SensorProfile::Camera)).kind, VerdictKind::Unchanged);
  const Verdict v = reconcile(g.position(), sensorView(g.position(), SensorProfile::Occupancy));
  EXPECT_EQ(v.kind, VerdictKind::Unchanged);
  EXPECT_TRUE(v.hiddenActions.empty()) << "every chess move changes the occupancy of some square";
}

TEST(ReconcileChess, CaptureWithTheCapturedPieceLiftedFirst) {
  Game g = gameAfter("chess", {"e4", "d5"});
  // The dark Pawn is off the board and the board settles: nothing legal explains it yet.
  Observation lifted = sensorView(g.position(), SensorProfile::Camera);
  setCell(lifted, "d5", Occupant::Empty);
  const Verdict half = reconcile(g.position(), lifted);
  ASSERT_EQ(half.kind, VerdictKind::Mismatch);
  ASSERT_EQ(half.differing, std::vector<Square>{at("d5")});
  ASSERT_EQ(half.corrections.size(), 1u);
  EXPECT_EQ(half.corrections[0].kind, Correction::Kind::Place);
  EXPECT_EQ(half.corrections[0].to, at("d5"));
  EXPECT_EQ(half.corrections[0].piece, g.position().at(at("d5")));
  // Then the light Pawn arrives on d5.
  const Verdict done = reconcile(g.position(), boardAfter(g, {"exd5"}, SensorProfile::Camera));
  ASSERT_EQ(done.kind, VerdictKind::Action);
  EXPECT_EQ(text(g, done.action), "e4d5");
}

TEST(ReconcileChess, AnOccupancySensorSeesACaptureAsOneEmptiedSquareAndConfirmsItOnASecondReading) {
  Game g = gameAfter("chess", {"e4", "d5"});
  const Observation seen = boardAfter(g, {"exd5"}, SensorProfile::Occupancy);
  const Verdict first = reconcile(g.position(), seen);
  ASSERT_EQ(first.kind, VerdictKind::Choose) << "one misread e4 would look the same";
  EXPECT_EQ(first.exactChoices, 1);
  // Offered beside it: nothing happened (e4 misread), or the Pawn went to e5 (e5 misread).
  EXPECT_EQ(choiceTexts(g, first), (std::vector<std::string>{"e4d5", "nothing", "e4e5"}));
  const Verdict second = readTwice(g, seen);
  ASSERT_EQ(second.kind, VerdictKind::Action);
  EXPECT_EQ(text(g, second.action), "e4d5");
}

TEST(ReconcileChess, CastlingRookFirstIsAcceptedAsTheRookMoveThenAmendedToCastling) {
  Game g = gameAfter("chess", {"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"});
  const Verdict rook = reconcile(g.position(), boardAfter(g, {"Rf1"}, SensorProfile::Camera));
  ASSERT_EQ(rook.kind, VerdictKind::Action);
  EXPECT_EQ(text(g, rook.action), "h1f1");
  g.play(rook.action);
  // The King follows to g1: from the position before the Rook move, that is castling.
  Observation castled = sensorView(g.position(), SensorProfile::Camera);
  setCell(castled, "e1", Occupant::Empty);
  setCell(castled, "g1", Occupant::Light);
  const Verdict king = reconcile(g.position(), castled);
  ASSERT_EQ(king.kind, VerdictKind::Amend);
  g.takeBack(1);
  EXPECT_EQ(king.action.kind, MoveKind::Castle);
  EXPECT_EQ(san(g.position(), king.action), "O-O");
}

TEST(ReconcileChess, CastlingKingFirstIsAMismatchUntilTheRookFollows) {
  Game g = gameAfter("chess", {"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"});
  Observation kingOnly = sensorView(g.position(), SensorProfile::Camera);
  setCell(kingOnly, "e1", Occupant::Empty);
  setCell(kingOnly, "g1", Occupant::Light);
  EXPECT_EQ(reconcile(g.position(), kingOnly).kind, VerdictKind::Mismatch);
  const Verdict v = reconcile(g.position(), boardAfter(g, {"O-O"}, SensorProfile::Camera));
  ASSERT_EQ(v.kind, VerdictKind::Action);
  EXPECT_EQ(v.action.kind, MoveKind::Castle);
}

TEST(ReconcileChess, EnPassantIsSeenByTheEmptiedSquareOfThePassedPawn) {
  Game g = gameAfter("chess", {"e4", "a6", "e5", "d5"});
  const Verdict v = reconcile(g.position(), boardAfter(g, {"exd6"}, SensorProfile::OccupancyAndSide));
  ASSERT_EQ(v.kind, VerdictKind::Action);
  EXPECT_EQ(v.action.kind, MoveKind::EnPassant);
}

TEST(ReconcileChess, APromotionSeenByAnOccupancySensorAsksForThePieceWithTheQueenProposed) {
  Game g = gameAfter("chess", {}, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  const Verdict v = reconcile(g.position(), boardAfter(g, {"a8=Q"}, SensorProfile::Occupancy));
  ASSERT_EQ(v.kind, VerdictKind::Choose);
  EXPECT_EQ(v.exactChoices, 4);
  EXPECT_EQ(choiceTexts(g, v), (std::vector<std::string>{"a7a8q", "a7a8r", "a7a8b", "a7a8n"}));
  EXPECT_EQ(text(g, v.choices[static_cast<std::size_t>(v.defaultChoice)].move), "a7a8q");
  // The engine announced an under-promotion: that is the one proposed.
  ReconcileOptions o;
  o.expected = parseMove(g.position(), "a7a8n");
  const Verdict announced = reconcile(g.position(), boardAfter(g, {"a8=N"}, SensorProfile::Occupancy), o);
  EXPECT_EQ(text(g, announced.choices[static_cast<std::size_t>(announced.defaultChoice)].move), "a7a8n");
}

// The Queen is proposed wherever the variant lists it among the promotion choices.
TEST(ReconcileChess, TheQueenIsProposedThoughTheVariantListsItLast) {
  Variant queenLast = builtinVariant("chess");
  std::reverse(queenLast.promotionChoices.begin(), queenLast.promotionChoices.end());  // N B R Q
  Game g(queenLast, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  const Verdict v = reconcile(g.position(), boardAfter(g, {"a8=Q"}, SensorProfile::Occupancy));
  ASSERT_EQ(v.kind, VerdictKind::Choose);
  EXPECT_EQ(choiceTexts(g, v), (std::vector<std::string>{"a7a8n", "a7a8b", "a7a8r", "a7a8q"}));
  EXPECT_EQ(text(g, v.choices[static_cast<std::size_t>(v.defaultChoice)].move), "a7a8q");
}

TEST(ReconcileChess, ATakebackOfTwoMovesIsRecognised) {
  Game g = gameAfter("chess", {"e4", "e5", "Nf3", "Nc6"});
  const Game earlier = gameAfter("chess", {"e4", "e5"});
  const Verdict v = reconcile(g.position(), sensorView(earlier.position(), SensorProfile::Camera));
  ASSERT_EQ(v.kind, VerdictKind::Takeback);
  EXPECT_EQ(v.plies, 2);
  // A takeback reaches as far back as the options allow, and no further.
  ReconcileOptions o;
  o.maxTakeback = 2;
  EXPECT_EQ(reconcile(g.position(), sensorView(earlier.position(), SensorProfile::Camera), o).kind, VerdictKind::Takeback);
  o.maxTakeback = 1;
  EXPECT_EQ(reconcile(g.position(), sensorView(earlier.position(), SensorProfile::Camera), o).kind, VerdictKind::Mismatch);
}

TEST(ReconcileChess, AnIllegalMoveIsAMismatchAndTheNearestLegalActionIsSuggested) {
  Game g = gameAfter("chess", {"e4", "e5"});
  // The Knight put down on f4 instead of f3.
  Observation seen = boardAfter(g, {"Nf3"}, SensorProfile::Camera);
  setCell(seen, "f3", Occupant::Empty);
  setCell(seen, "f4", Occupant::Light);
  const Verdict v = reconcile(g.position(), seen);
  ASSERT_EQ(v.kind, VerdictKind::Mismatch);
  ASSERT_EQ(v.corrections.size(), 1u);
  EXPECT_EQ(v.corrections[0].kind, Correction::Kind::Move);
  EXPECT_EQ(v.corrections[0].from, at("f4"));
  EXPECT_EQ(v.corrections[0].to, at("g1"));
  std::vector<std::string> nearest;
  for (const Move& m : v.nearest) nearest.push_back(text(g, m));
  // The Knight's three moves, and f2-f4 (which would have put a light piece on f4), each two cells off.
  EXPECT_EQ(nearest, (std::vector<std::string>{"g1h3", "g1e2", "g1f3", "f2f4"}));
}

TEST(ReconcileChess, APieceKnockedOntoANeighbouringSquareIsAMismatchWithTheWayBack) {
  Game g = gameAfter("chess", {}, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  Observation knocked = sensorView(g.position(), SensorProfile::Camera);
  setCell(knocked, "a1", Occupant::Empty);
  setCell(knocked, "b2", Occupant::Light);
  const Verdict v = reconcile(g.position(), knocked);
  ASSERT_EQ(v.kind, VerdictKind::Mismatch);
  EXPECT_EQ(v.differing, (std::vector<Square>{at("a1"), at("b2")}));
  ASSERT_EQ(v.corrections.size(), 1u);
  EXPECT_EQ(v.corrections[0].kind, Correction::Kind::Move);
  EXPECT_EQ(v.corrections[0].from, at("b2"));
  EXPECT_EQ(v.corrections[0].to, at("a1"));
  // Every Rook move from a1 is as close to this board as the position itself: those are suggested.
  std::vector<std::string> nearest;
  for (const Move& m : v.nearest) nearest.push_back(text(g, m));
  EXPECT_EQ(nearest.size(), 10u);
  for (const std::string& m : nearest) EXPECT_EQ(m.substr(0, 2), "a1");
}

TEST(ReconcileChess, AnActionOtherThanTheAnnouncedOneIsReportedAsUnexpected) {
  Game g = gameAfter("chess", {"e4", "e5"});
  ReconcileOptions o;
  o.expected = parseMove(g.position(), "Nf3");
  const Verdict other = reconcile(g.position(), boardAfter(g, {"Nc3"}, SensorProfile::Camera), o);
  ASSERT_EQ(other.kind, VerdictKind::Unexpected);
  EXPECT_EQ(text(g, other.action), "b1c3");
  EXPECT_EQ(reconcile(g.position(), boardAfter(g, {"Nf3"}, SensorProfile::Camera), o).kind, VerdictKind::Action);
}

TEST(ReconcileChess, AnObservationOfTheWrongSizeIsRefusedWithAReason) {
  Game g = gameAfter("chess", {});
  try {
    reconcile(g.position(), Observation(12, 12));
    FAIL() << "a 12x12 observation was accepted for chess";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("12x12"), std::string::npos) << e.what();
  }
  // One rank too many is as wrong as both sizes.
  EXPECT_THROW(reconcile(g.position(), Observation(8, 9)), std::invalid_argument);
  EXPECT_THROW(reconcile(g.position(), Observation(9, 8)), std::invalid_argument);
}

TEST(ReconcileChess, CellsBelowTheConfidenceThresholdCountAsUnknown) {
  Game g = gameAfter("chess", {"e4", "e5"});
  Observation seen = boardAfter(g, {"Nf3"}, SensorProfile::Camera);
  seen.at(5, 2).occupantConfidence = 0.2f;  // f3: a shadow the classifier doubts
  seen.at(5, 2).occupant = Occupant::Dark;
  ReconcileOptions o;
  EXPECT_EQ(reconcile(g.position(), seen, o).kind, VerdictKind::Mismatch);
  o.minConfidence = 0.5f;
  const Verdict v = reconcile(g.position(), seen, o);
  ASSERT_EQ(v.kind, VerdictKind::Choose) << "with f3 unknown, one misread square away from Nh3, Ne2 or no move";
  EXPECT_EQ(v.exactChoices, 1);
  EXPECT_EQ(choiceTexts(g, v), (std::vector<std::string>{"g1f3", "nothing", "g1h3", "g1e2"}));
  // A cell read with just the threshold's confidence is trusted: f3 as a dark piece disagrees with
  // every explanation.
  seen.at(5, 2).occupantConfidence = 0.5f;
  const Verdict occupantAtThreshold = reconcile(g.position(), seen, o);
  EXPECT_EQ(occupantAtThreshold.kind, VerdictKind::Mismatch);
  EXPECT_EQ(occupantAtThreshold.differing, (std::vector<Square>{at("g1"), at("f3")}));
  // So does a Yellow surface on b1, read with the threshold's confidence (f3 doubted again).
  seen.at(5, 2).occupantConfidence = 0.2f;
  seen.at(1, 0).surface = Surface::Yellow;
  seen.at(1, 0).surfaceConfidence = 0.5f;
  const Verdict surfaceAtThreshold = reconcile(g.position(), seen, o);
  ASSERT_EQ(surfaceAtThreshold.kind, VerdictKind::Mismatch);
  EXPECT_EQ(surfaceAtThreshold.differing, (std::vector<Square>{at("b1"), at("g1")}));
  ASSERT_FALSE(surfaceAtThreshold.corrections.empty());
  EXPECT_EQ(surfaceAtThreshold.corrections[0].kind, Correction::Kind::Surface);
  EXPECT_EQ(surfaceAtThreshold.corrections[0].to, at("b1"));
}

TEST(ReconcileShiftingSands, AColourDropIsSeenByCameraAndHiddenFromAnOccupancySensor) {
  Game g = gameAfter("shifting-sands", {});
  const Move drop = parseMove(g.position(), "Y@c3");
  Position after = g.position();
  after.make(drop);
  const Verdict camera = reconcile(g.position(), sensorView(after, SensorProfile::Camera));
  ASSERT_EQ(camera.kind, VerdictKind::Choose) << "one misread c3 could be another colour";
  ASSERT_EQ(camera.exactChoices, 1);
  const Verdict again = readTwice(g, sensorView(after, SensorProfile::Camera));
  ASSERT_EQ(again.kind, VerdictKind::Action);
  EXPECT_EQ(again.action, drop);
  const Verdict occupancy = reconcile(g.position(), sensorView(after, SensorProfile::Occupancy));
  ASSERT_EQ(occupancy.kind, VerdictKind::Unchanged);
  EXPECT_NE(std::find(occupancy.hiddenActions.begin(), occupancy.hiddenActions.end(), drop), occupancy.hiddenActions.end());
}

// Plays `action` on a copy of the game's board and reconciles what `profile` reads of it.
struct Acted {
  Move move;
  Observation seen;
  Verdict verdict;
};
Acted act(Game& g, const char* action, SensorProfile profile) {
  Position after = g.position();
  const Move m = parseMove(after, action);
  after.make(m);
  Observation seen = sensorView(after, profile);
  Verdict v = reconcile(g.position(), seen);
  return {m, std::move(seen), std::move(v)};
}

TEST(ReconcileShiftingChess, ASectorShiftCarriesItsPieces) {
  Game g = gameAfter("shifting-chess", {});
  const Acted shift = act(g, "BI-BIII", SensorProfile::Camera);
  ASSERT_EQ(shift.verdict.kind, VerdictKind::Action);
  EXPECT_EQ(shift.verdict.action, shift.move);
}

TEST(ReconcileTiledSquares, ATileDropIsConfirmedOnASecondReading) {
  Game g = gameAfter("tiled-squares", {});
  const Acted tile = act(g, "T@e4", SensorProfile::Camera);
  ASSERT_EQ(tile.verdict.kind, VerdictKind::Choose) << "an Anti-Tile on e4 differs by that one cell";
  EXPECT_EQ(readTwice(g, tile.seen).action, tile.move);
}

TEST(ReconcileTiledSquares, AKingSteppingOntoVoidBuildsATileAndIsAccepted) {
  Game g = gameAfter("tiled-squares", {}, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 tttttttt/8/8/8/8/8/8/tttttttt");
  const Acted step = act(g, "e1e2", SensorProfile::Camera);
  EXPECT_EQ(step.seen.at(4, 1).surface, Surface::LightSquare) << "e2 now shows a Tile";
  ASSERT_EQ(step.verdict.kind, VerdictKind::Action);
  EXPECT_EQ(step.verdict.action, step.move);
}

TEST(ReconcileChameleon, AChameleonMoveIsAcceptedWhateverItBecomes) {
  Game g = gameAfter("chameleon-redux", {});
  const Acted m = act(g, "e2e4", SensorProfile::OccupancyAndSide);
  ASSERT_EQ(m.verdict.kind, VerdictKind::Action);
  EXPECT_EQ(m.verdict.action, m.move);
}

TEST(ReconcileDesertDust, ADesertDustMoveIsAcceptedOnItsTwelveByTwelveBoard) {
  Game g = gameAfter("desert-dust", {});
  const Acted m = act(g, "e3e5", SensorProfile::Camera);
  ASSERT_EQ(m.verdict.kind, VerdictKind::Action);
  EXPECT_EQ(m.verdict.action, m.move);
}

TEST(ReconcileFourPlayers, TheCameraSeesOccupiedCellsAndStillRecognisesAMove) {
  Game g = gameAfter("chameleon-redux-4p", {});
  MoveList legal;
  generateLegal(g.position(), legal);
  Position after = g.position();
  after.make(legal[0]);
  const Observation seen = sensorView(after, SensorProfile::Camera);
  EXPECT_EQ(seen.at(fileOf(legal[0].to), rankOf(legal[0].to)).occupant, Occupant::Occupied)
      << "four sides, two piece colours: the camera does not name the side";
  const Verdict v = reconcile(g.position(), seen);
  ASSERT_EQ(v.kind, VerdictKind::Action);
  EXPECT_EQ(v.action, legal[0]);
}

}  // namespace
