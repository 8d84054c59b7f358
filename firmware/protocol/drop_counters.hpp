#pragma once
// Why a received frame was thrown away, and how often. Dropped frames are never acted on.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace tessera::wire {

enum class DropReason : std::uint8_t {
  Oversize,      // more bytes than the largest frame before a delimiter
  BadStuffing,   // the COBS blocks do not add up
  Truncated,     // shorter than a header and a CRC, or than the body length it declares
  BadCrc,
  WrongVersion,
  UnknownType,   // not a message this side accepts
  Replayed,      // sequence number not newer than the last accepted one
  BadLength,     // longer than the body length it declares, or not the length its type requires
};
constexpr std::size_t kDropReasonCount = 8;

std::string_view dropReasonName(DropReason reason);

class DropCounters {
 public:
  void count(DropReason reason) { ++counts_[static_cast<std::size_t>(reason)]; }
  std::uint32_t of(DropReason reason) const { return counts_[static_cast<std::size_t>(reason)]; }
  std::uint32_t total() const {
    std::uint32_t sum = 0;
    for (std::uint32_t c : counts_) sum += c;
    return sum;
  }

 private:
  std::array<std::uint32_t, kDropReasonCount> counts_{};
};

}  // namespace tessera::wire
