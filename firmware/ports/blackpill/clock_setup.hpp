#pragma once
// 96 MHz from the Black Pill's 25 MHz crystal: SYSCLK = 25 MHz / 25 * 192 / 2; APB2 at 96 MHz
// (USART1, SPI1), APB1 at 48 MHz (its limit is 50), PLLQ gives the 48 MHz USB would need.
#include <cstdint>

namespace tessera::firmware::blackpill {

constexpr std::uint32_t kCoreClockHz = 96'000'000;
constexpr std::uint32_t kApb2ClockHz = 96'000'000;

void startClocks();

}  // namespace tessera::firmware::blackpill
