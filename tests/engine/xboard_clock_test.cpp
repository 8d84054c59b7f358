// The engine's time in an XBoard game: what `level`, `st`, `sd`, `time` and `new` make of the next
// search's limits. Checked on the limits themselves, so no timing is involved.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "core/engine/search.hpp"
#include "core/protocol/xboard_clock.hpp"

using namespace tessera;

namespace {

std::string refusal(void (XboardClock::*set)(const std::string&), const std::string& value) {
  XboardClock clock;
  try {
    (clock.*set)(value);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(XboardClock, WithNothingSetTheEngineThinksASecond) {
  const SearchLimits limits = XboardClock().limitsForAction(0);
  EXPECT_EQ(limits.millis, kXboardDefaultThinkMillis);
  EXPECT_EQ(limits.depth, SearchLimits().depth);
}

TEST(XboardClock, ADepthAloneSearchesToItWithoutATimeLimit) {
  XboardClock clock;
  clock.setDepth("5");
  EXPECT_EQ(clock.limitsForAction(0).depth, 5);
  EXPECT_EQ(clock.limitsForAction(0).millis, 0);
  clock.setDepth("0");
  EXPECT_EQ(clock.depth(), 1);
  clock.setDepth("500");
  EXPECT_EQ(clock.depth(), kMaxSearchDepth);
  // With a time control as well, both limit the search.
  clock.setDepth("7");
  clock.setLevel("40", "5", "0");
  EXPECT_EQ(clock.limitsForAction(0).depth, 7);
  EXPECT_EQ(clock.limitsForAction(0).millis, 300'000 / 40);
}

// level MPS BASE INC: the base shared over the actions left before the next control, plus half the
// increment.
TEST(XboardClock, ALevelSharesItsBaseOverTheActionsToTheNextControl) {
  XboardClock clock;
  clock.setLevel("40", "5", "0");
  EXPECT_EQ(clock.limitsForAction(0).millis, 300'000 / 40);
  EXPECT_EQ(clock.limitsForAction(1).millis, 300'000 / 40);  // Black's first action
  EXPECT_EQ(clock.limitsForAction(20).millis, 300'000 / 30);  // ten of its own done: thirty to go
  EXPECT_EQ(clock.limitsForAction(80).millis, 300'000 / 40);  // a new control after forty
  clock.setLevel("40", "5", "10");
  EXPECT_EQ(clock.limitsForAction(0).millis, 300'000 / 40 + 5'000);
}

TEST(XboardClock, ALevelOfZeroActionsIsForTheWholeGame) {
  XboardClock clock;
  clock.setLevel("0", "2", "12");
  EXPECT_EQ(clock.limitsForAction(0).millis, 120'000 / 30 + 6'000);
  EXPECT_EQ(clock.limitsForAction(100).millis, 120'000 / 30 + 6'000);
}

TEST(XboardClock, TheBaseIsMinutesOrMinutesAndSeconds) {
  struct Level {
    const char *mps, *base;
    int millis;
  };
  for (const auto& [mps, base, millis] : {Level{"40", "0:30", 30'000 / 40}, Level{"40", "1:30", 90'000 / 40},
                                          Level{"40", "1.5", 90'000 / 40},
                                          // At most ten hours, however written, and a thousand actions.
                                          Level{"1000", "100000", 36'000'000 / 1000},
                                          Level{"1000", "0:100000000", 36'000'000 / 1000},
                                          Level{"5000", "100", 6'000'000 / 1000}}) {
    XboardClock clock;
    clock.setLevel(mps, base, "0");
    EXPECT_EQ(clock.limitsForAction(0).millis, millis) << "level " << mps << " " << base << " 0";
  }
}

TEST(XboardClock, TheEnginesClockFromTimeComesBeforeTheBase) {
  XboardClock clock;
  clock.setLevel("40", "5", "0");
  clock.setEngineClock("6000");  // a minute left
  EXPECT_EQ(clock.limitsForAction(0).millis, 60'000 / 40);
  // A clock that has run out (below zero) still gets an action, at once.
  clock.setEngineClock("-50");
  EXPECT_EQ(clock.limitsForAction(0).millis, 1);
  // Without a level, its share is of the default thirty actions.
  XboardClock noLevel;
  noLevel.setEngineClock("3000");
  EXPECT_EQ(noLevel.limitsForAction(0).millis, 30'000 / 30);
}

TEST(XboardClock, TimePerActionComesFirstUntilALevelIsSet) {
  XboardClock clock;
  clock.setEngineClock("6000");
  clock.setSecondsPerAction("2.5");
  EXPECT_EQ(clock.limitsForAction(0).millis, 2'500);
  clock.setSecondsPerAction("0.0001");
  EXPECT_EQ(clock.limitsForAction(0).millis, 1);
  clock.setSecondsPerAction("100000");
  EXPECT_EQ(clock.limitsForAction(0).millis, kMaxSearchMillis);
  clock.setLevel("40", "5", "0");
  EXPECT_EQ(clock.limitsForAction(0).millis, 60'000 / 40);
}

TEST(XboardClock, ANewGameForgetsTheDepthAndTheClockButKeepsTheLevel) {
  XboardClock clock;
  clock.setLevel("40", "5", "0");
  clock.setDepth("3");
  clock.setEngineClock("6000");
  clock.newGame();
  EXPECT_EQ(clock.depth(), 0);
  EXPECT_EQ(clock.limitsForAction(0).depth, SearchLimits().depth);
  EXPECT_EQ(clock.limitsForAction(0).millis, 300'000 / 40);
}

TEST(XboardClock, AHintIsASecondsSearchNoDeeperThanSd) {
  XboardClock clock;
  clock.setLevel("40", "5", "0");
  clock.setEngineClock("100");
  EXPECT_EQ(clock.limitsForHint().millis, kXboardDefaultThinkMillis);
  EXPECT_EQ(clock.limitsForHint().depth, SearchLimits().depth);
  clock.setDepth("4");
  EXPECT_EQ(clock.limitsForHint().depth, 4);
}

TEST(XboardClock, WrongNumbersAreNamedAndChangeNothing) {
  EXPECT_EQ(refusal(&XboardClock::setDepth, "many"), "'sd' must be a number, got 'many'");
  EXPECT_EQ(refusal(&XboardClock::setDepth, "-2"), "'sd' must be at least 0, got '-2'");
  EXPECT_EQ(refusal(&XboardClock::setSecondsPerAction, "5s"), "'st' must be a number, got '5s'");
  EXPECT_EQ(refusal(&XboardClock::setEngineClock, "soon"), "'time' must be a number, got 'soon'");
  XboardClock clock;
  clock.setLevel("40", "5", "0");
  struct Level {
    const char *mps, *base, *increment, *message;
  };
  for (const auto& [mps, base, increment, message] :
       {Level{"x", "5", "0", "the actions per control must be a number, got 'x'"},
        Level{"40", "x", "0", "the base time must be a number, got 'x'"},
        Level{"40", "1:x", "0", "the base time's seconds must be a number, got 'x'"},
        Level{"40", "-1:30", "0", "the base time's minutes must be at least 0, got '-1'"},
        Level{"40", "2", "-1", "the increment must be at least 0, got '-1'"}}) {
    try {
      clock.setLevel(mps, base, increment);
      ADD_FAILURE() << "level " << mps << " " << base << " " << increment << " was taken";
    } catch (const std::invalid_argument& e) {
      EXPECT_EQ(std::string(e.what()), message);
    }
    EXPECT_EQ(clock.limitsForAction(0).millis, 300'000 / 40) << "level " << mps << " " << base << " " << increment;
  }
}

}  // namespace
