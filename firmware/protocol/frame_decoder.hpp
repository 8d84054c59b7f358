#pragma once
// Turns a byte stream into checked frames: collects bytes up to a delimiter, unstuffs, checks the
// length, the CRC, the version and the message type. Needs no heap: two fixed buffers.
#include <array>
#include <cstddef>
#include <cstdint>

#include "drop_counters.hpp"
#include "frame.hpp"

namespace tessera::wire {

struct DecodeResult {
  enum class Kind : std::uint8_t { Nothing, Frame, Dropped };
  Kind kind = Kind::Nothing;
  Frame frame;                // valid when kind == Frame, until the next feed()
  DropReason reason = DropReason::Oversize;  // valid when kind == Dropped
  std::uint8_t receivedVersion = 0;           // the version byte of a WrongVersion frame
  std::uint8_t receivedType = 0;              // the type byte of an UnknownType frame
};

class FrameDecoder {
 public:
  explicit FrameDecoder(Direction direction) : direction_(direction) {}
  DecodeResult feed(std::uint8_t byte);
  // Forgets a partly received frame (the line was re-opened).
  void discardPartialFrame() {
    encodedSize_ = 0;
    overflowed_ = false;
  }

 private:
  DecodeResult finishFrame();

  Direction direction_;
  std::array<std::uint8_t, kMaxEncodedSize> encoded_{};
  std::size_t encodedSize_ = 0;
  bool overflowed_ = false;
  std::array<std::uint8_t, kMaxFrameSize> plain_{};
};

}  // namespace tessera::wire
