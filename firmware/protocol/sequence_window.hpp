#pragma once
// Replay protection: a frame is fresh only if its sequence number is newer than the last accepted
// one, in 16-bit serial-number arithmetic (newer means 1..32767 steps ahead, so the counter wraps).
#include <cstdint>

namespace tessera::wire {

struct SequenceVerdict {
  bool fresh = false;
  std::uint16_t missed = 0;  // frames skipped between the last accepted one and this one
};

class SequenceWindow {
 public:
  SequenceVerdict check(std::uint16_t sequence) {
    const auto ahead = static_cast<std::int16_t>(static_cast<std::uint16_t>(sequence - last_));
    if (ahead <= 0) return {};
    const auto missed = static_cast<std::uint16_t>(ahead - 1);
    last_ = sequence;
    return {true, missed};
  }
  void restart(std::uint16_t sequence) { last_ = sequence; }

 private:
  std::uint16_t last_ = 0;
};

}  // namespace tessera::wire
