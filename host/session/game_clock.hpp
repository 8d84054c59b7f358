#pragma once
// Thinking time per side: the side to act's time runs from the moment the previous action was
// accepted until its own is. Shown on the display and the web page ("White 1:02  Black 0:45").
// Not journaled: after a restart the clocks begin again at zero.
#include <chrono>
#include <string>
#include <vector>

#include "core/variant.hpp"

namespace tessera::session {

class GameClock {
 public:
  using Clock = std::chrono::steady_clock;
  explicit GameClock(int sides) : used_(static_cast<std::size_t>(sides)) {}
  // `side` starts thinking at `now` (the one who was thinking stops).
  void turnTo(int side, Clock::time_point now);
  void stop(Clock::time_point now);
  Clock::duration used(int side, Clock::time_point now) const;
  std::string text(const Variant& variant, Clock::time_point now) const;

 private:
  std::vector<Clock::duration> used_;
  int running_ = -1;
  Clock::time_point since_{};
};

}  // namespace tessera::session
