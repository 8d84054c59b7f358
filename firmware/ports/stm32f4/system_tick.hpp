#pragma once
// Milliseconds since start, counted by the Cortex-M SysTick interrupt.
#include <cstdint>

namespace tessera::firmware::stm32f4 {

void startMillisecondTick(std::uint32_t coreClockHz);
std::uint32_t millisecondsSinceStart();
// Sleeps until the next interrupt unless `hasWork` reports something pending; interrupts that
// arrive between the check and the sleep still wake it.
void sleepUnlessWorkPending(bool (*hasWork)());

}  // namespace tessera::firmware::stm32f4
