// The STM32 port's WS2812 encoding: four 3 MHz SPI bits per LED bit, most significant bit first.
#include <gtest/gtest.h>

#include <array>
#include <vector>

#include "ports/stm32f4/ws2812_spi_encoding.hpp"

namespace {

using namespace tessera::firmware::stm32f4;

// High time in SPI bits of each LED bit, read back from the encoded stream.
std::vector<int> highTimes(const std::vector<std::uint8_t>& spi) {
  std::vector<int> times;
  for (std::uint8_t byte : spi) {
    for (int nibble : {byte >> 4, byte & 0x0F}) {
      int high = 0;
      for (int bit = 3; bit >= 0 && ((nibble >> bit) & 1); --bit) ++high;
      times.push_back(high);
    }
  }
  return times;
}

TEST(FirmwareWs2812, EachBitIsAShortOrALongPulseWithinTheDatasheetWindows) {
  const std::array<std::uint8_t, 3> grb{0xA5, 0x00, 0xFF};
  std::vector<std::uint8_t> spi(12);
  ASSERT_EQ(encodeWs2812ForSpi(grb, spi), 12u);
  const std::vector<int> expected{2, 1, 2, 1, 1, 2, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2};
  EXPECT_EQ(highTimes(spi), expected);
  // WS2812B: T0H 0.25-0.55 us, T1H 0.65-0.95 us, bit period 1.25 +-0.6 us.
  const double spiBitNs = 1e9 / kWs2812SpiClockHz;
  EXPECT_GE(1 * spiBitNs, 250);
  EXPECT_LE(1 * spiBitNs, 550);
  EXPECT_GE(2 * spiBitNs, 650);
  EXPECT_LE(2 * spiBitNs, 950);
  EXPECT_NEAR(4 * spiBitNs, 1250, 600);
}

TEST(FirmwareWs2812, RefusesAnOutputBufferTooSmall) {
  const std::array<std::uint8_t, 3> grb{1, 2, 3};
  std::vector<std::uint8_t> spi(11);
  EXPECT_EQ(encodeWs2812ForSpi(grb, spi), 0u);
}

}  // namespace
