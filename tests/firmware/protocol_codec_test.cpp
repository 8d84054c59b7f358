// The building blocks of the wire format round-trip and match their published definitions.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "protocol/cobs.hpp"
#include "protocol/crc16.hpp"
#include "protocol/frame_encoder.hpp"
#include "protocol/frame_receiver.hpp"
#include "protocol/messages.hpp"

namespace {

using namespace tessera::wire;

std::vector<std::uint8_t> bytesOf(std::string_view text) { return {text.begin(), text.end()}; }

std::vector<std::uint8_t> cobsRoundTrip(const std::vector<std::uint8_t>& plain, std::size_t* encodedSize = nullptr) {
  std::vector<std::uint8_t> encoded(cobsMaxEncodedSize(plain.size()));
  const std::size_t n = cobsEncode(plain, encoded);
  if (encodedSize) *encodedSize = n;
  for (std::size_t i = 0; i < n; ++i) EXPECT_NE(encoded[i], 0) << "zero at " << i;
  std::vector<std::uint8_t> decoded(plain.size() + 8);
  const CobsDecodeResult r = cobsDecode(std::span<const std::uint8_t>(encoded.data(), n), decoded);
  EXPECT_TRUE(r.ok);
  decoded.resize(r.size);
  return decoded;
}

TEST(ProtocolCrc, MatchesTheCcittFalseCheckValue) {
  EXPECT_EQ(crc16Ccitt(bytesOf("123456789")), 0x29B1);
  EXPECT_EQ(crc16Ccitt({}), 0xFFFF);
}

TEST(ProtocolCobs, EncodesTheTextbookExamples) {
  const std::vector<std::uint8_t> plain{0x11, 0x22, 0x00, 0x33};
  std::vector<std::uint8_t> encoded(8);
  ASSERT_EQ(cobsEncode(plain, encoded), 5u);
  EXPECT_EQ(std::vector<std::uint8_t>(encoded.begin(), encoded.begin() + 5),
            (std::vector<std::uint8_t>{0x03, 0x11, 0x22, 0x02, 0x33}));
  ASSERT_EQ(cobsEncode(std::vector<std::uint8_t>{0x00}, encoded), 2u);
  EXPECT_EQ(encoded[0], 0x01);
  EXPECT_EQ(encoded[1], 0x01);
}

TEST(ProtocolCobs, RoundTripsZerosAndLongRunsWithoutZeros) {
  for (std::size_t size : {0u, 1u, 253u, 254u, 255u, 508u, 600u}) {
    std::vector<std::uint8_t> plain(size);
    for (std::size_t i = 0; i < size; ++i) plain[i] = static_cast<std::uint8_t>(i % 7 == 3 ? 0 : i % 251 + 1);
    std::size_t encodedSize = 0;
    EXPECT_EQ(cobsRoundTrip(plain, &encodedSize), plain) << "size " << size;
    EXPECT_LE(encodedSize, cobsMaxEncodedSize(size));
    std::vector<std::uint8_t> noZeros(size, 0x5A);
    EXPECT_EQ(cobsRoundTrip(noZeros), noZeros) << "size " << size;
  }
}

TEST(ProtocolCobs, RejectsABlockRunningPastTheEnd) {
  const std::vector<std::uint8_t> encoded{0x05, 0x11, 0x22};
  std::vector<std::uint8_t> out(16);
  EXPECT_FALSE(cobsDecode(encoded, out).ok);
}

TEST(ProtocolFrame, EncoderNumbersFramesAndTheReceiverReadsThemBack) {
  FrameEncoder encoder;
  FrameReceiver receiver(Direction::ToHost);
  const std::array<std::uint8_t, 3> body{0x00, 0x07, 0x00};
  std::vector<std::uint8_t> wire;
  for (MessageType type : {MessageType::HelloAck, MessageType::LedAck, MessageType::LedAck}) {
    const auto bytes = encoder.encode(type, body);
    wire.insert(wire.end(), bytes.begin(), bytes.end());
  }
  std::vector<std::uint16_t> sequences;
  for (std::uint8_t b : wire) {
    const ReceiveResult r = receiver.feed(b);
    if (r.kind != ReceiveResult::Kind::Accepted) continue;
    sequences.push_back(r.frame.sequence);
    EXPECT_EQ(std::vector<std::uint8_t>(r.frame.body.begin(), r.frame.body.end()),
              std::vector<std::uint8_t>(body.begin(), body.end()));
  }
  EXPECT_EQ(sequences, (std::vector<std::uint16_t>{1, 2, 3}));
  EXPECT_EQ(receiver.drops().total(), 0u);
}

TEST(ProtocolFrame, SequenceNumbersWrapAroundWithoutBeingTakenForReplays) {
  FrameEncoder encoder;
  encoder.restartSequence(0xFFFD);
  FrameReceiver receiver(Direction::ToHost);
  int accepted = 0;
  for (MessageType type : {MessageType::HelloAck, MessageType::LedAck, MessageType::LedAck, MessageType::LedAck}) {
    for (std::uint8_t b : encoder.encode(type, {})) accepted += receiver.feed(b).kind == ReceiveResult::Kind::Accepted;
  }
  EXPECT_EQ(accepted, 4);
  EXPECT_EQ(encoder.lastSequence(), 1);
}

TEST(ProtocolMessages, SnapshotRoundTripsItsBitmapForEveryBoardSize) {
  for (int files = 1; files <= 12; ++files) {
    for (int ranks = 1; ranks <= 12; ++ranks) {
      SnapshotReport out;
      out.scan = 0x01020304;
      out.files = static_cast<std::uint8_t>(files);
      out.ranks = static_cast<std::uint8_t>(ranks);
      for (int cell = 0; cell < files * ranks; ++cell) out.occupied.set(static_cast<std::size_t>(cell), cell % 3 == 0);
      std::array<std::uint8_t, kMaxBodySize> body{};
      const std::size_t size = writeBody(out, body);
      ASSERT_EQ(size, 6u + static_cast<std::size_t>(files * ranks + 7) / 8);
      SnapshotReport in;
      ASSERT_TRUE(readBody(std::span<const std::uint8_t>(body.data(), size), in));
      EXPECT_EQ(in.scan, out.scan);
      for (int cell = 0; cell < files * ranks; ++cell) {
        EXPECT_EQ(in.occupied.occupied(static_cast<std::size_t>(cell)), cell % 3 == 0);
      }
    }
  }
}

TEST(ProtocolMessages, BodiesOfTheWrongLengthOrRangeAreRefused) {
  LedFrameCommand led;
  led.frameId = 9;
  led.cellCount = 2;
  std::array<std::uint8_t, kMaxBodySize> body{};
  const std::size_t size = writeBody(led, body);
  ASSERT_EQ(size, 3u + 6u);
  LedFrameCommand back;
  EXPECT_TRUE(readBody(std::span<const std::uint8_t>(body.data(), size), back));
  EXPECT_FALSE(readBody(std::span<const std::uint8_t>(body.data(), size - 1), back));
  EXPECT_FALSE(readBody(std::span<const std::uint8_t>(body.data(), size + 1), back));

  SnapshotReport snapshot;
  const std::array<std::uint8_t, 7> thirteenFiles{0, 0, 0, 0, 13, 1, 0};
  EXPECT_FALSE(readBody(thirteenFiles, snapshot));

  ChangesReport changes;
  const std::array<std::uint8_t, 7> stateTwo{0, 0, 0, 0, 1, 5, 2};
  EXPECT_FALSE(readBody(stateTwo, changes));
  ErrorReport error;
  const std::array<std::uint8_t, 2> unknownCode{99, 0};
  EXPECT_FALSE(readBody(unknownCode, error));
}

}  // namespace
