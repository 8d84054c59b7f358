#pragma once
// Fake button lines: the test queues edges at chosen times; waiting hands out the edges that are
// due within the timeout and moves the manual clock on, as a real wait would.
#include <chrono>
#include <deque>
#include <string>
#include <vector>

#include "hardware/gpio/button_lines.hpp"
#include "hardware/gpio/scan_clock.hpp"

namespace tessera::testing {

class FakeButtonLines final : public gpio::ButtonLines {
 public:
  FakeButtonLines(std::vector<std::string> names, gpio::ManualClock& clock);

  // The level the buttons have before any edge (what pressed() reports at start).
  void holdAtStart(int button) { levels_[static_cast<std::size_t>(button)] = true; }
  // An edge of `button` to `pressed`, `after` the previous queued edge (or now, for the first).
  void queueEdge(int button, bool pressed, std::chrono::nanoseconds after);

  int count() const override { return static_cast<int>(names_.size()); }
  const std::string& name(int button) const override { return names_[static_cast<std::size_t>(button)]; }
  bool pressed(int button) override { return levels_[static_cast<std::size_t>(button)]; }
  std::vector<gpio::ButtonEdge> waitForEdges(std::chrono::nanoseconds timeout) override;

 private:
  std::vector<std::string> names_;
  gpio::ManualClock& clock_;
  std::vector<bool> levels_;
  std::deque<gpio::ButtonEdge> queued_;
};

}  // namespace tessera::testing
