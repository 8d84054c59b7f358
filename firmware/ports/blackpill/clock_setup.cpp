#include "clock_setup.hpp"

#include "ports/stm32f4/registers.hpp"

namespace tessera::firmware::blackpill {

using stm32f4::reg;
namespace rcc = stm32f4::rcc;

void startClocks() {
  reg(rcc::kCr) = reg(rcc::kCr) | rcc::kCrHseOn;
  while ((reg(rcc::kCr) & rcc::kCrHseRdy) == 0) {
  }
  constexpr std::uint32_t kPllM = 25, kPllN = 192, kPllPDivideBy2 = 0b00, kPllQ = 4, kPllSourceHse = 1u << 22;
  reg(rcc::kPllCfgr) = kPllM | (kPllN << 6) | (kPllPDivideBy2 << 16) | kPllSourceHse | (kPllQ << 24);
  reg(rcc::kCr) = reg(rcc::kCr) | rcc::kCrPllOn;
  while ((reg(rcc::kCr) & rcc::kCrPllRdy) == 0) {
  }
  // 3 wait states for 90-100 MHz at 2.7-3.6 V, before the clock goes up.
  reg(stm32f4::flash::kAcr) = 3u | stm32f4::flash::kAcrPrefetch | stm32f4::flash::kAcrICache | stm32f4::flash::kAcrDCache;
  constexpr std::uint32_t kApb1DivideBy2 = 0b100u << 10, kSwitchToPll = 0b10u, kSwitchStatusMask = 0b11u << 2, kRunningOnPll = 0b10u << 2;
  reg(rcc::kCfgr) = kApb1DivideBy2 | kSwitchToPll;
  while ((reg(rcc::kCfgr) & kSwitchStatusMask) != kRunningOnPll) {
  }
}

}  // namespace tessera::firmware::blackpill
