// The [gpio] section of the configuration file (`tessera play --config`): any text is read as a
// wiring or refused with a GpioConfigError naming the key and its line, never a crash.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "hardware/gpio/gpio_config.hpp"
#include "hardware/gpio/gpio_error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    (void)tessera::gpio::readGpioConfig(std::string_view(reinterpret_cast<const char*>(data), size));
  } catch (const tessera::gpio::GpioConfigError&) {
  }
  return 0;
}
