#include "hardware/gpio/gpiod_chip.hpp"

#include <system_error>

#include "hardware/gpio/gpio_error.hpp"

namespace tessera::gpio {
namespace {

std::string describe(const gpiod::chip& chip) {
  return chip.name() + " [" + chip.label() + "] (" + std::to_string(chip.num_lines()) + " lines)";
}

std::string namedLines(const gpiod::chip& chip) {
  std::string names;
  int shown = 0;
  for (unsigned offset = 0; offset < chip.num_lines(); ++offset) {
    const std::string name = chip.get_line(offset).name();
    if (name.empty()) continue;
    if (shown == 24) return names + ", ...";
    names += (shown++ ? ", " : "") + name;
  }
  return shown ? names : "none (give lines by offset)";
}

}  // namespace

std::string describeChipsPresent() {
  std::string list;
  try {
    for (const gpiod::chip& chip : gpiod::make_chip_iter()) list += (list.empty() ? "" : ", ") + describe(chip);
  } catch (const std::system_error& e) {
    return "cannot list the GPIO chips: " + std::string(e.what());
  }
  return list.empty() ? "none (no /dev/gpiochip* device)" : list;
}

GpiodChip::GpiodChip(const std::string& name) : asked_(name) {
  try {
    chip_.open(name, gpiod::chip::OPEN_LOOKUP);
  } catch (const std::system_error& e) {
    throw GpioSetupError("GPIO chip '" + name + "' cannot be opened (" + e.code().message() +
                         "; tried it as a path, a name such as gpiochip0, a label and a number). Chips present: " +
                         describeChipsPresent());
  }
  name_ = chip_.name();
}

gpiod::line GpiodChip::line(const LineRef& ref, std::string_view purpose) const {
  const std::string where = " on " + name_ + " [" + chip_.label() + "], wanted for " + std::string(purpose);
  if (ref.offset) {
    if (*ref.offset >= chip_.num_lines())
      throw GpioSetupError("line offset " + std::to_string(*ref.offset) + " is out of range" + where + ": the chip has " +
                           std::to_string(chip_.num_lines()) + " lines, 0 to " +
                           std::to_string(chip_.num_lines() - 1));
    return chip_.get_line(*ref.offset);
  }
  gpiod::line found;
  try {
    found = chip_.find_line(ref.name);
  } catch (const std::system_error& e) {
    throw GpioSetupError("looking for line '" + ref.name + "'" + where + " failed: " + e.code().message());
  }
  if (!found) throw GpioSetupError("no line named '" + ref.name + "'" + where + "; its named lines: " + namedLines(chip_));
  return found;
}

void GpiodChip::request(const gpiod::line_bulk& lines, const gpiod::line_request& request, std::string_view purpose,
                        const std::vector<int>& defaults) const {
  try {
    lines.request(request, defaults);
  } catch (const std::system_error& e) {
    std::string users;
    for (const gpiod::line& l : gpiod::line_bulk(lines)) {
      l.update();
      if (l.is_used() && !l.is_requested()) {
        users += (users.empty() ? "" : ", ") + std::string("offset ") + std::to_string(l.offset()) + " used by '" +
                 l.consumer() + "'";
      }
    }
    throw GpioSetupError("cannot request the " + std::string(purpose) + " lines on " + name_ + ": " +
                         e.code().message() + (users.empty() ? "" : " (" + users + ")"));
  }
}

}  // namespace tessera::gpio
