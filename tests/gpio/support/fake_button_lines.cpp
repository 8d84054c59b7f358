#include "support/fake_button_lines.hpp"

namespace tessera::testing {

FakeButtonLines::FakeButtonLines(std::vector<std::string> names, gpio::ManualClock& clock)
    : names_(std::move(names)), clock_(clock), levels_(names_.size(), false) {}

void FakeButtonLines::queueEdge(int button, bool pressed, std::chrono::nanoseconds after) {
  const std::chrono::nanoseconds base = queued_.empty() ? clock_.now() : queued_.back().when;
  queued_.push_back({button, pressed, base + after});
}

std::vector<gpio::ButtonEdge> FakeButtonLines::waitForEdges(std::chrono::nanoseconds timeout) {
  const std::chrono::nanoseconds end = clock_.now() + timeout;
  std::vector<gpio::ButtonEdge> edges;
  if (queued_.empty() || queued_.front().when > end) {
    clock_.advance(end - clock_.now());
    return edges;
  }
  // Wake at the first edge and take every edge already due then, as an event queue would hold them.
  if (queued_.front().when > clock_.now()) clock_.advance(queued_.front().when - clock_.now());
  while (!queued_.empty() && queued_.front().when <= clock_.now()) {
    levels_[static_cast<std::size_t>(queued_.front().button)] = queued_.front().pressed;
    edges.push_back(queued_.front());
    queued_.pop_front();
  }
  return edges;
}

}  // namespace tessera::testing
