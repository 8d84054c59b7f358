#include "system_tick.hpp"

#include "registers.hpp"

namespace {
volatile std::uint32_t milliseconds = 0;
}

extern "C" void SysTick_Handler() { milliseconds = milliseconds + 1; }

namespace tessera::firmware::stm32f4 {

void startMillisecondTick(std::uint32_t coreClockHz) {
  reg(systick::kLoad) = coreClockHz / 1000 - 1;
  reg(systick::kVal) = 0;
  reg(systick::kCtrl) = systick::kCtrlEnable | systick::kCtrlInterrupt | systick::kCtrlProcessorClock;
}

std::uint32_t millisecondsSinceStart() { return milliseconds; }

void sleepUnlessWorkPending(bool (*hasWork)()) {
  asm volatile("cpsid i" ::: "memory");
  if (!hasWork()) asm volatile("wfi" ::: "memory");
  asm volatile("cpsie i" ::: "memory");
}

}  // namespace tessera::firmware::stm32f4
