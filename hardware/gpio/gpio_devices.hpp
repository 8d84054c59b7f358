#pragma once
// Everything the [gpio] section wires, opened and requested at start: the chip, the sensor
// matrix and the buttons. A wrong chip, line name or offset, or a line another program holds,
// stops construction with a GpioSetupError that says which.
#include "hardware/gpio/button_panel.hpp"
#include "hardware/gpio/gpio_config.hpp"
#include "hardware/gpio/gpiod_button_lines.hpp"
#include "hardware/gpio/gpiod_chip.hpp"
#include "hardware/gpio/gpiod_matrix_lines.hpp"
#include "hardware/gpio/scan_clock.hpp"
#include "hardware/gpio/switch_board_sensor.hpp"

namespace tessera::gpio {

// The sensor's options from the configuration (settle time, debounce, mapping, diodes).
SwitchSensorOptions switchSensorOptions(const GpioConfig& config);

class GpioDevices {
 public:
  explicit GpioDevices(const GpioConfig& config);

  SwitchBoardSensor& board() { return sensor_; }
  ButtonPanel& buttons() { return panel_; }
  // How long to wait between two polls of board().
  std::chrono::milliseconds scanInterval() const { return scanInterval_; }

 private:
  SteadyScanClock clock_;
  GpiodChip chip_;
  GpiodMatrixLines matrix_;
  GpiodButtonLines buttonLines_;
  SwitchBoardSensor sensor_;
  ButtonPanel panel_;
  std::chrono::milliseconds scanInterval_;
};

}  // namespace tessera::gpio
