// Putting the board right at the table: after a takeback the pieces still stand as the board was,
// and the guidance must send each piece to the square its own kind belongs on, even on a board
// that reads only which squares are occupied.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "host/session/action_text.hpp"
#include "session_fixture.hpp"

namespace tessera::session {
namespace {

using K = SessionEvent::Kind;

void setOccupant(Observation& seen, const char* square, Occupant occupant) {
  seen.at(square[0] - 'a', square[1] - '1').occupant = occupant;
}

// What the session tells the player to do, one step a line.
std::vector<std::string> guidance(const RefereeSession& session) {
  std::vector<std::string> out;
  for (const Correction& c : session.corrections()) out.push_back(correctionText(session.game().variant(), c));
  return out;
}

struct Castling {
  std::vector<const char*> actions;  // the last is the castling
  std::vector<std::string> guidance;
};

// Found by an audit (2026-11-29): after castling was taken back, a board that reads only occupancy
// was told to move the Rook onto the King's square and the King to the Rook's, the two pieces being
// paired by nearness alone.
TEST(RefereeSession, ACastlingTakenBackSendsTheKingAndTheRookEachToItsOwnSquare) {
  const std::vector<Castling> cases = {
      {{"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O"},
       {"move the piece on g1 back to e1", "move the piece on f1 back to h1"}},
      {{"d4", "d5", "Nc3", "Nc6", "Bf4", "Bf5", "Qd2", "Qd7", "O-O-O"},
       {"move the piece on c1 back to e1", "move the piece on d1 back to a1"}},
      {{"e4", "e5", "Nf3", "Nf6", "Bc4", "Bc5", "d3", "O-O"},
       {"move the piece on g8 back to e8", "move the piece on f8 back to h8"}},
      {{"d4", "d5", "Nc3", "Nc6", "Bf4", "Bf5", "Qd2", "Qd7", "e3", "O-O-O"},
       {"move the piece on c8 back to e8", "move the piece on d8 back to a8"}},
  };
  for (const Castling& c : cases) {
    SessionFixture f("chess");
    for (const char* san : c.actions) f.play(san, SensorProfile::Occupancy);
    ASSERT_EQ(f.session.game().actions().size(), c.actions.size());
    f.session.takeBack();
    std::vector<std::string> wanted = c.guidance, given = guidance(f.session);
    std::sort(wanted.begin(), wanted.end());
    std::sort(given.begin(), given.end());
    EXPECT_EQ(given, wanted) << c.actions.back() << " of " << (c.actions.size() % 2 ? "White" : "Black") << ": "
                             << f.lastText(K::Mismatch);
  }
}

// Found while mending the above (2026-11-29): after Take back, the King put back on e1 first with
// the Rook still on f1 is exactly the board after Rf1, which was recorded as played. Until the board
// has matched the game again, what it shows is the takeback being carried out, not a new action.
TEST(RefereeSession, ABoardHalfWayBackFromATakeBackIsNoNewAction) {
  for (const SensorProfile profile : {SensorProfile::Occupancy, SensorProfile::Camera}) {
    SessionFixture f("chess");
    for (const char* san : {"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O"}) f.play(san, profile);
    f.session.takeBack();
    // The King on e1 again, the Rook still on f1: the board after Rf1.
    const Observation halfWay = f.boardAfter("Rf1", profile);
    f.session.onObservation(halfWay);
    f.session.onObservation(halfWay);
    EXPECT_EQ(f.session.game().actions().size(), 6u) << "recorded " << f.lastText(K::Action);
    EXPECT_EQ(guidance(f.session), (std::vector<std::string>{"move the piece on f1 back to h1"})) << f.lastText(K::Mismatch);
    // Once the board is back, actions count again.
    f.session.onObservation(sensorView(f.session.game().position(), profile));
    f.play("Rf1", profile);
    EXPECT_EQ(f.session.game().actions().size(), 7u);
  }
}

// The same audit: once one of the two pieces had been lifted, or put down on a wrong square, the
// guidance lost track of which piece was which.
TEST(RefereeSession, APieceOfATakenBackCastlingPutDownWrongIsStillKnownForWhatItIs) {
  const auto castledAndTakenBack = [](SessionFixture& f) {
    for (const char* san : {"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O"}) f.play(san, SensorProfile::Occupancy);
    const Position castled = f.session.game().position();
    f.session.takeBack();
    return sensorView(castled, SensorProfile::Occupancy);
  };
  // The King is lifted from g1 and, after a while in the air, put down on e2.
  SessionFixture f("chess");
  Observation seen = castledAndTakenBack(f);
  setOccupant(seen, "g1", Occupant::Empty);
  f.session.onObservation(seen);
  EXPECT_EQ(guidance(f.session), (std::vector<std::string>{"move the piece on f1 back to h1", "put the White K on e1"}))
      << f.lastText(K::Mismatch);
  setOccupant(seen, "e2", Occupant::Occupied);
  f.session.onObservation(seen);
  EXPECT_EQ(guidance(f.session),
            (std::vector<std::string>{"move the piece on e2 back to e1", "move the piece on f1 back to h1"}))
      << f.lastText(K::Mismatch);
  // The Rook is lifted from f1 and put down on e2.
  SessionFixture g("chess");
  seen = castledAndTakenBack(g);
  setOccupant(seen, "f1", Occupant::Empty);
  g.session.onObservation(seen);
  setOccupant(seen, "e2", Occupant::Occupied);
  g.session.onObservation(seen);
  EXPECT_EQ(guidance(g.session),
            (std::vector<std::string>{"move the piece on g1 back to e1", "move the piece on e2 back to h1"}))
      << g.lastText(K::Mismatch);
}

// The same audit: a capture taken back on an occupancy board asked for a second light Pawn on e4 and
// left the capturer on d5, where the captured Pawn must come back.
TEST(RefereeSession, ACaptureTakenBackBringsTheCapturedPieceBack) {
  for (SensorProfile profile : {SensorProfile::Occupancy, SensorProfile::OccupancyAndSide, SensorProfile::Camera}) {
    SessionFixture f("chess");
    for (const char* san : {"e4", "d5", "exd5"}) f.play(san, profile);
    f.session.takeBack();
    EXPECT_EQ(guidance(f.session),
              (std::vector<std::string>{"move the piece on d5 back to e4", "put the Black P on d5"}))
        << sensorProfileName(profile) << ": " << f.lastText(K::Mismatch);
  }
}

// Found on the way: en passant taken back, the capturing Pawn was sent to the captured Pawn's square.
TEST(RefereeSession, AnEnPassantTakenBackSendsTheCapturerBackAndTheCapturedPawnToItsSquare) {
  SessionFixture f("chess");
  for (const char* san : {"e4", "a6", "e5", "d5", "exd6"}) f.play(san, SensorProfile::Occupancy);
  f.session.takeBack();
  EXPECT_EQ(guidance(f.session), (std::vector<std::string>{"move the piece on d6 back to e5", "put the Black P on d5"}))
      << f.lastText(K::Mismatch);
}

// Found on the way: a promotion taken back had the Queen moved back to the Pawn's square.
TEST(RefereeSession, APromotionTakenBackHasTheQueenTakenOffAndThePawnPutBack) {
  SessionOptions o;
  o.startPosition = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
  SessionFixture f("chess", o);
  f.play("a8=Q", SensorProfile::Occupancy);
  ASSERT_FALSE(f.session.pendingChoices().empty()) << "the sensor cannot tell which piece it became";
  f.session.confirm();
  ASSERT_EQ(f.session.game().actions().size(), 1u);
  f.session.takeBack();
  EXPECT_EQ(guidance(f.session), (std::vector<std::string>{"take the piece off a8", "put the White P on a7"}))
      << f.lastText(K::Mismatch);
}

// Found by the audit (2026-11-29): after a takeback, lifting the piece taken back was reported as
// lifted from the square it belongs on, not from the one the player lifted it from, and its moves
// from there were shown as if it were in play.
TEST(RefereeSession, APieceLiftedAfterATakebackIsNamedByTheSquareItLeftAndWhereItGoes) {
  SessionFixture f("chess");
  f.play("e4");
  Observation seen = sensorView(f.session.game().position(), SensorProfile::Camera);
  f.session.takeBack();
  setOccupant(seen, "e4", Occupant::Empty);
  f.session.onObservation(seen);
  EXPECT_EQ(f.lastText(K::Mismatch), "piece lifted from e4: put it on e2");
  EXPECT_FALSE(f.session.liftedFrom().has_value());
  EXPECT_EQ(f.session.differing().size(), 1u);
  // Put back on e2 and lifted again, it is a lifted piece in play, its moves shown.
  f.session.onObservation(sensorView(f.session.game().position(), SensorProfile::Camera));
  seen = sensorView(f.session.game().position(), SensorProfile::Camera);
  setOccupant(seen, "e2", Occupant::Empty);
  f.session.onObservation(seen);
  EXPECT_EQ(f.lastText(K::Mismatch), "piece lifted from e2");
  ASSERT_TRUE(f.session.liftedFrom().has_value());
  EXPECT_EQ(squareName(*f.session.liftedFrom()), "e2");

  // Castling taken back: the Rook put back on h1 first, then the King lifted from g1.
  SessionFixture g("chess");
  for (const char* san : {"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O"}) g.play(san, SensorProfile::Occupancy);
  seen = sensorView(g.session.game().position(), SensorProfile::Occupancy);
  g.session.takeBack();
  setOccupant(seen, "f1", Occupant::Empty);
  g.session.onObservation(seen);
  setOccupant(seen, "h1", Occupant::Occupied);
  g.session.onObservation(seen);
  setOccupant(seen, "g1", Occupant::Empty);
  g.session.onObservation(seen);
  EXPECT_EQ(g.lastText(K::Mismatch), "piece lifted from g1: put it on e1");

  // A capture taken back on an occupancy board: only e4 reads wrong, but nothing was lifted from it.
  SessionFixture h("chess");
  for (const char* san : {"e4", "d5", "exd5"}) h.play(san, SensorProfile::Occupancy);
  h.session.takeBack();
  EXPECT_EQ(h.lastText(K::Mismatch), "the board does not match (e4): move the piece on d5 back to e4; put the Black P on d5");
  EXPECT_FALSE(h.session.liftedFrom().has_value());
}

// Found by an audit (2026-11-29): the engine's en passant carried out in part (its Pawn moved, the
// Pawn it takes still on d4) was told "move the piece on d3 back to e4", undoing the engine's action
// instead of finishing it.
TEST(RefereeSession, TheEnginesActionCarriedOutInPartIsFinishedNotUndone) {
  for (const SensorProfile profile : {SensorProfile::Occupancy, SensorProfile::Camera}) {
    SessionOptions o;
    o.mode = PlayMode::Engine;
    o.engineMillis = 50;
    // Black's only action after d4 is exd3 e.p.: the King is hemmed in, the e-Pawn blocked.
    o.startPosition = "7k/8/6K1/8/4p3/4N3/B2P4/8 w - - 0 1";
    SessionFixture f("chess", o);
    f.play("d4", profile);
    ASSERT_TRUE(f.session.engineAction().has_value());
    Position pos = f.session.game().position();
    ASSERT_EQ(san(pos, *f.session.engineAction()), "exd3");
    f.session.showActionsFrom(makeSquare(4, 3));  // a player asks what the Pawn on e4 may do
    ASSERT_TRUE(f.session.actionsShownFrom().has_value()) << f.session.message();
    Observation seen = f.boardAfter("exd3", profile);
    setOccupant(seen, "d4", profile == SensorProfile::Camera ? Occupant::Light : Occupant::Occupied);
    f.session.onObservation(seen);
    f.session.onObservation(seen);
    EXPECT_EQ(f.lastText(K::Mismatch), "to finish the engine's 1... exd3: take the piece off d4");
    const int told = f.count(K::Mismatch);
    f.session.onObservation(seen);
    EXPECT_EQ(f.count(K::Mismatch), told) << "the same board read again is told once";
    EXPECT_FALSE(f.session.actionsShownFrom().has_value()) << "the board's news comes first";
    EXPECT_EQ(guidance(f.session), (std::vector<std::string>{"take the piece off d4"}));
    ASSERT_EQ(f.session.differing().size(), 1u) << "only the square still to change is marked to fix";
    EXPECT_EQ(squareName(f.session.differing().front()), "d4");
    f.session.onObservation(sensorView(f.session.game().position(), profile));  // the Pawn put back on e4
    EXPECT_FALSE(f.session.actionsShownFrom().has_value()) << "the tap before the board changed is forgotten";
    // Finished, it is played.
    const Observation finished = f.boardAfter("exd3", profile);
    f.session.onObservation(finished);
    f.session.onObservation(finished);
    EXPECT_EQ(f.session.game().actions().size(), 2u) << f.lastText(K::Mismatch);

    // The engine's piece only lifted is shown as lifted, its destinations with it, as before.
    SessionFixture g("chess", o);
    g.play("d4", profile);
    seen = sensorView(g.session.game().position(), profile);
    setOccupant(seen, "e4", Occupant::Empty);
    g.session.onObservation(seen);
    EXPECT_EQ(g.lastText(K::Mismatch), "piece lifted from e4");
    // Put down on d3 with the Pawn taken still on d4, it is no longer a lifted piece with its moves.
    seen = g.boardAfter("exd3", profile);
    setOccupant(seen, "d4", profile == SensorProfile::Camera ? Occupant::Light : Occupant::Occupied);
    g.session.onObservation(seen);
    g.session.onObservation(seen);
    EXPECT_EQ(g.lastText(K::Mismatch), "to finish the engine's 1... exd3: take the piece off d4");
    EXPECT_FALSE(g.session.liftedFrom().has_value());
    EXPECT_FALSE(g.session.actionsShownFrom().has_value());
  }
}

// Written from the mutation run of the session (2026-12-04): a board that shows the engine's action
// begun and something it does not touch changed besides is no action part way, but a board to put
// right.
TEST(RefereeSession, TheEnginesActionBegunWithAnotherSquareChangedIsABoardToPutRight) {
  SessionOptions o = againstTheEngine();
  o.startPosition = "7k/8/6K1/8/4p3/4N3/B2P4/8 w - - 0 1";  // as above: Black's only action is exd3 e.p.
  SessionFixture f("chess", o);
  f.play("d4");
  ASSERT_TRUE(f.session.engineAction().has_value());
  Observation seen = f.boardAfter("exd3");
  setOccupant(seen, "d4", Occupant::Light);  // the Pawn taken is still there
  setOccupant(seen, "a2", Occupant::Empty);  // and the Bishop has been lifted
  f.session.onObservation(seen);
  f.session.onObservation(seen);
  EXPECT_EQ(f.lastText(K::Mismatch).rfind("the board does not match (", 0), 0u) << f.lastText(K::Mismatch);
  EXPECT_EQ(f.session.differing().size(), 3u) << f.lastText(K::Mismatch);
  EXPECT_EQ(f.session.game().actions().size(), 1u);
}

// The same run: only a piece of the side to act missing from its square is a piece lifted to play;
// the opponent's piece gone, or a piece of the other colour in its place, is a board to put right.
TEST(RefereeSession, OnlyAMissingPieceOfTheSideToActIsALiftedPiece) {
  SessionFixture f("chess");
  Observation seen = sensorView(f.session.game().position(), SensorProfile::Camera);
  setOccupant(seen, "g8", Occupant::Empty);  // White to act, Black's Knight taken off
  f.session.onObservation(seen);
  EXPECT_FALSE(f.session.liftedFrom().has_value());
  EXPECT_TRUE(f.session.actionsShown().empty());
  EXPECT_EQ(f.lastText(K::Mismatch), "the board does not match (g8): put the Black N on g8");
  const int told = f.count(K::Mismatch);
  f.session.onObservation(seen);
  EXPECT_EQ(f.count(K::Mismatch), told) << "the same board read again is told once";

  SessionFixture g("chess");
  seen = sensorView(g.session.game().position(), SensorProfile::Camera);
  setOccupant(seen, "g1", Occupant::Dark);  // a Black piece where White's Knight stands
  g.session.onObservation(seen);
  EXPECT_FALSE(g.session.liftedFrom().has_value());
  EXPECT_EQ(g.lastText(K::Mismatch).rfind("the board does not match (g1)", 0), 0u) << g.lastText(K::Mismatch);
}

// The same run: once the board matches the game again, nothing of the mismatch stays on show: no
// steps to put it right, no lifted piece's moves, no engine's action said to be unexpected.
TEST(RefereeSession, ABoardPutRightShowsNothingOfTheMismatch) {
  SessionFixture f("chess");
  const Observation start = sensorView(f.session.game().position(), SensorProfile::Camera);
  Observation seen = start;
  setOccupant(seen, "d2", Occupant::Empty);
  setOccupant(seen, "e2", Occupant::Empty);
  f.session.onObservation(seen);
  ASSERT_EQ(guidance(f.session).size(), 2u);
  f.session.onObservation(start);
  EXPECT_EQ(f.lastText(K::Restored), "board matches the game again");
  EXPECT_TRUE(guidance(f.session).empty());
  EXPECT_TRUE(f.session.differing().empty());

  seen = start;
  setOccupant(seen, "g1", Occupant::Empty);
  f.session.onObservation(seen);
  ASSERT_TRUE(f.session.liftedFrom().has_value());
  f.session.onObservation(start);  // put back where it was
  EXPECT_FALSE(f.session.liftedFrom().has_value());
  EXPECT_TRUE(f.session.actionsShown().empty());

  SessionFixture e("chess", againstTheEngine());
  e.play("e4");
  ASSERT_TRUE(e.session.engineAction().has_value());
  const Observation before = sensorView(e.session.game().position(), SensorProfile::Camera);
  Position pos = e.session.game().position();
  const std::string other = san(pos, *e.session.engineAction()) == "a6" ? "h6" : "a6";
  e.play(other);
  ASSERT_TRUE(e.session.unexpectedAction().has_value()) << e.lastText(K::Unexpected);
  e.session.onObservation(before);  // the player takes it back off the board
  EXPECT_FALSE(e.session.unexpectedAction().has_value());
  EXPECT_TRUE(e.session.engineAction().has_value()) << "the engine's action still waits";
}

TEST(CorrectionText, AMoveThatFinishesAnActionGoesToItsSquareNotBack) {
  Correction rook;
  rook.kind = Correction::Kind::Move;
  rook.from = makeSquare(7, 0);
  rook.to = makeSquare(5, 0);
  const Variant& chess = builtinVariant("chess");
  EXPECT_EQ(correctionText(chess, rook), "move the piece on h1 back to f1");
  EXPECT_EQ(correctionText(chess, rook, CorrectionGoal::Finish), "move the piece on h1 to f1");
}

}  // namespace
}  // namespace tessera::session
