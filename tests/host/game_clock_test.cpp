// The clocks count each side's thinking time from the previous action to its own.
#include <gtest/gtest.h>

#include "core/rules/variant.hpp"
#include "host/session/game_clock.hpp"

namespace tessera::session {
namespace {

using namespace std::chrono_literals;

TEST(GameClock, CountsEachSidesThinkingTime) {
  GameClock clock(2);
  const auto t0 = GameClock::Clock::time_point{} + 1000s;
  clock.turnTo(0, t0);
  clock.turnTo(1, t0 + 62s);  // White thought 1:02
  EXPECT_EQ(clock.used(0, t0 + 100s), 62s);
  EXPECT_EQ(clock.used(1, t0 + 100s), 38s);  // Black is thinking
  clock.turnTo(0, t0 + 107s);
  clock.stop(t0 + 110s);
  EXPECT_EQ(clock.text(builtinVariant("chess"), t0 + 500s), "White 1:05  Black 0:45");
}

TEST(GameClock, ShowsFourSides) {
  GameClock clock(4);
  const std::string text = clock.text(builtinVariant("chameleon-redux-4p"), {});
  EXPECT_EQ(std::count(text.begin(), text.end(), ':'), 4) << text;
  EXPECT_NE(text.find("South 0:00"), std::string::npos) << text;
}

TEST(GameClock, CountsDownWithATimeControlAndCreditsTheIncrement) {
  GameClock clock(2, parseTimeControl("5+3"));
  const auto t0 = GameClock::Clock::time_point{} + 1000s;
  clock.turnTo(0, t0);
  EXPECT_EQ(clock.finishTurn(t0 + 20s), 20s);  // White thought 20 s and gets 3 back
  clock.turnTo(1, t0 + 20s);
  EXPECT_EQ(clock.remaining(0, t0 + 30s), 283s);
  EXPECT_EQ(clock.remaining(1, t0 + 30s), 290s);
  EXPECT_EQ(clock.text(builtinVariant("chess"), t0 + 30s), "White 4:43  Black 4:50");
  EXPECT_FALSE(clock.flagFallen(t0 + 319s).has_value());
  EXPECT_EQ(clock.flagFallen(t0 + 320s), 1) << "Black, to act, has used its five minutes";
  EXPECT_EQ(clock.text(builtinVariant("chess"), t0 + 400s), "White 4:43  Black 0:00");
}

TEST(GameClock, ComesBackFromJournaledThinkingTimes) {
  GameClock clock(2, parseTimeControl("1+0"));
  clock.addTurn(0, 15s);
  clock.addTurn(1, 50s);
  clock.addTurn(0, 5s);
  EXPECT_EQ(clock.text(builtinVariant("chess"), {}), "White 0:40  Black 0:10");
  GameClock counting(2);
  counting.addTurn(1, 75s);
  EXPECT_EQ(counting.text(builtinVariant("chess"), {}), "White 0:00  Black 1:15");
}

TEST(GameClock, ReadsTimeControlsAndRefusesNonsense) {
  EXPECT_FALSE(parseTimeControl("none").counting());
  EXPECT_EQ(parseTimeControl("90+30").base, 90min);
  EXPECT_EQ(parseTimeControl("90+30").increment, 30s);
  EXPECT_EQ(parseTimeControl("0.5").base, 30s);
  EXPECT_EQ(parseTimeControl("5+0").increment, 0s);
  EXPECT_EQ(parseTimeControl("600+600").base, 600min) << "the longest control there is";
  EXPECT_EQ(parseTimeControl("600+600").increment, 600s);
  for (const char* bad : {"5+", "+3", "five", "0", "-5+3", "5+3s", "5+-1", "1000", "5++3", "5+ 3", " 5+3", "5+-0",
                          "0x5", "1e1", "600.5", "5+600.5"}) {
    try {
      parseTimeControl(bad);
      ADD_FAILURE() << bad << " was accepted";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("MINUTES+SECONDS"), std::string::npos) << e.what();
    }
  }
}

TEST(GameClock, WritesTheTimeControlAsItIsRead) {
  for (const char* text : {"5+3", "0.5+0", "90+30", "600+600", "none"})
    EXPECT_EQ(timeControlText(parseTimeControl(text)), text);
}

TEST(GameClock, AnActionEndsTheTurnAndItsClockStops) {
  GameClock clock(2);
  const auto t0 = GameClock::Clock::time_point{} + 1000s;
  EXPECT_EQ(clock.finishTurn(t0), 0s) << "no clock runs before the first turn";
  EXPECT_EQ(clock.used(0, t0), 0s);
  clock.turnTo(0, t0);
  EXPECT_EQ(clock.finishTurn(t0 + 20s), 20s);
  EXPECT_EQ(clock.running(), -1);
  EXPECT_EQ(clock.used(0, t0 + 100s), 20s) << "White's clock stopped with its action";
}

// The engine's action is chosen and the clock handed to the player who carries it out: its thinking
// is the engine's, and the next action's is the next side's own.
TEST(GameClock, AHandedOverTurnIsCreditedOnce) {
  GameClock clock(2, parseTimeControl("5+3"));
  const auto t0 = GameClock::Clock::time_point{} + 1000s;
  EXPECT_EQ(clock.handOver(t0, 1), 0s) << "nothing to hand over before the first turn";
  EXPECT_EQ(clock.running(), -1);
  clock.turnTo(0, t0);
  EXPECT_EQ(clock.handOver(t0 + 10s, 1), 10s);
  EXPECT_EQ(clock.running(), 1);
  EXPECT_EQ(clock.finishTurn(t0 + 30s), 10s) << "White's action is on the board";
  EXPECT_EQ(clock.running(), 1);
  EXPECT_EQ(clock.finishTurn(t0 + 50s), 40s) << "Black thought from the hand-over to its own action";
  EXPECT_EQ(clock.remaining(0, t0 + 60s), 300s - 10s + 3s);
  EXPECT_EQ(clock.remaining(1, t0 + 60s), 300s - 40s + 3s);
}

TEST(GameClock, AHandedOverTurnIsDroppedByAnotherTurnOrAStop) {
  const auto t0 = GameClock::Clock::time_point{} + 1000s;
  GameClock turned(2);
  turned.turnTo(0, t0);
  turned.handOver(t0 + 10s, 1);
  turned.turnTo(1, t0 + 20s);  // the action was taken back, say
  EXPECT_EQ(turned.finishTurn(t0 + 50s), 30s);
  GameClock stopped(2);
  stopped.turnTo(0, t0);
  stopped.handOver(t0 + 10s, 1);
  stopped.stop(t0 + 15s);
  stopped.turnTo(1, t0 + 20s);
  EXPECT_EQ(stopped.finishTurn(t0 + 50s), 30s);
}

// A resignation or a draw agreed and then withdrawn: the side's turn goes on as if never stopped.
TEST(GameClock, AWithdrawnResignationTakesUpTheTurnAgain) {
  GameClock clock(2);
  const auto t0 = GameClock::Clock::time_point{} + 1000s;
  clock.turnTo(0, t0);
  clock.stop(t0 + 20s);
  clock.turnTo(0, t0 + 30s);
  clock.takeUpStoppedTurn();
  EXPECT_EQ(clock.turnSoFar(t0 + 40s), 30s);
  EXPECT_EQ(clock.used(0, t0 + 40s), 30s);
  clock.takeUpStoppedTurn();
  EXPECT_EQ(clock.turnSoFar(t0 + 40s), 30s) << "taken up once only";
  EXPECT_EQ(clock.used(0, t0 + 40s), 30s);
}

TEST(GameClock, OnlyATurnThatEndedWithoutAnActionIsTakenUp) {
  const auto t0 = GameClock::Clock::time_point{} + 1000s;
  GameClock acted(2);
  acted.turnTo(0, t0);
  acted.finishTurn(t0 + 20s);
  acted.turnTo(0, t0 + 30s);  // the action taken back
  acted.takeUpStoppedTurn();
  EXPECT_EQ(acted.turnSoFar(t0 + 40s), 10s);
  GameClock otherSide(2);
  otherSide.turnTo(0, t0);
  otherSide.stop(t0 + 20s);
  otherSide.turnTo(1, t0 + 30s);
  otherSide.takeUpStoppedTurn();
  EXPECT_EQ(otherSide.turnSoFar(t0 + 40s), 10s) << "White's stopped turn is not Black's";
  EXPECT_EQ(otherSide.used(0, t0 + 40s), 20s);
  EXPECT_EQ(otherSide.used(1, t0 + 40s), 10s);
}

TEST(GameClock, ATurnJournaledBeforeARestartGoesOn) {
  GameClock clock(2);
  const auto t0 = GameClock::Clock::time_point{} + 1000s;
  clock.extendTurn(5s);
  EXPECT_EQ(clock.turnSoFar(t0), 0s) << "no clock runs";
  clock.turnTo(0, t0);
  clock.extendTurn(5s);
  EXPECT_EQ(clock.turnSoFar(t0 + 10s), 15s);
  EXPECT_EQ(clock.used(0, t0 + 10s), 15s);
}

}  // namespace
}  // namespace tessera::session
