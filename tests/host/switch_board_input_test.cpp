// `tessera play --input gpio` without the Pi: the switch board and the buttons on a fake chip
// (tests/gpio/support), polled on the event loop as the program does. A Pawn lifted from e2 and
// set down on e4 becomes 1. e4 in the record; the hint and takeback buttons do what they say.
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>

#include "core/rules/move_text.hpp"
#include "core/rules/position_text.hpp"
#include "hardware/gpio/button_panel.hpp"
#include "hardware/gpio/switch_board_sensor.hpp"
#include "host/inputs/switch_board_input.hpp"
#include "support/fake_button_lines.hpp"
#include "support/fake_reed_matrix.hpp"

namespace tessera::session {
namespace {

using namespace std::chrono_literals;
using K = SessionEvent::Kind;

class SwitchBoardInputTest : public ::testing::Test {
 protected:
  SwitchBoardInputTest() {
    bus_.subscribe([this](const SessionEvent& e) { events_.push_back(e); });
    for (int file = 0; file < 8; ++file)
      for (int rank : {0, 1, 6, 7}) matrix_.setClosed(rank, file, true);
    session_.start();
    input_.start();
  }

  int count(K kind) const {
    int n = 0;
    for (const auto& e : events_) n += e.kind == kind;
    return n;
  }

  // Runs the loop (the chip's clock moving with it) until `done` holds or `steps` steps of 10 ms
  // pass.
  template <class Done>
  bool runUntil(Done done, int steps = 1000) {
    for (int i = 0; i < steps && !done(); ++i) {
      io_.restart();
      io_.run_for(10ms);
      clock_.advance(10ms);
    }
    return done();
  }

  boost::asio::io_context io_;
  EventBus bus_;
  std::vector<SessionEvent> events_;
  RefereeSession session_{builtinVariant("chess"), {}, bus_};
  gpio::ManualClock clock_;
  testing::FakeReedMatrix matrix_{8, 8, clock_};
  testing::FakeButtonLines lines_{{"hint", "takeback"}, clock_};
  gpio::SwitchBoardSensor sensor_{matrix_, clock_, gpio::SwitchSensorOptions{0ns, 2, {}, true}};
  gpio::ButtonPanel panel_{lines_, clock_, 20ms};
  inputs::SwitchBoardInput input_{io_, sensor_, panel_, 5ms, session_};
};

TEST_F(SwitchBoardInputTest, AMoveOnTheSwitchBoardAndTheButtonsReachTheRecord) {
  ASSERT_TRUE(runUntil([&] { return input_.boardsRead() >= 1; })) << "the settled start position is reported";
  EXPECT_EQ(count(K::Mismatch), 0) << "the start position matches the game";

  matrix_.setClosed(1, 4, false);  // e2 lifted
  matrix_.setClosed(3, 4, true);   // set down on e4
  ASSERT_TRUE(runUntil([&] { return session_.game().actions().size() == 1; }));
  Position start = startPosition(builtinVariant("chess"));
  EXPECT_EQ(san(start, session_.game().actions().front()), "e4");

  lines_.queueEdge(0, true, 0ms);  // hint
  lines_.queueEdge(0, false, 100ms);
  ASSERT_TRUE(runUntil([&] { return count(K::Hint) == 1; })) << "the hint button asks the engine";
  EXPECT_FALSE(session_.hintMoves().empty());

  lines_.queueEdge(1, true, 0ms);  // takeback
  lines_.queueEdge(1, false, 100ms);
  ASSERT_TRUE(runUntil([&] { return count(K::Takeback) == 1; })) << "the takeback button takes 1. e4 back";
  EXPECT_TRUE(session_.game().actions().empty());
  runUntil([&] { return false; }, 100);  // a second longer: the release is no second press
  EXPECT_EQ(count(K::Hint), 1);
  EXPECT_EQ(count(K::Takeback), 1);
}

}  // namespace
}  // namespace tessera::session
