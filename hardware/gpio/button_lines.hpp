#pragma once
// The buttons as the panel sees them: a few lines that report edges. Levels are logical (true:
// pressed), whatever the wiring. GpiodButtonLines reads libgpiod edge events; tests use a fake.
#include <chrono>
#include <string>
#include <vector>

namespace tessera::gpio {

struct ButtonEdge {
  int button = 0;                  // index into the lines' buttons
  bool pressed = false;            // the level right after the edge
  std::chrono::nanoseconds when{};  // on the ScanClock's time line
};

class ButtonLines {
 public:
  virtual ~ButtonLines() = default;

  virtual int count() const = 0;
  virtual const std::string& name(int button) const = 0;  // confirm, takeback, hint, menu
  // The level now (used once, at start, so a button held down at start is not a press).
  virtual bool pressed(int button) = 0;
  // The edges that arrive within `timeout` (all that are queued once the first one is there);
  // empty when none came.
  virtual std::vector<ButtonEdge> waitForEdges(std::chrono::nanoseconds timeout) = 0;
};

}  // namespace tessera::gpio
