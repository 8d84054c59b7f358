#pragma once
// Builds wire frames: header, body, CRC, COBS stuffing and the trailing delimiter.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "frame.hpp"

namespace tessera::wire {

// Encodes one frame with every header field given explicitly (tests use it to forge bad frames).
// Returns the number of wire bytes written to `out` (delimiter included), or 0 when the body is too
// large or `out` too small.
std::size_t encodeFrame(std::uint8_t version, std::uint8_t type, std::uint16_t sequence,
                        std::span<const std::uint8_t> body, std::span<std::uint8_t> out);

// One sending side of a link: numbers its frames 1, 2, 3... and keeps the wire bytes of the last.
class FrameEncoder {
 public:
  static constexpr std::size_t kWireCapacity = kMaxEncodedSize + 1;

  // Returns the wire bytes, valid until the next call; empty if the body is larger than kMaxBodySize.
  std::span<const std::uint8_t> encode(MessageType type, std::span<const std::uint8_t> body);
  std::uint16_t lastSequence() const { return sequence_; }
  void restartSequence(std::uint16_t last) { sequence_ = last; }

 private:
  std::uint16_t sequence_ = 0;
  std::array<std::uint8_t, kWireCapacity> wire_{};
};

}  // namespace tessera::wire
