// Every kind of bad frame reaching the firmware is counted and dropped, never acted on, and the
// link keeps working for the good frame that follows.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "protocol/messages.hpp"
#include "support/fake_board_ports.hpp"
#include "support/forged_frames.hpp"

namespace {

using namespace tessera;
using namespace tessera::testing;
using wire::DropReason;
using wire::MessageType;

class ProtocolMalformedFrames : public ::testing::Test {
 protected:
  ProtocolMalformedFrames() : board_(config(), sensors_, leds_, uart_) { deliver(goodFrame(MessageType::Hello, 1)); }

  static firmware::FirmwareConfig config() {
    firmware::FirmwareConfig c;
    c.size = {2, 2};
    return c;
  }
  void deliver(const std::vector<std::uint8_t>& bytes) {
    for (std::uint8_t b : bytes) board_.receive(b, 0);
  }
  int framesOfType(MessageType type) const {
    const auto frames = framesIn(uart_.bytes);
    return static_cast<int>(std::count_if(frames.begin(), frames.end(), [&](const WrittenFrame& f) { return f.type == type; }));
  }
  std::vector<wire::ErrorReport> errors() const {
    std::vector<wire::ErrorReport> out;
    for (const WrittenFrame& f : framesIn(uart_.bytes)) {
      wire::ErrorReport e;
      if (f.type == MessageType::Error && wire::readBody(f.body, e)) out.push_back(e);
    }
    return out;
  }
  // The bad input was dropped for `reason` alone, nothing was shown, and a good LED frame after it works.
  void expectDroppedThenRecovers(DropReason reason, std::uint16_t nextSequence) {
    EXPECT_EQ(board_.drops().of(reason), 1u) << wire::dropReasonName(reason);
    EXPECT_EQ(board_.drops().total(), 1u);
    EXPECT_TRUE(leds_.shown.empty());
    EXPECT_EQ(framesOfType(MessageType::LedAck), 0);
    deliver(goodFrame(MessageType::LedFrame, nextSequence, ledBody(7, 4, 255, 0, 0)));
    EXPECT_EQ(leds_.shown.size(), 1u);
    EXPECT_EQ(framesOfType(MessageType::LedAck), 1);
  }
  std::vector<std::uint8_t> ledPlain(std::uint8_t version, std::uint8_t type, std::uint16_t sequence) {
    return plainFrame(version, type, sequence, ledBody(7, 4, 255, 0, 0));
  }

  FakeSensors sensors_;
  RecordingLeds leds_;
  RecordingUart uart_;
  firmware::BoardFirmware board_;
};

TEST_F(ProtocolMalformedFrames, BadCrcIsDropped) {
  std::vector<std::uint8_t> plain = ledPlain(1, 0x03, 2);
  plain[10] ^= 0x40;  // a colour byte changed on the way
  deliver(stuffed(plain));
  expectDroppedThenRecovers(DropReason::BadCrc, 3);
}

TEST_F(ProtocolMalformedFrames, BadStuffingIsDropped) {
  deliver({0x09, 0x01, 0x03, 0x02, 0x00});  // the first block claims 8 data bytes, only 3 follow
  expectDroppedThenRecovers(DropReason::BadStuffing, 2);
}

TEST_F(ProtocolMalformedFrames, TruncatedFrameIsDropped) {
  deliver(stuffed({1, 0x03, 2, 0}));  // a header with neither body nor CRC
  expectDroppedThenRecovers(DropReason::Truncated, 2);
}

TEST_F(ProtocolMalformedFrames, FrameCutOffByALineGlitchIsDroppedAndTheNextOneResynchronises) {
  const std::vector<std::uint8_t> whole = goodFrame(MessageType::LedFrame, 2, ledBody(7, 4, 255, 0, 0));
  std::vector<std::uint8_t> cut(whole.begin(), whole.begin() + 6);
  cut.push_back(0x00);
  deliver(cut);
  EXPECT_EQ(board_.drops().total(), 1u);
  EXPECT_EQ(board_.drops().of(DropReason::BadCrc) + board_.drops().of(DropReason::BadStuffing) +
                board_.drops().of(DropReason::Truncated), 1u);
  EXPECT_TRUE(leds_.shown.empty());
  deliver(whole);
  EXPECT_EQ(leds_.shown.size(), 1u);
}

// Without the length field both would pass the CRC: appending c2|00 to M|c1 keeps it valid.
TEST_F(ProtocolMalformedFrames, FrameThatGainedATrailingZeroIsDropped) {
  std::vector<std::uint8_t> plain = ledPlain(1, 0x03, 2);
  plain.push_back(0x00);
  deliver(stuffed(plain));
  expectDroppedThenRecovers(DropReason::BadLength, 3);
}

TEST_F(ProtocolMalformedFrames, FrameThatLostItsTrailingZeroIsDropped) {
  std::vector<std::uint8_t> plain;
  for (std::uint16_t sequence = 2; plain.empty() || plain.back() != 0; ++sequence) plain = ledPlain(1, 0x03, sequence);
  plain.pop_back();
  deliver(stuffed(plain));
  expectDroppedThenRecovers(DropReason::Truncated, 0x7FFF);
}

TEST_F(ProtocolMalformedFrames, OversizeFrameIsDropped) {
  deliver(std::vector<std::uint8_t>(wire::kMaxEncodedSize + 50, 0x42));
  deliver({0x00});
  expectDroppedThenRecovers(DropReason::Oversize, 2);
}

TEST_F(ProtocolMalformedFrames, UnknownTypeIsDroppedAndReported) {
  deliver(stuffed(ledPlain(1, 0x7F, 2)));
  expectDroppedThenRecovers(DropReason::UnknownType, 3);
  ASSERT_EQ(errors().size(), 1u);
  EXPECT_EQ(errors()[0].code, wire::ErrorCode::UnknownType);
  EXPECT_EQ(errors()[0].detail, 0x7F);
}

TEST_F(ProtocolMalformedFrames, AMessageMeantForTheHostIsAnUnknownTypeToTheFirmware) {
  deliver(goodFrame(MessageType::Snapshot, 2, {0, 0, 0, 0, 2, 2, 0}));
  expectDroppedThenRecovers(DropReason::UnknownType, 3);
}

TEST_F(ProtocolMalformedFrames, ReplayedSequenceNumberIsDropped) {
  const std::vector<std::uint8_t> led = goodFrame(MessageType::LedFrame, 2, ledBody(7, 4, 0, 0, 255));
  deliver(led);
  deliver(led);
  deliver(goodFrame(MessageType::LedFrame, 1, ledBody(8, 4, 0, 255, 0)));  // older than the last
  EXPECT_EQ(board_.drops().of(DropReason::Replayed), 2u);
  EXPECT_EQ(leds_.shown.size(), 1u);
  EXPECT_EQ(framesOfType(MessageType::LedAck), 1);
}

TEST_F(ProtocolMalformedFrames, WrongVersionIsDroppedAndReportedWithTheVersionSeen) {
  deliver(stuffed(ledPlain(2, 0x03, 2)));
  expectDroppedThenRecovers(DropReason::WrongVersion, 3);
  ASSERT_EQ(errors().size(), 1u);
  EXPECT_EQ(errors()[0].code, wire::ErrorCode::WrongVersion);
  EXPECT_EQ(errors()[0].detail, 2);
}

TEST_F(ProtocolMalformedFrames, BodyOfTheWrongLengthIsDroppedAndReported) {
  std::vector<std::uint8_t> body = ledBody(7, 4, 1, 2, 3);
  body.pop_back();
  deliver(goodFrame(MessageType::LedFrame, 2, body));
  expectDroppedThenRecovers(DropReason::BadLength, 3);
  ASSERT_EQ(errors().size(), 1u);
  EXPECT_EQ(errors()[0].code, wire::ErrorCode::BadLength);
}

TEST(ProtocolSession, FramesBeforeHelloAreAnsweredWithNoSessionAndNotActedOn) {
  FakeSensors sensors;
  RecordingLeds leds;
  RecordingUart uart;
  firmware::FirmwareConfig config;
  config.size = {2, 2};
  firmware::BoardFirmware board(config, sensors, leds, uart);
  for (std::uint8_t b : goodFrame(MessageType::LedFrame, 5, ledBody(1, 4, 9, 9, 9))) board.receive(b, 0);
  EXPECT_TRUE(leds.shown.empty());
  const auto frames = framesIn(uart.bytes);
  ASSERT_EQ(frames.size(), 1u);
  wire::ErrorReport error;
  ASSERT_TRUE(wire::readBody(frames[0].body, error));
  EXPECT_EQ(error.code, wire::ErrorCode::NoSession);
  EXPECT_EQ(error.detail, static_cast<std::uint8_t>(MessageType::LedFrame));
}

}  // namespace
