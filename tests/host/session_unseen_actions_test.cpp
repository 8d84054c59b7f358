// The session at the table when the board was not seen between actions (docs/referee.md, "Gaps"):
// two quick actions read as one still board are played once that board is read twice; a camera's
// reading against the board it last confirmed is tried afresh when it explains nothing; the session
// says when the board shows its game, which the camera then reads changes against.
#include <gtest/gtest.h>

#include "core/record/pgn.hpp"
#include "core/referee/sensor_view.hpp"
#include "core/rules/move_text.hpp"
#include "host/session/action_text.hpp"
#include "record_moves.hpp"
#include "session_fixture.hpp"

namespace tessera::session {
namespace {

using K = SessionEvent::Kind;

// The board after the actions `sans` (SAN) are played from the session's position, as a camera sees it.
Observation boardAfterAll(const SessionFixture& f, const std::vector<std::string>& sans) {
  Position pos = f.session.game().position();
  for (const std::string& s : sans) pos.make(parseMove(pos, s));
  return sensorView(pos, SensorProfile::Camera);
}

TEST(SessionUnseenActions, TwoActionsReadAsOneBoardArePlayedOnceReadTwice) {
  SessionFixture f("chess");
  f.play("e4");
  const Observation seen = boardAfterAll(f, {"e5", "Nf3"});
  f.session.onObservation(seen);
  // Read once, a misread could fake the pair: nothing is played yet.
  EXPECT_EQ(recordSan(f.session.game()), (std::vector<std::string>{"e4"}));
  EXPECT_FALSE(f.session.boardShowsGame());
  f.session.onObservation(seen);
  EXPECT_EQ(recordSan(f.session.game()), (std::vector<std::string>{"e4", "e5", "Nf3"}));
  EXPECT_EQ(f.lastText(K::Action), "2 actions made while the board was not seen: 1... e5 2. Nf3");
  EXPECT_TRUE(f.session.boardShowsGame());
  EXPECT_EQ(movesOfRecord(f.session.pgn()), "1. e4 e5 2. Nf3 *");
}

TEST(SessionUnseenActions, AGapEndingInAPromotionPlaysWhatIsSureAndAsksForThePiece) {
  // White's pawn on b7 takes on a8 or goes to b8 after Black's King steps: the promotion piece is
  // one the camera cannot tell, so the King's step is played and the piece asked for.
  SessionOptions o;
  o.startPosition = "4k3/1P6/8/8/8/8/8/4K3 b - - 0 1";
  SessionFixture f("chess", o);
  const Observation seen = boardAfterAll(f, {"Kd7", "b8=Q"});
  f.session.onObservation(seen);
  f.session.onObservation(seen);
  ASSERT_GE(f.session.game().actions().size(), 1u);
  EXPECT_EQ(recordSan(f.session.game()).front(), "Kd7");
  EXPECT_EQ(f.session.game().actions().size(), 1u) << "the piece is the players' to say";
  EXPECT_NE(f.lastText(K::Choose).find("b8=Q"), std::string::npos) << f.lastText(K::Choose);
}

TEST(SessionUnseenActions, AReadingAfreshIsJudgedWhenTheChangesExplainNothing) {
  SessionFixture f("chess");
  f.play("e4");
  // The camera, reading against the board it confirmed, missed that the e-pawn moved (a change it
  // took for light): its reading explains nothing; the same board read afresh shows e5.
  Observation missed = boardAfterAll(f, {"e5"});
  missed.at(4, 6).occupant = Occupant::Dark;  // e7 still read as occupied
  const Observation afresh = boardAfterAll(f, {"e5"});
  f.session.onObservation(missed, &afresh);
  f.session.onObservation(missed, &afresh);
  EXPECT_EQ(recordSan(f.session.game()), (std::vector<std::string>{"e4", "e5"}));
  EXPECT_TRUE(f.session.boardShowsGame());
  // Without the reading afresh, the same board is a board to put right.
  SessionFixture alone("chess");
  alone.play("e4");
  alone.session.onObservation(missed);
  alone.session.onObservation(missed);
  EXPECT_EQ(recordSan(alone.session.game()), (std::vector<std::string>{"e4"}));
  EXPECT_FALSE(alone.session.boardShowsGame());
  EXPECT_GE(alone.count(K::Mismatch), 1);
}

TEST(SessionUnseenActions, TwoActionsSeenOnlyAfreshArePlayedOnceTheFreshReadingCameTwice) {
  SessionFixture f("chess");
  f.play("e4");
  Observation missed = boardAfterAll(f, {"e5", "Nf3"});
  missed.at(4, 6).occupant = Occupant::Dark;  // e7 kept as the camera last confirmed it
  const Observation afresh = boardAfterAll(f, {"e5", "Nf3"});
  f.session.onObservation(missed, &afresh);
  EXPECT_EQ(recordSan(f.session.game()), (std::vector<std::string>{"e4"})) << "a gap read once is not played";
  f.session.onObservation(missed, &afresh);
  EXPECT_EQ(recordSan(f.session.game()), (std::vector<std::string>{"e4", "e5", "Nf3"}));
  EXPECT_TRUE(f.session.boardShowsGame());
}

TEST(SessionUnseenActions, ABoardStillDifferingIsNotShownAsTheGames) {
  SessionFixture f("chess");
  f.play("e4");
  EXPECT_TRUE(f.session.boardShowsGame());
  Observation lifted = sensorView(f.session.game().position(), SensorProfile::Camera);
  lifted.at(6, 7).occupant = Occupant::Empty;  // g8's Knight in the air
  f.session.onObservation(lifted);
  EXPECT_FALSE(f.session.boardShowsGame());
}

}  // namespace
}  // namespace tessera::session
