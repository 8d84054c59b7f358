#include "cobs.hpp"

namespace tessera::wire {

std::size_t cobsEncode(std::span<const std::uint8_t> plain, std::span<std::uint8_t> out) {
  if (out.size() < cobsMaxEncodedSize(plain.size())) return 0;
  std::size_t codeAt = 0;
  std::size_t written = 1;
  std::uint8_t code = 1;
  for (std::uint8_t b : plain) {
    if (b == 0) {
      out[codeAt] = code;
      codeAt = written++;
      code = 1;
      continue;
    }
    out[written++] = b;
    if (++code == 0xFF) {
      out[codeAt] = code;
      codeAt = written++;
      code = 1;
    }
  }
  out[codeAt] = code;
  return written;
}

CobsDecodeResult cobsDecode(std::span<const std::uint8_t> encoded, std::span<std::uint8_t> out) {
  std::size_t in = 0;
  std::size_t written = 0;
  while (in < encoded.size()) {
    const std::uint8_t code = encoded[in++];
    if (code == 0) return {};
    for (std::uint8_t i = 1; i < code; ++i) {
      if (in >= encoded.size() || encoded[in] == 0 || written >= out.size()) return {};
      out[written++] = encoded[in++];
    }
    // A block shorter than 254 data bytes stood for a zero, except at the very end of the frame.
    if (code != 0xFF && in < encoded.size()) {
      if (written >= out.size()) return {};
      out[written++] = 0;
    }
  }
  return {true, written};
}

}  // namespace tessera::wire
