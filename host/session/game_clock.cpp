#include "game_clock.hpp"

#include <cstdio>

#include "core/game.hpp"

namespace tessera::session {

void GameClock::turnTo(int side, Clock::time_point now) {
  stop(now);
  running_ = side;
  since_ = now;
}

void GameClock::stop(Clock::time_point now) {
  if (running_ >= 0) used_[static_cast<std::size_t>(running_)] += now - since_;
  running_ = -1;
}

GameClock::Clock::duration GameClock::used(int side, Clock::time_point now) const {
  Clock::duration d = used_[static_cast<std::size_t>(side)];
  if (side == running_) d += now - since_;
  return d;
}

std::string GameClock::text(const Variant& variant, Clock::time_point now) const {
  std::string out;
  for (int side = 0; side < static_cast<int>(used_.size()); ++side) {
    const long seconds = static_cast<long>(std::chrono::duration_cast<std::chrono::seconds>(used(side, now)).count());
    char buf[64];
    std::snprintf(buf, sizeof buf, "%s%s %ld:%02ld", out.empty() ? "" : "  ", sideFullName(variant, side).c_str(),
                  seconds / 60, seconds % 60);
    out += buf;
  }
  return out;
}

}  // namespace tessera::session
