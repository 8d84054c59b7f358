#include "hardware/gpio/gpiod_button_lines.hpp"

namespace tessera::gpio {

GpiodButtonLines::GpiodButtonLines(const GpiodChip& chip, const GpioConfig& config, ScanClock& clock)
    : clock_(clock) {
  for (const ButtonLine& button : config.buttons) {
    names_.push_back(button.name);
    lines_.append(chip.line(button.line, "button_" + button.name));
  }
  if (lines_.empty()) return;
  const bool activeLow = config.active == ActiveLevel::Low;
  gpiod::line_request request{kGpioConsumer, gpiod::line_request::EVENT_BOTH_EDGES,
                              activeLow ? gpiod::line_request::FLAG_ACTIVE_LOW | gpiod::line_request::FLAG_BIAS_PULL_UP
                                        : gpiod::line_request::FLAG_BIAS_PULL_DOWN};
  chip.request(lines_, request, "button");
}

GpiodButtonLines::~GpiodButtonLines() {
  try {
    if (!lines_.empty()) lines_.release();
  } catch (...) {  // the chip went away; the kernel frees the lines with the file descriptors
  }
}

bool GpiodButtonLines::pressed(int button) { return lines_[static_cast<unsigned>(button)].get_value() != 0; }

std::vector<ButtonEdge> GpiodButtonLines::waitForEdges(std::chrono::nanoseconds timeout) {
  std::vector<ButtonEdge> edges;
  if (lines_.empty()) {  // no buttons wired: nothing ever happens
    clock_.sleepFor(timeout);
    return edges;
  }
  gpiod::line_bulk ready = lines_.event_wait(timeout);
  for (const gpiod::line& line : ready) {
    for (unsigned i = 0; i < lines_.size(); ++i) {
      if (lines_[i] != line) continue;
      const gpiod::line_event event = line.event_read();
      edges.push_back({static_cast<int>(i), event.event_type == gpiod::line_event::RISING_EDGE, clock_.now()});
    }
  }
  return edges;
}

}  // namespace tessera::gpio
