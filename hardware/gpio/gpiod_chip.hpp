#pragma once
// A GPIO chip opened through libgpiod's C++ bindings (Debian's 1.6, gpiod.hpp), and its lines
// found by offset or by name. Everything that can be wrong with the wiring configuration is
// reported here, at start, as a GpioSetupError that says what was asked for and what is there.
#include <gpiod.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "hardware/gpio/gpio_config.hpp"

namespace tessera::gpio {

// The consumer name the kernel shows for lines this program holds (gpioinfo lists it).
inline constexpr const char* kGpioConsumer = "tessera";

class GpiodChip {
 public:
  // `name`: gpiochip0, /dev/gpiochip0, the chip's label or its number. Throws GpioSetupError
  // listing the chips present when there is no such chip.
  explicit GpiodChip(const std::string& name);

  // The line `ref` names. Throws GpioSetupError when the offset is out of range or no line has
  // that name; `purpose` (e.g. "rows") is part of the message.
  gpiod::line line(const LineRef& ref, std::string_view purpose) const;
  // Requests `lines` for this program; a busy line is a GpioSetupError naming its user.
  void request(const gpiod::line_bulk& lines, const gpiod::line_request& request, std::string_view purpose,
               const std::vector<int>& defaults = {}) const;

  const std::string& name() const { return name_; }
  unsigned lineCount() const { return chip_.num_lines(); }

 private:
  gpiod::chip chip_;
  std::string name_;  // the kernel's name, e.g. gpiochip0
  std::string asked_;
};

// What a person needs to pick a chip: "gpiochip0 [pinctrl-bcm2711] (58 lines)", or a note that
// there is none.
std::string describeChipsPresent();

}  // namespace tessera::gpio
