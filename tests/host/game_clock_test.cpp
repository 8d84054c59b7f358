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

}  // namespace
}  // namespace tessera::session
