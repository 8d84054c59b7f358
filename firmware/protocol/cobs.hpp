#pragma once
// Consistent Overhead Byte Stuffing: removes every zero byte from a frame so that a single zero can
// delimit frames on the wire. The encoded form never contains zero; the delimiter is not included.
#include <cstddef>
#include <cstdint>
#include <span>

namespace tessera::wire {

constexpr std::size_t cobsMaxEncodedSize(std::size_t plainSize) { return plainSize + plainSize / 254 + 1; }

// Returns the encoded size, or 0 when `out` is too small.
std::size_t cobsEncode(std::span<const std::uint8_t> plain, std::span<std::uint8_t> out);

struct CobsDecodeResult {
  bool ok = false;
  std::size_t size = 0;
};

// Fails on a zero byte, on a block that runs past the end, or when `out` is too small.
CobsDecodeResult cobsDecode(std::span<const std::uint8_t> encoded, std::span<std::uint8_t> out);

}  // namespace tessera::wire
