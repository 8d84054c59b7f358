#pragma once
// The two ways the GPIO part refuses to start: a configuration it cannot read, and a chip or line
// that is not there. Both carry a message meant for a person: what, where, and what was expected.
#include <stdexcept>
#include <string>

#include "core/text/visible_text.hpp"

namespace tessera::gpio {

// A bad configuration text: names the key and the line when there is one.
class GpioConfigError : public std::runtime_error {
 public:
  explicit GpioConfigError(const std::string& what) : std::runtime_error(visibleText(what)) {}  // input quoted in it stays readable
};

// The configuration is well formed but the hardware does not match it (no such chip, offset out
// of range, no line of that name, line busy).
class GpioSetupError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace tessera::gpio
