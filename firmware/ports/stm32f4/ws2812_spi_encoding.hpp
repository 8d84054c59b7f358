#pragma once
// WS2812 bit timings produced by an SPI peripheral clocked at 3 MHz (333 ns per SPI bit): each LED
// bit becomes four SPI bits, 1000 for a 0 (333 ns high, 1 us low) and 1100 for a 1 (667 ns high,
// 667 ns low), within the WS2812B tolerances. MOSI idles low between frames, which latches them.
#include <cstddef>
#include <cstdint>
#include <span>

namespace tessera::firmware::stm32f4 {

constexpr std::size_t kSpiBytesPerLedByte = 4;
constexpr std::uint32_t kWs2812SpiClockHz = 3'000'000;

// Returns the number of SPI bytes written (4 per input byte), or 0 when `out` is too small.
std::size_t encodeWs2812ForSpi(std::span<const std::uint8_t> grb, std::span<std::uint8_t> out);

}  // namespace tessera::firmware::stm32f4
