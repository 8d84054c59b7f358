#include "core/protocol/xboard_clock.hpp"

#include <algorithm>
#include <cmath>

#include "core/engine/time_budget.hpp"
#include "core/protocol/xboard_notation.hpp"

namespace tessera {
namespace {

// A time control's base: minutes ("5") or minutes and seconds ("0:30"), in milliseconds, at most
// ten hours.
long long baseMillis(const std::string& text) {
  const auto colon = text.find(':');
  if (colon == std::string::npos) return std::llround(std::min(xboardNumber(text, "the base time"), 600.0) * 60'000);
  const double minutes = xboardNumber(text.substr(0, colon), "the base time's minutes");
  const double seconds = xboardNumber(text.substr(colon + 1), "the base time's seconds");
  return std::llround(std::min(minutes * 60 + seconds, 36'000.0) * 1000);
}

}  // namespace

void XboardClock::setLevel(const std::string& mps, const std::string& base, const std::string& increment) {
  // All three are read before any is kept, so that a wrong one leaves the time control as it was.
  const int actions = static_cast<int>(std::min(xboardNumber(mps, "the actions per control"), 1000.0));
  const long long millis = baseMillis(base);
  const long long incrementMillis = std::llround(std::min(xboardNumber(increment, "the increment"), 3600.0) * 1000);
  actionsPerControl_ = actions;
  baseMillis_ = millis;
  incrementMillis_ = incrementMillis;
  secondsPerAction_ = 0;
}

void XboardClock::setSecondsPerAction(const std::string& seconds) {
  secondsPerAction_ = std::min(xboardNumber(seconds, "'st'"), kMaxSearchMillis / 1000.0);
}

void XboardClock::setDepth(const std::string& depth) {
  depth_ = static_cast<int>(std::clamp(xboardNumber(depth, "'sd'"), 1.0, static_cast<double>(kMaxSearchDepth)));
}

void XboardClock::setEngineClock(const std::string& centiseconds) {
  // A clock that has run out may read below zero.
  const double value = std::clamp(xboardSignedNumber(centiseconds, "'time'"), 0.0, 360'000'000.0);
  engineClockMillis_ = std::llround(value) * 10;
}

void XboardClock::newGame() {
  depth_ = 0;
  engineClockMillis_ = -1;
}

SearchLimits XboardClock::limitsForAction(int actionsPlayed) const {
  SearchLimits limits;
  if (depth_ > 0) limits.depth = depth_;
  const int ownActionsDone = actionsPlayed / 2;
  const int movesToGo =
      actionsPerControl_ > 0 ? actionsPerControl_ - ownActionsDone % actionsPerControl_ : kDefaultMovesToGo;
  if (secondsPerAction_ > 0)
    limits.millis = std::max(1, static_cast<int>(std::lround(secondsPerAction_ * 1000)));
  else if (engineClockMillis_ >= 0)
    limits.millis = millisForAction(engineClockMillis_, incrementMillis_, movesToGo);
  else if (baseMillis_ > 0)
    limits.millis = millisForAction(baseMillis_, incrementMillis_, movesToGo);
  else if (depth_ == 0)
    limits.millis = kXboardDefaultThinkMillis;
  return limits;
}

SearchLimits XboardClock::limitsForHint() const {
  SearchLimits limits;
  limits.millis = kXboardDefaultThinkMillis;
  if (depth_ > 0) limits.depth = depth_;
  return limits;
}

}  // namespace tessera
