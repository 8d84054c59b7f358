#include "hardware/gpio/gpio_devices.hpp"

namespace tessera::gpio {

SwitchSensorOptions switchSensorOptions(const GpioConfig& config) {
  SwitchSensorOptions options;
  options.settle = config.settle;
  options.debounceScans = config.debounceScans;
  options.mapping = config.mapping;
  options.diodes = config.diodes;
  return options;
}

GpioDevices::GpioDevices(const GpioConfig& config)
    : chip_(config.chip),
      matrix_(chip_, config),
      buttonLines_(chip_, config, clock_),
      sensor_(matrix_, clock_, switchSensorOptions(config)),
      panel_(buttonLines_, clock_, config.buttonDebounce),
      scanInterval_(config.scanInterval) {}

}  // namespace tessera::gpio
