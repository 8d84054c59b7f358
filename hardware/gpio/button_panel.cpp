#include "hardware/gpio/button_panel.hpp"

#include <algorithm>

namespace tessera::gpio {
namespace {

std::vector<bool> levelsNow(ButtonLines& lines) {
  std::vector<bool> levels;
  for (int i = 0; i < lines.count(); ++i) levels.push_back(lines.pressed(i));
  return levels;
}

}  // namespace

ButtonPanel::ButtonPanel(ButtonLines& lines, ScanClock& clock, std::chrono::nanoseconds debounce)
    : lines_(lines), clock_(clock), debouncer_(levelsNow(lines), debounce) {}

std::vector<ButtonPress> ButtonPanel::wait(std::chrono::nanoseconds timeout) {
  const std::chrono::nanoseconds end = clock_.now() + timeout;
  std::vector<ButtonPress> presses;
  // The lines are read at least once, so that a zero timeout (polling from an event loop) still
  // picks up the edges that came since the last call.
  bool read = false;
  while (true) {
    for (const ButtonEvent& e : debouncer_.settle(clock_.now()))
      presses.push_back({lines_.name(e.button), e.action, e.when});
    const std::chrono::nanoseconds now = clock_.now();
    if (!presses.empty() || (now >= end && read)) return presses;
    std::chrono::nanoseconds until = end;
    if (const auto deadline = debouncer_.nextDeadline()) until = std::min(until, *deadline);
    for (const ButtonEdge& edge : lines_.waitForEdges(std::max(until - now, std::chrono::nanoseconds(0))))
      debouncer_.addEdge(edge);
    read = true;
  }
}

}  // namespace tessera::gpio
