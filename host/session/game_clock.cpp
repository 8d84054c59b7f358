#include "game_clock.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <stdexcept>

#include "core/rules/game.hpp"

namespace tessera::session {

TimeControl parseTimeControl(const std::string& text) {
  if (text == "none" || text.empty()) return {};
  const std::string usage = "a time control is 'none', 'MINUTES' or 'MINUTES+SECONDS' (e.g. 5+3), not '" + text + "'";
  // Digits, points and one '+' only: std::stod alone would also read "5++3", "5+ 3", "5+-0" or "0x5".
  const bool plain = std::all_of(text.begin(), text.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == '+';
  });
  if (!plain || std::count(text.begin(), text.end(), '+') > 1) throw std::invalid_argument(usage);
  const auto plus = text.find('+');
  double minutes = 0, seconds = 0;
  try {
    std::size_t used = 0;
    const std::string m = text.substr(0, plus);
    minutes = std::stod(m, &used);
    if (used != m.size()) throw std::invalid_argument(usage);
    if (plus != std::string::npos) {
      const std::string s = text.substr(plus + 1);
      seconds = std::stod(s, &used);
      if (used != s.size()) throw std::invalid_argument(usage);
    }
  } catch (const std::logic_error&) {
    throw std::invalid_argument(usage);
  }
  if (!(minutes > 0 && minutes <= 600) || !(seconds >= 0 && seconds <= 600))
    throw std::invalid_argument(usage + ": minutes 0-600 (more than 0), seconds 0-600");
  TimeControl tc;
  tc.base = std::chrono::milliseconds(static_cast<long>(minutes * 60000));
  tc.increment = std::chrono::milliseconds(static_cast<long>(seconds * 1000));
  return tc;
}

std::string timeControlText(const TimeControl& control) {
  if (!control.counting()) return "none";
  char text[64];
  std::snprintf(text, sizeof text, "%.10g+%.10g", static_cast<double>(control.base.count()) / 60000.0,
                static_cast<double>(control.increment.count()) / 1000.0);
  return text;
}

void GameClock::turnTo(int side, Clock::time_point now) {
  stop(now);
  running_ = side;
  since_ = now;
}

GameClock::Clock::duration GameClock::finishTurn(Clock::time_point now) {
  if (handedOver_) {
    const auto [side, thought] = *handedOver_;
    handedOver_.reset();
    ++turns_[static_cast<std::size_t>(side)];
    return thought;
  }
  if (running_ < 0) return {};
  const Clock::duration thought = now - since_;
  ++turns_[static_cast<std::size_t>(running_)];
  stop(now);
  stopped_.reset();  // it ended with an action
  return thought;
}

void GameClock::stop(Clock::time_point now) {
  if (running_ >= 0) {
    used_[static_cast<std::size_t>(running_)] += now - since_;
    stopped_ = StoppedTurn{running_, now - since_};
  }
  running_ = -1;
  handedOver_.reset();
}

GameClock::Clock::duration GameClock::handOver(Clock::time_point now, int next) {
  if (running_ < 0) return {};
  const int side = running_;
  const Clock::duration thought = now - since_;
  turnTo(next, now);
  handedOver_ = {side, thought};
  return thought;
}

void GameClock::addTurn(int side, Clock::duration thought) {
  used_[static_cast<std::size_t>(side)] += thought;
  ++turns_[static_cast<std::size_t>(side)];
}

void GameClock::addThinking(int side, Clock::duration thought) {
  used_[static_cast<std::size_t>(side)] += thought;
  stopped_ = StoppedTurn{side, thought};
}

void GameClock::takeUpStoppedTurn() {
  if (!stopped_ || stopped_->side != running_) return;
  used_[static_cast<std::size_t>(running_)] -= stopped_->thought;
  since_ -= stopped_->thought;
  stopped_.reset();
}

void GameClock::extendTurn(Clock::duration thought) {
  if (running_ >= 0) since_ -= thought;
}

GameClock::Clock::duration GameClock::turnSoFar(Clock::time_point now) const {
  return running_ < 0 ? Clock::duration::zero() : now - since_;
}

GameClock::Clock::duration GameClock::used(int side, Clock::time_point now) const {
  Clock::duration d = used_[static_cast<std::size_t>(side)];
  if (side == running_) d += now - since_;
  return d;
}

GameClock::Clock::duration GameClock::remaining(int side, Clock::time_point now) const {
  return control_.base + control_.increment * turns_[static_cast<std::size_t>(side)] - used(side, now);
}

std::optional<int> GameClock::flagFallen(Clock::time_point now) const {
  if (!control_.counting() || running_ < 0) return std::nullopt;
  if (remaining(running_, now) <= Clock::duration::zero()) return running_;
  return std::nullopt;
}

std::string GameClock::text(const Variant& variant, Clock::time_point now) const {
  std::string out;
  for (int side = 0; side < static_cast<int>(used_.size()); ++side) {
    const Clock::duration shown = control_.counting() ? std::max(Clock::duration::zero(), remaining(side, now)) : used(side, now);
    const long seconds = static_cast<long>(std::chrono::duration_cast<std::chrono::seconds>(shown).count());
    char buf[64];
    std::snprintf(buf, sizeof buf, "%s%s %ld:%02ld", out.empty() ? "" : "  ", sideFullName(variant, side).c_str(),
                  seconds / 60, seconds % 60);
    out += buf;
  }
  return out;
}

}  // namespace tessera::session
