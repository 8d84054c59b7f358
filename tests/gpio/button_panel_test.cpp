// Buttons from edge events: one press and one release per push however much the contact
// chatters, each reported once the line has been quiet for the debounce time.
#include <gtest/gtest.h>

#include "hardware/gpio/button_panel.hpp"
#include "support/fake_button_lines.hpp"

namespace {

using namespace tessera::gpio;
using namespace std::chrono_literals;
using tessera::testing::FakeButtonLines;

class ButtonPanelTest : public ::testing::Test {
 protected:
  ManualClock clock_;
  FakeButtonLines lines_{{"confirm", "takeback", "hint", "menu"}, clock_};
};

TEST_F(ButtonPanelTest, AChatteringPushGivesOnePressThenOneRelease) {
  ButtonPanel panel(lines_, clock_, 30ms);
  lines_.queueEdge(0, true, 5ms);
  lines_.queueEdge(0, false, 1ms);  // contact bounce
  lines_.queueEdge(0, true, 2ms);
  lines_.queueEdge(0, false, 200ms);  // let go, bouncing too
  lines_.queueEdge(0, true, 1ms);
  lines_.queueEdge(0, false, 1ms);

  auto presses = panel.wait(1s);
  ASSERT_EQ(presses.size(), 1u);
  EXPECT_EQ(presses[0].button, "confirm");
  EXPECT_EQ(presses[0].action, ButtonAction::Pressed);
  EXPECT_EQ(presses[0].when, 8ms) << "the time of the last bounce";
  EXPECT_EQ(clock_.now(), 38ms) << "reported once quiet for 30 ms";

  presses = panel.wait(1s);
  ASSERT_EQ(presses.size(), 1u);
  EXPECT_EQ(presses[0].action, ButtonAction::Released);
  EXPECT_EQ(clock_.now(), 210ms + 30ms);
  EXPECT_TRUE(panel.wait(100ms).empty());
}

TEST_F(ButtonPanelTest, AGlitchThatReturnsToRestWithinTheDebounceTimeIsNothing) {
  ButtonPanel panel(lines_, clock_, 30ms);
  lines_.queueEdge(2, true, 10ms);
  lines_.queueEdge(2, false, 3ms);
  EXPECT_TRUE(panel.wait(500ms).empty());
  EXPECT_EQ(clock_.now(), 500ms);
}

TEST_F(ButtonPanelTest, AButtonHeldAtStartIsNotAPressButItsReleaseIsReported) {
  lines_.holdAtStart(3);
  ButtonPanel panel(lines_, clock_, 20ms);
  EXPECT_TRUE(panel.wait(100ms).empty());
  lines_.queueEdge(3, false, 10ms);
  const auto presses = panel.wait(100ms);
  ASSERT_EQ(presses.size(), 1u);
  EXPECT_EQ(presses[0].button, "menu");
  EXPECT_EQ(presses[0].action, ButtonAction::Released);
}

TEST_F(ButtonPanelTest, TwoButtonsPushedTogetherAreBothReportedInTheOrderTheySettled) {
  ButtonPanel panel(lines_, clock_, 30ms);
  lines_.queueEdge(1, true, 10ms);  // takeback at 10 ms
  lines_.queueEdge(2, true, 5ms);   // hint at 15 ms
  auto presses = panel.wait(1s);
  if (presses.size() == 1) {  // they settle 5 ms apart: a second wait collects the other
    const auto more = panel.wait(1s);
    presses.insert(presses.end(), more.begin(), more.end());
  }
  ASSERT_EQ(presses.size(), 2u);
  EXPECT_EQ(presses[0].button, "takeback");
  EXPECT_EQ(presses[1].button, "hint");
}

TEST_F(ButtonPanelTest, WaitingWithNothingHappeningReturnsEmptyAfterTheTimeout) {
  ButtonPanel panel(lines_, clock_, 30ms);
  EXPECT_TRUE(panel.wait(250ms).empty());
  EXPECT_EQ(clock_.now(), 250ms);
}

TEST_F(ButtonPanelTest, PollingWithoutWaitingFromAnEventLoopStillReportsThePush) {
  // `tessera play --input gpio` asks every scan interval with a zero timeout.
  ButtonPanel panel(lines_, clock_, 30ms);
  lines_.queueEdge(2, true, 0ms);  // hint, pushed now
  std::vector<ButtonPress> seen;
  for (int scan = 0; scan < 10 && seen.empty(); ++scan) {
    seen = panel.wait(0ns);
    clock_.advance(10ms);
  }
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(seen[0].button, "hint");
  EXPECT_EQ(seen[0].action, ButtonAction::Pressed);
}

}  // namespace
