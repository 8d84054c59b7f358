// A game that is over at the table: an action read after it is refused with the way on, the clocks
// stop, and the engine's prompts are withdrawn.
// Written from the mutation run of host/session/referee_session.cpp (2026-12-04), whose survivors
// showed these left unpinned.
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "host/session/action_text.hpp"
#include "session_fixture.hpp"

namespace tessera::session {
namespace {

using K = SessionEvent::Kind;
using namespace std::chrono_literals;

// After a resignation the pieces still have legal moves: one played on the board is no action.
TEST(SessionGameOver, AnActionReadAfterAResignationIsRefusedWithTheWayOn) {
  SessionFixture f("chess");
  f.play("e4");
  f.session.resign();
  ASSERT_EQ(f.session.result().reason, "Black resigns");
  f.play("e5");
  EXPECT_EQ(recordSan(f.session.game()), std::vector<std::string>{"e4"});
  EXPECT_EQ(f.session.message(), "the game is over: take back to go on");
}

TEST(SessionGameOver, TheClocksStopWhenTheGameEnds) {
  SessionOptions o;
  o.timeControl = parseTimeControl("5+0");
  SessionFixture f("chess", o);
  f.play("e4");
  f.session.resign();
  const auto now = GameClock::Clock::now();
  for (const int side : {0, 1})
    EXPECT_EQ(f.session.clock().remaining(side, now + 30s), f.session.clock().remaining(side, now)) << "side " << side;
}

// Against the engine: the player played another action than the engine's, then resigned. Neither the
// engine's action nor the other is on show any more.
TEST(SessionGameOver, AResignationWithdrawsTheEnginesActionAndTheUnexpectedOne) {
  SessionOptions o = againstTheEngine();
  SessionFixture f("chess", o);
  f.play("e4");
  ASSERT_TRUE(f.session.engineAction().has_value());
  Position pos = f.session.game().position();
  f.play(san(pos, *f.session.engineAction()) == "a6" ? "h6" : "a6");
  ASSERT_TRUE(f.session.unexpectedAction().has_value());
  f.session.resign();
  ASSERT_TRUE(f.session.result().finished());
  EXPECT_FALSE(f.session.engineAction().has_value());
  EXPECT_FALSE(f.session.unexpectedAction().has_value());
}

}  // namespace
}  // namespace tessera::session
