// The clocks count each side's thinking time from the previous action to its own.
#include <gtest/gtest.h>

#include "core/variant.hpp"
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
  for (const char* bad : {"5+", "+3", "five", "0", "-5+3", "5+3s", "5+-1", "1000"}) {
    try {
      parseTimeControl(bad);
      ADD_FAILURE() << bad << " was accepted";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("MINUTES+SECONDS"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace tessera::session
