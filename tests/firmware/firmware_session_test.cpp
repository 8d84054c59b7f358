// The firmware as the host sees it through the protocol: handshake, snapshots, change reports,
// LED frames and their acknowledgement, heartbeats, and a host that goes quiet.
#include <gtest/gtest.h>

#include <vector>

#include "protocol/messages.hpp"
#include "support/fake_board_ports.hpp"
#include "support/forged_frames.hpp"

namespace {

using namespace tessera;
using namespace tessera::testing;
using wire::MessageType;

class FirmwareSession : public ::testing::Test {
 protected:
  static constexpr std::uint8_t kDebounce = 3;
  FirmwareSession() : board_(config(), sensors_, leds_, uart_) {}

  static firmware::FirmwareConfig config() {
    firmware::FirmwareConfig c;
    c.size = {8, 8};
    c.debounceScans = kDebounce;
    c.quietTimeoutMs = 1000;
    return c;
  }
  void send(MessageType type, const std::vector<std::uint8_t>& body = {}) {
    for (std::uint8_t b : goodFrame(type, ++sequence_, body)) board_.receive(b, nowMs_);
  }
  void scans(int n) {
    for (int i = 0; i < n; ++i) board_.scan(nowMs_ += 2);
  }
  // Frames the firmware wrote since the last call.
  std::vector<WrittenFrame> replies() {
    auto frames = framesIn(uart_.bytes);
    uart_.bytes.clear();
    return frames;
  }
  void openSession() {
    send(MessageType::Hello);
    replies();
  }

  FakeSensors sensors_;
  RecordingLeds leds_;
  RecordingUart uart_;
  firmware::BoardFirmware board_;
  std::uint16_t sequence_ = 0;
  std::uint32_t nowMs_ = 0;
};

TEST_F(FirmwareSession, HelloIsAnsweredWithTheBoardGeometry) {
  send(MessageType::Hello);
  const auto frames = replies();
  ASSERT_EQ(frames.size(), 1u);
  ASSERT_EQ(frames[0].type, MessageType::HelloAck);
  wire::HelloAck ack;
  ASSERT_TRUE(wire::readBody(frames[0].body, ack));
  EXPECT_EQ(ack.files, 8);
  EXPECT_EQ(ack.ranks, 8);
  EXPECT_EQ(ack.debounceScans, kDebounce);
  EXPECT_TRUE(board_.sessionOpen());
}

TEST_F(FirmwareSession, SnapshotShowsTheSettledBoardOnly) {
  openSession();
  sensors_.set(0, 0, true);  // a1: settles
  scans(kDebounce);
  sensors_.set(7, 7, true);  // h8: placed just now, not settled yet
  scans(1);
  send(MessageType::RequestSnapshot);
  auto frames = replies();
  ASSERT_FALSE(frames.empty());
  ASSERT_EQ(frames.back().type, MessageType::Snapshot);
  wire::SnapshotReport snapshot;
  ASSERT_TRUE(wire::readBody(frames.back().body, snapshot));
  EXPECT_EQ(snapshot.files, 8);
  EXPECT_EQ(snapshot.ranks, 8);
  EXPECT_TRUE(snapshot.occupied.occupied(0));
  EXPECT_FALSE(snapshot.occupied.occupied(63));
  EXPECT_EQ(snapshot.scan, board_.scanCount());
}

TEST_F(FirmwareSession, ASettledChangeIsReportedOnceWithItsCell) {
  openSession();
  sensors_.set(4, 1, true);  // e2
  scans(kDebounce - 1);
  EXPECT_TRUE(replies().empty());
  scans(1);
  auto frames = replies();
  ASSERT_EQ(frames.size(), 1u);
  ASSERT_EQ(frames[0].type, MessageType::Changes);
  wire::ChangesReport changes;
  ASSERT_TRUE(wire::readBody(frames[0].body, changes));
  ASSERT_EQ(changes.count, 1);
  EXPECT_EQ(changes.changes[0].cell, 12);
  EXPECT_TRUE(changes.changes[0].occupied);
  scans(10);
  EXPECT_TRUE(replies().empty());
}

TEST_F(FirmwareSession, NoChangeReportsWithoutASessionButTheSnapshotCatchesUp) {
  sensors_.set(2, 2, true);
  scans(kDebounce + 2);
  EXPECT_TRUE(replies().empty());
  openSession();
  send(MessageType::RequestSnapshot);
  const auto frames = replies();
  ASSERT_EQ(frames.size(), 1u);
  wire::SnapshotReport snapshot;
  ASSERT_TRUE(wire::readBody(frames[0].body, snapshot));
  EXPECT_TRUE(snapshot.occupied.occupied(2 * 8 + 2));
}

TEST_F(FirmwareSession, LedFrameIsShownInGrbOrderAndAcknowledged) {
  openSession();
  std::vector<std::uint8_t> body = ledBody(0x1234, 64, 0, 0, 0);
  body[3 + 0] = 10;  // cell 0: red 10, green 20, blue 30
  body[3 + 1] = 20;
  body[3 + 2] = 30;
  send(MessageType::LedFrame, body);
  ASSERT_EQ(leds_.shown.size(), 1u);
  ASSERT_EQ(leds_.shown[0].size(), 64u * 3);
  EXPECT_EQ(leds_.shown[0][0], 20);
  EXPECT_EQ(leds_.shown[0][1], 10);
  EXPECT_EQ(leds_.shown[0][2], 30);
  const auto frames = replies();
  ASSERT_EQ(frames.size(), 1u);
  wire::LedAck ack;
  ASSERT_TRUE(wire::readBody(frames[0].body, ack));
  EXPECT_EQ(ack.frameId, 0x1234);
  EXPECT_EQ(ack.status, wire::LedStatus::Shown);
}

TEST_F(FirmwareSession, LedFrameForAnotherBoardSizeIsRefusedInTheAck) {
  openSession();
  send(MessageType::LedFrame, ledBody(5, 144, 1, 1, 1));
  EXPECT_TRUE(leds_.shown.empty());
  const auto frames = replies();
  ASSERT_EQ(frames.size(), 1u);
  wire::LedAck ack;
  ASSERT_TRUE(wire::readBody(frames[0].body, ack));
  EXPECT_EQ(ack.frameId, 5);
  EXPECT_EQ(ack.status, wire::LedStatus::WrongCellCount);
}

TEST_F(FirmwareSession, HeartbeatIsAnsweredWithUptimeAndDropCounts) {
  openSession();
  for (std::uint8_t b : stuffed({1, 2, 3, 4, 5, 6, 7, 8, 9})) board_.receive(b, nowMs_);  // noise: bad CRC
  nowMs_ = 4321;
  send(MessageType::Heartbeat);
  const auto frames = replies();
  ASSERT_EQ(frames.size(), 1u);
  wire::HeartbeatAck ack;
  ASSERT_TRUE(wire::readBody(frames[0].body, ack));
  EXPECT_EQ(ack.uptimeMs, 4321u);
  EXPECT_EQ(ack.drops[static_cast<int>(wire::DropReason::BadCrc)], 1);
}

TEST_F(FirmwareSession, AHostThatGoesQuietEndsTheSession) {
  openSession();
  nowMs_ += 900;
  send(MessageType::Heartbeat);  // heard at 900 ms
  board_.checkLink(nowMs_ + 1000);
  EXPECT_TRUE(board_.sessionOpen());
  board_.checkLink(nowMs_ + 1001);
  EXPECT_FALSE(board_.sessionOpen());
  replies();
  sensors_.set(1, 1, true);
  scans(kDebounce);
  EXPECT_TRUE(replies().empty()) << "changes must not be sent to a host that is gone";
}

}  // namespace
