// Gaps: boards several actions ahead of the game (two quick actions between two still boards, a
// reboot while the players went on). The shortest sequences of legal actions that explain the board
// are found; one read twice is played, several are offered, one read once is asked about; a board
// beyond four actions, or one only an action undone later explains, is not guessed.
#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <random>
#include <string>

#include "core/referee/board_distance.hpp"
#include "core/referee/reconcile.hpp"
#include "core/referee/sensor_view.hpp"
#include "core/referee/sequence_search.hpp"
#include "core/rules/game.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/position_text.hpp"
#include "random_gaps.hpp"

using namespace tessera;

namespace {

// The game after `played`, and what `profile` reads once `unseen` are also played on the board.
struct Gap {
  Game game;
  std::vector<Move> unseen;
  Observation seen;
};
Gap gapOf(const char* variant, std::initializer_list<const char*> played, std::initializer_list<const char*> unseen,
          SensorProfile profile = SensorProfile::Camera, const char* start = nullptr) {
  const Variant& v = builtinVariant(variant);
  Gap g{start ? Game(v, start) : Game(v), {}, {}};
  for (const char* a : played) g.game.play(parseMove(g.game.position(), a));
  Position board = g.game.position();
  for (const char* a : unseen) {
    g.unseen.push_back(parseMove(board, a));
    board.make(g.unseen.back());
  }
  g.seen = sensorView(board, profile);
  return g;
}

Verdict judge(Gap& g, bool readTwice, std::optional<Move> expected = std::nullopt) {
  ReconcileOptions o;
  o.gapPlies = kLongestGap;
  o.readTwice = readTwice;
  o.expected = expected;
  return reconcile(g.game.position(), g.seen, o);
}

std::string sequenceText(const Position& from, const std::vector<Move>& moves) {
  Position pos = from;
  std::string out;
  for (const Move& m : moves) {
    out += (out.empty() ? "" : " ") + san(pos, m);
    pos.make(m);
  }
  return out;
}

// The exact choices of a Choose, as text.
std::vector<std::string> exactTexts(const Position& pos, const Verdict& v) {
  std::vector<std::string> out;
  for (int i = 0; i < v.exactChoices; ++i) {
    const Explanation& e = v.choices[static_cast<std::size_t>(i)];
    out.push_back(e.kind == Explanation::Kind::Sequence ? sequenceText(pos, e.moves) : "?");
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(ReconcileGap, TwoActionsReadTwiceArePlayedAndReadOnceAreAskedAbout) {
  Gap g = gapOf("chess", {}, {"e4", "e5"});
  const Verdict once = judge(g, false);
  ASSERT_EQ(once.kind, VerdictKind::Choose) << "a misread cell could make another sequence fit";
  EXPECT_EQ(once.exactChoices, 1);
  EXPECT_EQ(once.choices[0].moves, g.unseen);
  EXPECT_EQ(once.defaultChoice, 0);
  const Verdict twice = judge(g, true);
  ASSERT_EQ(twice.kind, VerdictKind::Gap);
  EXPECT_EQ(twice.gapActions, g.unseen);
  EXPECT_TRUE(twice.gapExplainsAll);
  // Played, the board matches the game.
  for (const Move& m : twice.gapActions) g.game.play(m);
  EXPECT_EQ(judge(g, true).kind, VerdictKind::Unchanged);
}

TEST(ReconcileGap, ThreeAndFourActionsWhoseOrderTheBoardTellsArePlayed) {
  // The Bishop leaves f1 only after the e-Pawn: the order is forced.
  Gap three = gapOf("chess", {}, {"e4", "e5", "Bc4"});
  const Verdict v3 = judge(three, true);
  ASSERT_EQ(v3.kind, VerdictKind::Gap);
  EXPECT_EQ(sequenceText(three.game.position(), v3.gapActions), "e4 e5 Bc4");
  Gap four = gapOf("chess", {}, {"e4", "e5", "Bc4", "Bc5"});
  const Verdict v4 = judge(four, true);
  ASSERT_EQ(v4.kind, VerdictKind::Gap);
  EXPECT_EQ(sequenceText(four.game.position(), v4.gapActions), "e4 e5 Bc4 Bc5");
  // Without the gap search, the same board does not reconcile.
  ReconcileOptions none;
  none.readTwice = true;
  EXPECT_EQ(reconcile(four.game.position(), four.seen, none).kind, VerdictKind::Mismatch);
}

TEST(ReconcileGap, TwoMovesOfOneSideInEitherOrderAreOfferedBothWays) {
  Gap g = gapOf("chess", {}, {"Nf3", "d5", "Nc3"});
  const Verdict v = judge(g, true);
  ASSERT_EQ(v.kind, VerdictKind::Choose);
  EXPECT_EQ(v.exactChoices, 2);
  EXPECT_EQ(exactTexts(g.game.position(), v), (std::vector<std::string>{"Nc3 d5 Nf3", "Nf3 d5 Nc3"}));
  // Four actions, two of each side: four orders.
  Gap four = gapOf("chess", {}, {"Nf3", "Nf6", "Nc3", "Nc6"});
  const Verdict v4 = judge(four, true);
  ASSERT_EQ(v4.kind, VerdictKind::Choose);
  EXPECT_EQ(v4.exactChoices, 4);
}

TEST(ReconcileGap, TheShortestSequencesExplainTheBoard) {
  // The Knight went g1-f3-g5 over three actions; by h3 it would leave the same board: both asked.
  Gap knight = gapOf("chess", {}, {"Nf3", "e5", "Ng5"});
  const Verdict v = judge(knight, true);
  ASSERT_EQ(v.kind, VerdictKind::Choose);
  EXPECT_EQ(exactTexts(knight.game.position(), v), (std::vector<std::string>{"Nf3 e5 Ng5", "Nh3 e5 Ng5"}));
  // The Pawn that went e2-e3-e4 shows as the double step, two actions fewer.
  Gap pawn = gapOf("chess", {}, {"e3", "e5", "e4"});
  const Verdict shorter = judge(pawn, true);
  ASSERT_EQ(shorter.kind, VerdictKind::Gap);
  EXPECT_EQ(sequenceText(pawn.game.position(), shorter.gapActions), "e4 e5");
}

TEST(ReconcileGap, APieceMovedOutAndBackOrMoreThanFourActionsAreNotGuessed) {
  // White's Knight out and back around Black's two moves: no action of White left a trace.
  Gap outAndBack = gapOf("chess", {}, {"Nf3", "e5", "Ng1", "d5"});
  EXPECT_EQ(judge(outAndBack, true).kind, VerdictKind::Mismatch);
  Gap five = gapOf("chess", {}, {"e4", "e5", "Bc4", "Bc5", "d3"});
  EXPECT_EQ(judge(five, true).kind, VerdictKind::Mismatch);
}

TEST(ReconcileGap, APromotionAtTheEndPlaysWhatIsSureAndAsksForThePiece) {
  // An occupancy sensor: the Pawn's move and the promotion are seen, not the piece it became.
  Gap g = gapOf("chess", {}, {"b8=Q+", "Kd7"}, SensorProfile::Occupancy, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
  const Verdict v = judge(g, true);
  ASSERT_EQ(v.kind, VerdictKind::Choose) << "the promotions differ in the first action: nothing is sure";
  // After a quiet first action, a promotion last: the first is sure, the piece is asked.
  Gap last = gapOf("chess", {}, {"Kd2", "b1=Q"}, SensorProfile::Occupancy, "4k3/8/8/8/8/8/1p6/4K3 w - - 0 1");
  const Verdict v2 = judge(last, true);
  ASSERT_EQ(v2.kind, VerdictKind::Gap);
  EXPECT_FALSE(v2.gapExplainsAll);
  ASSERT_EQ(v2.gapActions.size(), 1u);
  EXPECT_EQ(san(last.game.position(), v2.gapActions[0]), "Kd2");
  last.game.play(v2.gapActions[0]);
  const Verdict piece = judge(last, true);
  ASSERT_EQ(piece.kind, VerdictKind::Choose);
  EXPECT_EQ(piece.exactChoices, 4);
}

TEST(ReconcileGap, TilesDroppedByEitherSideAreAskedAboutAndPieceMovesOverTilesArePlayed) {
  // Two Tiles read together: who dropped which is not seen.
  Gap drops = gapOf("tiled-squares", {}, {"T@c3", "T@f6"});
  const Verdict v = judge(drops, true);
  ASSERT_EQ(v.kind, VerdictKind::Choose);
  EXPECT_EQ(exactTexts(drops.game.position(), v), (std::vector<std::string>{"T@c3 T@f6", "T@f6 T@c3"}));
  // Over a tiled board, a Pawn's step that lets the Bishop out, and the King's two steps, have one
  // order only: three and four actions are played.
  const char* start = "4k3/8/8/8/8/8/4P3/4KB2 w - - 0 1 tttttttt/tttttttt/tttttttt/tttttttt/tttttttt/tttttttt/tttttttt/tttttttt";
  Gap three = gapOf("tiled-squares", {}, {"e3", "Kd7", "Bd3"}, SensorProfile::Camera, start);
  const Verdict v3 = judge(three, true);
  ASSERT_EQ(v3.kind, VerdictKind::Gap);
  EXPECT_EQ(v3.gapActions, three.unseen);
  Gap four = gapOf("tiled-squares", {}, {"e3", "Kd7", "Bd3", "Kc6"}, SensorProfile::Camera, start);
  const Verdict v4 = judge(four, true);
  ASSERT_EQ(v4.kind, VerdictKind::Gap);
  EXPECT_EQ(v4.gapActions, four.unseen);
}

TEST(ReconcileGap, AGapNotBeginningWithTheEnginesAnnouncedActionIsAskedAbout) {
  Gap g = gapOf("chess", {}, {"e4", "e5"});
  const Move announced = parseMove(g.game.position(), "d4");
  const Verdict v = judge(g, true, announced);
  ASSERT_EQ(v.kind, VerdictKind::Choose);
  EXPECT_EQ(v.exactChoices, 1);
  const Verdict carried = judge(g, true, parseMove(g.game.position(), "e4"));
  EXPECT_EQ(carried.kind, VerdictKind::Gap);
}

// Every sequence of `plies` legal actions whose board `seen` shows, each action changing a cell
// where `seen` differs from `pos`: found by trying every sequence, without the search's pruning.
void everySequenceTried(Position& pos, const Observation& seen, const std::vector<char>& differs, int plies,
                        std::vector<Move>& path, std::vector<std::vector<Move>>& out) {
  const BoardSize size = pos.variant().size;
  const auto cells = static_cast<std::size_t>(size.files * size.ranks);
  const auto squareOf = [&](std::size_t i) { return makeSquare(static_cast<int>(i) % size.files, static_cast<int>(i) / size.files); };
  if (static_cast<int>(path.size()) == plies) {
    for (std::size_t i = 0; i < cells; ++i)
      if (!cellAgrees(seen.cells[i], fullView(pos, squareOf(i)))) return;
    out.push_back(path);
    return;
  }
  MoveList moves;
  generateLegal(pos, moves);
  for (const Move& m : moves) {
    std::vector<std::uint32_t> before(cells);
    for (std::size_t i = 0; i < cells; ++i) before[i] = cellKey(pos, squareOf(i));
    pos.make(m);
    bool trace = false;
    for (std::size_t i = 0; i < cells; ++i) trace = trace || (differs[i] && cellKey(pos, squareOf(i)) != before[i]);
    if (trace) {
      path.push_back(m);
      everySequenceTried(pos, seen, differs, plies, path, out);
      path.pop_back();
    }
    pos.unmake();
  }
}

std::vector<std::vector<Move>> everySequenceFitting(Position& pos, const Observation& seen, int plies) {
  const BoardSize size = pos.variant().size;
  std::vector<char> differs;
  for (int i = 0; i < size.files * size.ranks; ++i)
    differs.push_back(!cellAgrees(seen.cells[static_cast<std::size_t>(i)], fullView(pos, makeSquare(i % size.files, i / size.files))));
  std::vector<Move> path;
  std::vector<std::vector<Move>> out;
  everySequenceTried(pos, seen, differs, plies, path, out);
  return out;
}

struct GapCase {
  std::string variant;
  SensorProfile profile;
};

class ReconcileGapEveryVariant : public ::testing::TestWithParam<GapCase> {};

// Sequences as text, in a fixed order, to compare sets of them.
std::vector<std::string> texts(const Position& pos, const std::vector<std::vector<Move>>& sequences) {
  std::vector<std::string> out;
  for (const auto& moves : sequences) {
    Position p = pos;
    std::string text;
    for (const Move& m : moves) {
      text += longAlgebraic(p, m) + " ";
      p.make(m);
    }
    out.push_back(text);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Random gaps of two, three and four actions in random games of the variant, read by the sensor:
// the search finds exactly the sequences that trying every sequence finds (up to three actions, and
// four on boards of 64 squares or fewer); a gap that alone fits, read twice, is played; of several,
// what they all begin with is played, else they are offered, every one of them; read once, a gap is
// asked about.
TEST_P(ReconcileGapEveryVariant, TheSearchFindsWhatTryingEverySequenceFindsAndTheVerdictFollows) {
  const Variant& variant = builtinVariant(GetParam().variant);
  const SensorProfile profile = GetParam().profile;
  std::mt19937 rng(20261205);
  int played[5] = {}, asked[5] = {}, compared = 0;
  for (int attempt = 0; attempt < 45; ++attempt) {
    Game game(variant);
    const int before = std::uniform_int_distribution<int>(0, 12)(rng);
    for (int i = 0; i < before && !game.result().finished(); ++i) {
      MoveList legal;
      generateLegal(game.position(), legal);
      game.play(legal[std::uniform_int_distribution<int>(0, legal.size() - 1)(rng)]);
    }
    const int plies = 2 + attempt % 3;
    Position board = game.position();
    std::vector<Move> unseen;
    for (int i = 0; i < plies; ++i) {
      const std::optional<Move> m = randomSeenAction(board, profile, rng);
      if (!m) break;
      unseen.push_back(*m);
      board.make(*m);
    }
    if (static_cast<int>(unseen.size()) != plies || !everyActionLeavesATrace(game.position(), unseen, profile)) continue;
    const Observation seen = sensorView(board, profile);
    ReconcileOptions o;
    o.gapPlies = kLongestGap;
    o.readTwice = true;
    const Verdict v = reconcile(game.position(), seen, o);
    if (v.kind != VerdictKind::Gap && v.kind != VerdictKind::Choose) continue;  // one action away explains it
    if (v.kind == VerdictKind::Choose && v.choices.front().kind != Explanation::Kind::Sequence) continue;

    // The shortest sequences that fit: the gap played among them, unless a shorter one fits.
    const BoardDistance distance(game.position(), seen, 0.0f);
    Position pos = game.position();
    std::vector<std::vector<Move>> fits;
    int shortest = 1;
    while (fits.empty() && shortest < plies) fits = sequencesExplaining(pos, distance, ++shortest);
    ASSERT_FALSE(fits.empty()) << "the gap played is not found";
    if (shortest == plies) {
      EXPECT_NE(std::find(fits.begin(), fits.end(), unseen), fits.end());
    }
    if (shortest <= 3 || variant.size.files * variant.size.ranks <= 64) {
      EXPECT_EQ(texts(pos, fits), texts(pos, everySequenceFitting(pos, seen, shortest)));
      ++compared;
    }

    if (fits.size() == 1) {
      ASSERT_EQ(v.kind, VerdictKind::Gap);
      EXPECT_EQ(v.gapActions, fits.front());
      EXPECT_TRUE(v.gapExplainsAll);
      ++played[plies];
    } else if (v.kind == VerdictKind::Gap) {
      EXPECT_FALSE(v.gapExplainsAll);
      for (const auto& fit : fits) EXPECT_TRUE(std::equal(v.gapActions.begin(), v.gapActions.end(), fit.begin()));
      ++played[plies];
    } else {
      ASSERT_EQ(v.exactChoices, static_cast<int>(fits.size()));
      std::vector<std::vector<Move>> offered;
      for (int i = 0; i < v.exactChoices; ++i) offered.push_back(v.choices[static_cast<std::size_t>(i)].moves);
      EXPECT_EQ(texts(pos, offered), texts(pos, fits));
      ++asked[plies];
    }
    o.readTwice = false;
    const Verdict once = reconcile(game.position(), seen, o);
    ASSERT_EQ(once.kind, VerdictKind::Choose);
    EXPECT_EQ(once.exactChoices, static_cast<int>(fits.size()));
  }
  std::printf("[ gaps ] %s %s: played %d/%d/%d, asked %d/%d/%d (two/three/four actions), %d compared with every sequence\n",
              variant.name.c_str(), std::string(sensorProfileName(profile)).c_str(), played[2], played[3], played[4],
              asked[2], asked[3], asked[4], compared);
  EXPECT_GT(played[2], 0);
  for (int plies = 2; plies <= 4; ++plies) EXPECT_GT(played[plies] + asked[plies], 0) << plies << " actions never tried";
}

std::vector<GapCase> everyVariantAndSensor() {
  std::vector<GapCase> cases;
  for (const std::string& v : builtinVariantNames())
    for (SensorProfile p : {SensorProfile::Camera, SensorProfile::Occupancy, SensorProfile::OccupancyAndSide})
      cases.push_back({v, p});
  return cases;
}

INSTANTIATE_TEST_SUITE_P(EveryVariantAndSensor, ReconcileGapEveryVariant, ::testing::ValuesIn(everyVariantAndSensor()),
                         [](const auto& info) {
                           std::string name = info.param.variant + "_" + std::string(sensorProfileName(info.param.profile));
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });

}  // namespace
