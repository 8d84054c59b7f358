// The real firmware image in QEMU (netduinoplus2) with the host's link driver on its serial port:
// sensor states injected through the test port come back as settled snapshots, LED frames come
// back acknowledged and reach the (simulated) LED chain. Skips, saying why, when qemu-system-arm or
// the image (scripts/build-firmware.sh) is missing.
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "hardware/link/firmware_link.hpp"
#include "support/qemu_board.hpp"

namespace {

using namespace tessera;
using namespace std::chrono_literals;
using tessera::testing::QemuBoard;
using tessera::testing::SensorRows;

std::vector<int> occupiedCells(const Observation& o) {
  std::vector<int> cells;
  for (int i = 0; i < static_cast<int>(o.cells.size()); ++i) {
    if (o.cells[static_cast<std::size_t>(i)].occupant == Occupant::Occupied) cells.push_back(i);
  }
  return cells;
}

std::vector<int> occupiedCells(const SensorRows& rows, int files, int ranks) {
  std::vector<int> cells;
  for (int rank = 0; rank < ranks; ++rank) {
    for (int file = 0; file < files; ++file) {
      if ((rows[static_cast<std::size_t>(rank)] >> file) & 1) cells.push_back(rank * files + file);
    }
  }
  return cells;
}

class FirmwareInQemu : public ::testing::Test {
 protected:
  void SetUp() override {
    if (auto reason = QemuBoard::unavailableReason(TESSERA_QEMU_IMAGE)) GTEST_SKIP() << *reason;
    board_.emplace(TESSERA_QEMU_IMAGE);
    board_->waitUntilReady();
    link::LinkOptions options;
    options.devicePath = board_->protocolDevice();
    options.heartbeatInterval = 100ms;
    options.quietTimeout = 1000ms;
    link::LinkHandlers handlers;
    handlers.onObservation = [this](const Observation& o) { observations_.push_back(o); };
    handlers.onLedAck = [this](std::uint16_t id, bool shown) { acks_.emplace_back(id, shown); };
    handlers.onEvent = [this](const link::LinkEvent& e) { log_ += e.message + "\n"; };
    link_.emplace(io_, options, handlers);
    link_->start();
    ASSERT_TRUE(runUntil([&] { return !observations_.empty(); })) << "no snapshot from the firmware; link said:\n" << log_;
  }

  bool runUntil(const std::function<bool()>& done, std::chrono::milliseconds limit = 5000ms) {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (!done()) {
      if (std::chrono::steady_clock::now() > end) return false;
      io_.restart();
      io_.run_for(2ms);
    }
    return true;
  }

  std::optional<QemuBoard> board_;
  boost::asio::io_context io_;
  std::optional<link::FirmwareLink> link_;
  std::vector<Observation> observations_;
  std::vector<std::pair<std::uint16_t, bool>> acks_;
  std::string log_;
};

TEST_F(FirmwareInQemu, HostReceivesTheSettledSnapshotOfEachInjectedSensorState) {
  ASSERT_TRUE(link_->geometry().has_value());
  EXPECT_EQ(link_->geometry()->files, 8);
  EXPECT_EQ(link_->geometry()->ranks, 8);
  EXPECT_TRUE(occupiedCells(observations_.back()).empty()) << "the board starts empty";

  SensorRows start{0xFF, 0xFF, 0, 0, 0, 0, 0xFF, 0xFF};
  board_->sendSensors(start);
  ASSERT_TRUE(runUntil([&] { return occupiedCells(observations_.back()) == occupiedCells(start, 8, 8); })) << log_;
  EXPECT_EQ(occupiedCells(observations_.back()).size(), 32u);

  SensorRows afterE4 = start;
  afterE4[1] = 0xEF;  // e2 empty
  afterE4[3] = 0x10;  // e4 occupied
  board_->sendSensors(afterE4);
  ASSERT_TRUE(runUntil([&] { return occupiedCells(observations_.back()) == occupiedCells(afterE4, 8, 8); })) << log_;
  EXPECT_EQ(observations_.back().at(4, 1).occupant, Occupant::Empty);
  EXPECT_EQ(observations_.back().at(4, 3).occupant, Occupant::Occupied);

  SensorRows offBoard = afterE4;
  offBoard[9] = 0xFFF;     // sensor lines beyond the 8x8 board are not part of it
  offBoard[0] |= 0x0F00;
  board_->sendSensors(offBoard);
  SensorRows captured = afterE4;
  captured[7] = 0x7F;      // ...while h8 is lifted at the same time
  offBoard[7] = 0x7F;
  board_->sendSensors(offBoard);
  ASSERT_TRUE(runUntil([&] { return occupiedCells(observations_.back()) == occupiedCells(captured, 8, 8); })) << log_;
  EXPECT_EQ(link_->drops().total(), 0u);
}

TEST_F(FirmwareInQemu, LedFramesComeBackAcknowledgedAndReachTheChain) {
  std::vector<std::uint16_t> sent;
  std::vector<link::Rgb> colours(64);
  for (int frame = 0; frame < 3; ++frame) {
    colours[static_cast<std::size_t>(frame)] = {0x11, 0x22, static_cast<std::uint8_t>(0x30 + frame)};
    const auto id = link_->sendLedFrame(colours);
    ASSERT_TRUE(id.has_value());
    sent.push_back(*id);
  }
  ASSERT_TRUE(runUntil([&] { return acks_.size() == 3; })) << log_;
  for (int i = 0; i < 3; ++i) EXPECT_EQ(acks_[static_cast<std::size_t>(i)], std::make_pair(sent[static_cast<std::size_t>(i)], true));

  std::vector<std::string> shown;
  while (auto line = board_->nextLine(200ms)) {
    if (line->rfind("LED ", 0) == 0) shown.push_back(line->substr(4));
  }
  ASSERT_EQ(shown.size(), 3u);
  ASSERT_EQ(shown.back().size(), 64u * 3 * 2);
  EXPECT_EQ(shown.back().substr(0, 18), "221130221131221132");  // green, red, blue per LED
  EXPECT_EQ(shown.back().substr(18), std::string(61 * 6, '0'));
}

}  // namespace
