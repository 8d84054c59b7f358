#include "spi_ws2812_strip.hpp"

#include "clock_setup.hpp"
#include "ports/stm32f4/gpio_pins.hpp"
#include "ports/stm32f4/registers.hpp"

namespace tessera::firmware::blackpill {

using stm32f4::reg;
namespace spi = stm32f4::spi;

void SpiWs2812Strip::start() {
  constexpr stm32f4::Pin kMosi{stm32f4::gpio::kPortA, 7};
  stm32f4::setPinAlternate(kMosi, 5);
  stm32f4::setPinFast(kMosi);
  static_assert(kApb2ClockHz / 32 == stm32f4::kWs2812SpiClockHz, "SPI1 prescaler must give 3 MHz");
  constexpr std::uint32_t kDivideBy32 = 0b100;
  reg(spi::kSpi1 + spi::kCr1) = spi::kCr1Master | (kDivideBy32 << spi::kCr1BaudShift) | spi::kCr1SoftwareSlaveManagement |
                                spi::kCr1SoftwareSlaveInternal | spi::kCr1Enable;
}

void SpiWs2812Strip::show(std::span<const std::uint8_t> grb) {
  const std::size_t count = stm32f4::encodeWs2812ForSpi(grb, spiBytes_);
  for (std::size_t i = 0; i < count; ++i) {
    while ((reg(spi::kSpi1 + spi::kSr) & spi::kSrTxEmpty) == 0) {
    }
    reg(spi::kSpi1 + spi::kDr) = spiBytes_[i];
  }
  while (reg(spi::kSpi1 + spi::kSr) & spi::kSrBusy) {
  }
  // MOSI stays low after the last (low) half-bit: the chain latches once it has been low 280 us,
  // long before the next frame can arrive over the UART.
}

}  // namespace tessera::firmware::blackpill
