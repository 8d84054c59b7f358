#include "ws2812_spi_encoding.hpp"

namespace tessera::firmware::stm32f4 {

std::size_t encodeWs2812ForSpi(std::span<const std::uint8_t> grb, std::span<std::uint8_t> out) {
  if (out.size() < grb.size() * kSpiBytesPerLedByte) return 0;
  constexpr std::uint8_t kZero = 0b1000;
  constexpr std::uint8_t kOne = 0b1100;
  std::size_t written = 0;
  for (std::uint8_t byte : grb) {
    // Most significant bit first, two LED bits per SPI byte.
    for (int bit = 7; bit >= 0; bit -= 2) {
      const std::uint8_t high = ((byte >> bit) & 1) ? kOne : kZero;
      const std::uint8_t low = ((byte >> (bit - 1)) & 1) ? kOne : kZero;
      out[written++] = static_cast<std::uint8_t>((high << 4) | low);
    }
  }
  return written;
}

}  // namespace tessera::firmware::stm32f4
