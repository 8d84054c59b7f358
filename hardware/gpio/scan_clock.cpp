#include "hardware/gpio/scan_clock.hpp"

#include <thread>

namespace tessera::gpio {

std::chrono::nanoseconds SteadyScanClock::now() const {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
      std::chrono::steady_clock::now().time_since_epoch());
}

void SteadyScanClock::sleepFor(std::chrono::nanoseconds duration) {
  if (duration.count() > 0) std::this_thread::sleep_for(duration);
}

}  // namespace tessera::gpio
