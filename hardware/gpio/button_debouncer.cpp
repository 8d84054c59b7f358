#include "hardware/gpio/button_debouncer.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace tessera::gpio {

ButtonDebouncer::ButtonDebouncer(std::vector<bool> levelsAtStart, std::chrono::nanoseconds debounce)
    : debounce_(debounce) {
  for (bool level : levelsAtStart) buttons_.push_back({level, level, {}, false});
}

void ButtonDebouncer::addEdge(const ButtonEdge& edge) {
  if (edge.button < 0 || edge.button >= static_cast<int>(buttons_.size()))
    throw std::out_of_range("edge for button " + std::to_string(edge.button) + " of " +
                            std::to_string(buttons_.size()));
  State& b = buttons_[static_cast<std::size_t>(edge.button)];
  b.latest = edge.pressed;
  b.lastEdge = std::max(b.lastEdge, edge.when);
  b.pending = true;
}

std::vector<ButtonEvent> ButtonDebouncer::settle(std::chrono::nanoseconds now) {
  std::vector<ButtonEvent> events;
  for (std::size_t i = 0; i < buttons_.size(); ++i) {
    State& b = buttons_[i];
    if (!b.pending || now - b.lastEdge < debounce_) continue;
    b.pending = false;
    if (b.latest == b.accepted) continue;  // it bounced back to where it was
    b.accepted = b.latest;
    events.push_back({static_cast<int>(i), b.accepted ? ButtonAction::Pressed : ButtonAction::Released, b.lastEdge});
  }
  std::sort(events.begin(), events.end(), [](const ButtonEvent& a, const ButtonEvent& b) { return a.when < b.when; });
  return events;
}

std::optional<std::chrono::nanoseconds> ButtonDebouncer::nextDeadline() const {
  std::optional<std::chrono::nanoseconds> earliest;
  for (const State& b : buttons_) {
    if (b.pending && (!earliest || b.lastEdge + debounce_ < *earliest)) earliest = b.lastEdge + debounce_;
  }
  return earliest;
}

}  // namespace tessera::gpio
