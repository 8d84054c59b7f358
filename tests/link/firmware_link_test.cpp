// The host's link driver against a simulated board over a pseudo-terminal.
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>

#include <chrono>
#include <filesystem>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

#include "hardware/link/firmware_link.hpp"
#include "simulated_board.hpp"

namespace {

using namespace tessera;
using namespace std::chrono_literals;
using link::LinkEventKind;
using tessera::testing::SimulatedBoard;

std::filesystem::path uniqueDevicePath() {
  return std::filesystem::temp_directory_path() / ("tessera-link-test-" + std::to_string(::getpid()) + "-" +
                                                   ::testing::UnitTest::GetInstance()->current_test_info()->name());
}

class LinkOverPty : public ::testing::Test {
 protected:
  LinkOverPty() : devicePath_(uniqueDevicePath()) {}

  void startLink() {
    link::LinkOptions options;
    options.devicePath = devicePath_.string();
    options.heartbeatInterval = 50ms;
    options.quietTimeout = 300ms;
    options.reconnectInterval = 50ms;
    link::LinkHandlers handlers;
    handlers.onObservation = [this](const Observation& o) { observations_.push_back(o); };
    handlers.onLedAck = [this](std::uint16_t id, bool shown) { acks_.emplace_back(id, shown); };
    handlers.onEvent = [this](const link::LinkEvent& e) { events_.push_back(e); };
    link_.emplace(io_, options, handlers);
    link_->start();
  }
  // Runs the driver until `done` holds; false after `limit`.
  bool runUntil(const std::function<bool()>& done, std::chrono::milliseconds limit = 3000ms) {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (!done()) {
      if (std::chrono::steady_clock::now() > end) return false;
      io_.restart();
      io_.run_for(5ms);
    }
    return true;
  }
  int eventsOf(LinkEventKind kind) const {
    int n = 0;
    for (const auto& e : events_) n += e.kind == kind;
    return n;
  }
  std::string eventLog() const {
    std::string log;
    for (const auto& e : events_) log += e.message + "\n";
    return log;
  }
  bool lastObservationShows(int file, int rank, Occupant occupant) const {
    return !observations_.empty() && observations_.back().at(file, rank).occupant == occupant;
  }

  std::filesystem::path devicePath_;
  boost::asio::io_context io_;
  std::optional<link::FirmwareLink> link_;
  std::vector<Observation> observations_;
  std::vector<std::pair<std::uint16_t, bool>> acks_;
  std::vector<link::LinkEvent> events_;
};

TEST_F(LinkOverPty, DeliversTheSettledBoardAsASnapshotAfterTheHandshake) {
  SimulatedBoard board(devicePath_, tessera::testing::quickBoardConfig());
  board.setOccupied(0, 0, true);  // a1
  board.setOccupied(7, 7, true);  // h8
  std::this_thread::sleep_for(20ms);  // let it settle before the host connects
  startLink();
  ASSERT_TRUE(runUntil([&] { return !observations_.empty(); })) << eventLog();
  const Observation& o = observations_.front();
  ASSERT_EQ(o.files, 8);
  ASSERT_EQ(o.ranks, 8);
  EXPECT_EQ(o.at(0, 0).occupant, Occupant::Occupied);
  EXPECT_EQ(o.at(7, 7).occupant, Occupant::Occupied);
  EXPECT_EQ(o.at(4, 3).occupant, Occupant::Empty);
  EXPECT_EQ(link_->state(), link::LinkState::Connected);
  EXPECT_EQ(board.framesReceived(wire::MessageType::RequestSnapshot), 1) << eventLog();
}

TEST_F(LinkOverPty, AMovedPieceArrivesAsANewObservation) {
  SimulatedBoard board(devicePath_, tessera::testing::quickBoardConfig());
  board.setOccupied(4, 1, true);  // e2
  std::this_thread::sleep_for(20ms);
  startLink();
  ASSERT_TRUE(runUntil([&] { return lastObservationShows(4, 1, Occupant::Occupied); })) << eventLog();
  board.setOccupied(4, 1, false);
  board.setOccupied(4, 3, true);  // e2-e4
  ASSERT_TRUE(runUntil([&] {
    return lastObservationShows(4, 1, Occupant::Empty) && lastObservationShows(4, 3, Occupant::Occupied);
  })) << eventLog();
  EXPECT_EQ(board.framesReceived(wire::MessageType::RequestSnapshot), 1) << "changes, not snapshots, carried the move\n" << eventLog();
}

TEST_F(LinkOverPty, LedFrameIsShownAndAcknowledged) {
  SimulatedBoard board(devicePath_, tessera::testing::quickBoardConfig());
  startLink();
  ASSERT_TRUE(runUntil([&] { return link_->state() == link::LinkState::Connected; })) << eventLog();
  std::vector<link::Rgb> colours(64);
  colours[9] = {200, 100, 50};  // b2
  const std::optional<std::uint16_t> id = link_->sendLedFrame(colours);
  ASSERT_TRUE(id.has_value());
  ASSERT_TRUE(runUntil([&] { return !acks_.empty(); })) << eventLog();
  EXPECT_EQ(acks_.front(), std::make_pair(*id, true));
  const auto shown = board.ledFramesShown();
  ASSERT_EQ(shown.size(), 1u);
  EXPECT_EQ(shown[0][27], 100);  // green first on the chain
  EXPECT_EQ(shown[0][28], 200);
  EXPECT_EQ(shown[0][29], 50);
}

TEST_F(LinkOverPty, LedFrameOfTheWrongSizeIsRefusedWithTheBoardSize) {
  SimulatedBoard board(devicePath_, tessera::testing::quickBoardConfig());
  startLink();
  ASSERT_TRUE(runUntil([&] { return link_->state() == link::LinkState::Connected; })) << eventLog();
  try {
    link_->sendLedFrame(std::vector<link::Rgb>(63));
    FAIL() << "accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()), "LED frame has 63 colours; the board has 8x8 = 64 cells");
  }
}

TEST_F(LinkOverPty, CablePulledAndPutBackRequestsAFullSnapshot) {
  SimulatedBoard board(devicePath_, tessera::testing::quickBoardConfig());
  board.setOccupied(0, 1, true);
  std::this_thread::sleep_for(20ms);
  startLink();
  ASSERT_TRUE(runUntil([&] { return lastObservationShows(0, 1, Occupant::Occupied); })) << eventLog();

  board.unplug();
  ASSERT_TRUE(runUntil([&] { return eventsOf(LinkEventKind::PortLost) == 1; })) << eventLog();
  EXPECT_EQ(link_->state(), link::LinkState::Closed);
  // Whether a read or a write noticed it first, the log says the same thing.
  for (const auto& e : events_)
    if (e.kind == LinkEventKind::PortLost) {
      EXPECT_EQ(e.message.rfind("lost " + devicePath_.string() + ": ", 0), 0u) << e.message;
      EXPECT_TRUE(e.message.ends_with("; reconnecting")) << e.message;
    }
  // While unplugged a piece is lifted: no change report can reach the host.
  board.setOccupied(0, 1, false);
  board.setOccupied(2, 2, true);
  const std::size_t before = observations_.size();
  board.plugIn();
  ASSERT_TRUE(runUntil([&] { return observations_.size() > before; })) << eventLog();
  EXPECT_EQ(observations_.back().at(0, 1).occupant, Occupant::Empty);
  EXPECT_EQ(observations_.back().at(2, 2).occupant, Occupant::Occupied);
  EXPECT_EQ(board.framesReceived(wire::MessageType::RequestSnapshot), 2);
  EXPECT_EQ(link_->reconnections(), 1);
  EXPECT_EQ(eventsOf(LinkEventKind::SessionOpened), 2);
}

TEST_F(LinkOverPty, AQuietLinkIsNoticedAndTheSessionComesBackWithASnapshot) {
  SimulatedBoard board(devicePath_, tessera::testing::quickBoardConfig());
  startLink();
  ASSERT_TRUE(runUntil([&] { return !observations_.empty(); })) << eventLog();
  board.setMuted(true);
  const auto mutedAt = std::chrono::steady_clock::now();
  const std::size_t before = observations_.size();
  ASSERT_TRUE(runUntil([&] { return eventsOf(LinkEventKind::LinkQuiet) == 1; })) << eventLog();
  const auto noticedAfter = std::chrono::steady_clock::now() - mutedAt;
  // Counted from the last frame heard, which came up to one heartbeat before the board hung.
  EXPECT_GE(noticedAfter, 300ms - 50ms);
  EXPECT_LT(noticedAfter, 300ms + 50ms + 150ms);
  EXPECT_NE(link_->state(), link::LinkState::Connected);
  EXPECT_FALSE(link_->sendLedFrame(std::vector<link::Rgb>(64)).has_value()) << "no LED frames into a dead link";

  board.setMuted(false);
  ASSERT_TRUE(runUntil([&] { return eventsOf(LinkEventKind::SessionOpened) == 2; })) << eventLog();
  ASSERT_TRUE(runUntil([&] { return observations_.size() > before; })) << eventLog();
  EXPECT_GE(board.framesReceived(wire::MessageType::RequestSnapshot), 2);
}

TEST_F(LinkOverPty, APortThatIsNotThereYetIsReportedAndWaitedFor) {
  startLink();
  ASSERT_TRUE(runUntil([&] { return eventsOf(LinkEventKind::PortUnavailable) == 1; }));
  EXPECT_NE(events_.front().message.find("cannot open " + devicePath_.string()), std::string::npos) << eventLog();
  SimulatedBoard board(devicePath_, tessera::testing::quickBoardConfig());
  ASSERT_TRUE(runUntil([&] { return !observations_.empty(); })) << eventLog();
  EXPECT_EQ(eventsOf(LinkEventKind::PortUnavailable), 1) << "reported once, not on every retry";
}

}  // namespace
