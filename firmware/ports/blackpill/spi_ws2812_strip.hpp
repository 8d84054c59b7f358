#pragma once
// The WS2812 chain on PA7 (SPI1 MOSI, alternate function 5), clocked at 3 MHz so that every LED
// bit is four SPI bits (ports/stm32f4/ws2812_spi_encoding.hpp). Sent by polling: 144 LEDs take
// 4.6 ms, during which UART input keeps arriving by interrupt.
#include <array>
#include <cstdint>
#include <span>

#include "portable/led_strip.hpp"
#include "ports/stm32f4/ws2812_spi_encoding.hpp"
#include "protocol/board_limits.hpp"

namespace tessera::firmware::blackpill {

class SpiWs2812Strip : public LedStrip {
 public:
  void start();
  void show(std::span<const std::uint8_t> grb) override;

 private:
  std::array<std::uint8_t, wire::kMaxCells * 3 * stm32f4::kSpiBytesPerLedByte> spiBytes_{};
};

}  // namespace tessera::firmware::blackpill
