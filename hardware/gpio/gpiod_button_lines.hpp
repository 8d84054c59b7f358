#pragma once
// The buttons on a real GPIO chip: each line requested for both edges, biased to the idle level
// (pull-up for active-low wiring). Edges carry the time they were read, on the clock the panel
// debounces with.
#include <string>
#include <vector>

#include "hardware/gpio/button_lines.hpp"
#include "hardware/gpio/gpio_config.hpp"
#include "hardware/gpio/gpiod_chip.hpp"
#include "hardware/gpio/scan_clock.hpp"

namespace tessera::gpio {

class GpiodButtonLines final : public ButtonLines {
 public:
  // Finds and requests the lines of `config.buttons`; throws GpioSetupError.
  GpiodButtonLines(const GpiodChip& chip, const GpioConfig& config, ScanClock& clock);
  ~GpiodButtonLines() override;
  GpiodButtonLines(const GpiodButtonLines&) = delete;
  GpiodButtonLines& operator=(const GpiodButtonLines&) = delete;

  int count() const override { return static_cast<int>(names_.size()); }
  const std::string& name(int button) const override { return names_[static_cast<std::size_t>(button)]; }
  bool pressed(int button) override;
  std::vector<ButtonEdge> waitForEdges(std::chrono::nanoseconds timeout) override;

 private:
  ScanClock& clock_;
  std::vector<std::string> names_;
  gpiod::line_bulk lines_;
};

}  // namespace tessera::gpio
