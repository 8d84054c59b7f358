// Seeded fuzzing of the frame receiver with random and mutated input: it never crashes, never
// reads out of bounds (run under the sanitizers with -DCMAKE_CXX_FLAGS=-fsanitize=address,undefined)
// and never accepts a frame that was not sent.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <tuple>
#include <vector>

#include "protocol/frame_receiver.hpp"
#include "support/forged_frames.hpp"

namespace {

using namespace tessera;
using namespace tessera::testing;
using wire::MessageType;

constexpr int kIterations = 200'000;

struct SentFrame {
  std::uint8_t type;
  std::uint16_t sequence;
  std::vector<std::uint8_t> body;
  bool operator==(const SentFrame&) const = default;
};

SentFrame randomFrame(std::mt19937& rng, std::uint16_t sequence) {
  const std::uint8_t type = static_cast<std::uint8_t>(std::uniform_int_distribution<int>(1, 4)(rng));
  std::vector<std::uint8_t> body(std::uniform_int_distribution<int>(0, 40)(rng));
  for (auto& b : body) b = static_cast<std::uint8_t>(rng() % 4 == 0 ? 0 : rng());  // plenty of zeros to stuff
  return {type, sequence, body};
}

std::vector<std::uint8_t> plainOf(const SentFrame& f) { return plainFrame(wire::kProtocolVersion, f.type, f.sequence, f.body); }

// Feeds `bytes` and returns every frame the receiver accepted.
std::vector<SentFrame> accepted(wire::FrameReceiver& receiver, const std::vector<std::uint8_t>& bytes) {
  std::vector<SentFrame> out;
  for (std::uint8_t b : bytes) {
    const wire::ReceiveResult r = receiver.feed(b);
    if (r.kind == wire::ReceiveResult::Kind::Accepted || r.kind == wire::ReceiveResult::Kind::OutsideSession) {
      out.push_back({static_cast<std::uint8_t>(r.frame.type), r.frame.sequence, {r.frame.body.begin(), r.frame.body.end()}});
    }
  }
  return out;
}

TEST(ProtocolFuzz, RandomBytesNeverYieldAFrame) {
  std::mt19937 rng(20261122);
  wire::FrameReceiver receiver(wire::Direction::ToFirmware);
  std::size_t frames = 0;
  for (int i = 0; i < kIterations; ++i) {
    std::vector<std::uint8_t> bytes(std::uniform_int_distribution<int>(1, 80)(rng));
    for (auto& b : bytes) b = static_cast<std::uint8_t>(rng());
    bytes.push_back(0);
    frames += accepted(receiver, bytes).size();
  }
  EXPECT_EQ(frames, 0u);
  EXPECT_GT(receiver.drops().total(), static_cast<std::uint32_t>(kIterations));
}

// CRC-16/CCITT has Hamming distance 4 at these lengths: every 1-, 2- and 3-bit error is caught.
TEST(ProtocolFuzz, EveryOneToThreeBitErrorIsRejectedAndTheNextFrameStillArrives) {
  std::mt19937 rng(7);
  wire::FrameReceiver receiver(wire::Direction::ToFirmware);
  ASSERT_EQ(accepted(receiver, goodFrame(MessageType::Hello, 0)).size(), 1u);
  std::uint16_t sequence = 0;
  for (int i = 0; i < kIterations; ++i) {
    const SentFrame damaged = randomFrame(rng, ++sequence);
    std::vector<std::uint8_t> plain = plainOf(damaged);
    const int flips = std::uniform_int_distribution<int>(1, 3)(rng);
    std::vector<std::size_t> flipped;
    while (static_cast<int>(flipped.size()) < flips) {
      const std::size_t bit = rng() % (plain.size() * 8);
      if (std::find(flipped.begin(), flipped.end(), bit) != flipped.end()) continue;
      flipped.push_back(bit);
      plain[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
    }
    ASSERT_TRUE(accepted(receiver, stuffed(plain)).empty()) << "iteration " << i;
    const SentFrame next = randomFrame(rng, ++sequence);
    ASSERT_EQ(accepted(receiver, stuffed(plainOf(next))), std::vector<SentFrame>{next}) << "iteration " << i;
  }
}

// Damage to the stuffed stream (bytes replaced, inserted, deleted, stray delimiters, cuts) moves
// block boundaries. A zero byte lost or gained at the end of a frame passes the CRC (1 frame in
// 256 ends in zero) and is caught by the length field; anything else has the CRC's 1-in-65536
// odds. With this seed nothing foreign gets through, and the undamaged frames still arrive.
TEST(ProtocolFuzz, DamagedStreamsOnlyEverDeliverFramesThatWereSent) {
  std::mt19937 rng(1234567);
  wire::FrameReceiver receiver(wire::Direction::ToFirmware);
  std::uint16_t sequence = 0;
  std::size_t foreign = 0;
  std::size_t delivered = 0;
  for (int i = 0; i < kIterations; ++i) {
    std::vector<SentFrame> sent{{static_cast<std::uint8_t>(MessageType::Hello), ++sequence, {}}};
    std::vector<std::uint8_t> stream;
    for (int k = 0; k < 3; ++k) {
      if (k > 0) sent.push_back(randomFrame(rng, ++sequence));
      const auto bytes = stuffed(plainOf(sent.back()));
      stream.insert(stream.end(), bytes.begin(), bytes.end());
    }
    const std::size_t at = rng() % stream.size();
    switch (rng() % 5) {
      case 0: stream[at] = static_cast<std::uint8_t>(stream[at] ^ (1 + rng() % 255)); break;
      case 1: stream.insert(stream.begin() + static_cast<long>(at), static_cast<std::uint8_t>(rng())); break;
      case 2: stream.erase(stream.begin() + static_cast<long>(at)); break;
      case 3: stream[at] = 0; break;
      case 4: stream.resize(at); break;
    }
    stream.push_back(0);
    for (const SentFrame& got : accepted(receiver, stream)) {
      ++delivered;
      if (std::find(sent.begin(), sent.end(), got) == sent.end()) ++foreign;
    }
  }
  EXPECT_EQ(foreign, 0u);
  EXPECT_GT(delivered, static_cast<std::size_t>(kIterations));  // most undamaged frames got through
}

}  // namespace
