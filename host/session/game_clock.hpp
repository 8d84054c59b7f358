#pragma once
// Thinking time per side: the side to act's time runs from the moment the previous action was
// accepted until its own is. Without a time control the clocks count up ("White 1:02  Black 0:45");
// with one ("5+3": five minutes each, three seconds added after every action) they count down, and
// a side whose time runs out while it is to act has lost on time. Each action's thinking time goes
// into the journal with it, so the clocks come back after a restart (the time the program was down
// is not counted).
#include <chrono>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/rules/variant.hpp"

namespace tessera::session {

struct TimeControl {
  std::chrono::milliseconds base{0};       // 0: no time control, the clocks count up
  std::chrono::milliseconds increment{0};  // added after each of a side's actions
  bool counting() const { return base.count() > 0; }
};

// "none", "M" or "M+S" (minutes, seconds of increment): "5+3", "90+30", "0.5+0". Throws
// std::invalid_argument with a message saying what is expected.
TimeControl parseTimeControl(const std::string& text);
// The text parseTimeControl reads back: "5+3", "0.5+0", "none".
std::string timeControlText(const TimeControl& control);

class GameClock {
 public:
  using Clock = std::chrono::steady_clock;
  explicit GameClock(int sides, TimeControl control = {}) : used_(static_cast<std::size_t>(sides)), turns_(used_.size()), control_(control) {}
  // `side` starts thinking at `now` (the one who was thinking stops).
  void turnTo(int side, Clock::time_point now);
  // The side that was thinking finished an action at `now`: returns how long it thought, credits
  // the increment, and stops its clock.
  Clock::duration finishTurn(Clock::time_point now);
  // The side thinking stops, its turn ended without an action (a resignation, a flag, a draw).
  void stop(Clock::time_point now);
  // The side thinking has chosen its action but it is not on the board yet (the engine's, which the
  // player carries out): its thinking ends now and `next`'s clock runs, as if the clock had been
  // pressed. The next finishTurn() credits that turn and returns its thinking, leaving `next`'s
  // clock running; turnTo() or stop() before then drop the turn unfinished. Returns the thinking.
  Clock::duration handOver(Clock::time_point now, int next);
  // A journaled action: `side` thought `thought` for it.
  void addTurn(int side, Clock::duration thought);
  // Journaled thinking in a turn that ended without an action (a resignation, a flag, a draw).
  void addThinking(int side, Clock::duration thought);
  // The side thinking now (turnTo) takes up again the turn that last ended without an action
  // (stop(), addThinking()), when that turn was its own: the time it thought then is in this turn
  // again, as if the clock had never stopped. For a resignation or an agreed draw withdrawn.
  void takeUpStoppedTurn();
  // The side thinking now had already thought `thought` in this turn (journaled before a restart).
  void extendTurn(Clock::duration thought);
  // How long the side thinking now has thought in this turn (zero when no clock runs).
  Clock::duration turnSoFar(Clock::time_point now) const;
  int running() const { return running_; }

  Clock::duration used(int side, Clock::time_point now) const;
  Clock::duration remaining(int side, Clock::time_point now) const;  // time control only
  // With a time control: the side to act whose time has run out.
  std::optional<int> flagFallen(Clock::time_point now) const;
  const TimeControl& control() const { return control_; }
  std::string text(const Variant& variant, Clock::time_point now) const;

 private:
  std::vector<Clock::duration> used_;
  std::vector<int> turns_;  // actions finished per side, for the increments
  TimeControl control_;
  int running_ = -1;
  std::optional<std::pair<int, Clock::duration>> handedOver_;  // handOver's side and thinking
  Clock::time_point since_{};
  struct StoppedTurn {
    int side;
    Clock::duration thought;
  };
  std::optional<StoppedTurn> stopped_;  // the turn that last ended without an action
};

}  // namespace tessera::session
