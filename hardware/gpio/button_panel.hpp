#pragma once
// The buttons (confirm, takeback, hint, menu): waits for edges and hands out debounced presses
// and releases by name.
#include <chrono>
#include <string>
#include <vector>

#include "hardware/gpio/button_debouncer.hpp"
#include "hardware/gpio/button_lines.hpp"
#include "hardware/gpio/scan_clock.hpp"

namespace tessera::gpio {

struct ButtonPress {
  std::string button;  // confirm, takeback, hint, menu
  ButtonAction action = ButtonAction::Pressed;
  std::chrono::nanoseconds when{};
};

class ButtonPanel {
 public:
  ButtonPanel(ButtonLines& lines, ScanClock& clock, std::chrono::nanoseconds debounce);

  // Waits at most `timeout` for a settled change; returns the changes settled by then (possibly
  // none). A bounce that is still settling when the time is up is reported by a later call.
  std::vector<ButtonPress> wait(std::chrono::nanoseconds timeout);

 private:
  ButtonLines& lines_;
  ScanClock& clock_;
  ButtonDebouncer debouncer_;
};

}  // namespace tessera::gpio
