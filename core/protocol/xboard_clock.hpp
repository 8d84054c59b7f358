#pragma once
// The engine's time in an XBoard game, as `level`, `st`, `sd` and `time` set it, and the limits of
// its next search. Kept apart from the session so that what each command does to the limits can
// be checked without a search and without timing one.
#include <string>

#include "core/engine/search.hpp"

namespace tessera {

// With no time control, depth or time per action given, the engine thinks this long.
constexpr int kXboardDefaultThinkMillis = 1000;

class XboardClock {
 public:
  // `level MPS BASE INC`: MPS actions in BASE minutes ("5") or minutes and seconds ("0:30"), MPS 0
  // for all of the game, INC seconds added per action. It ends a time per action set by `st`.
  void setLevel(const std::string& mps, const std::string& base, const std::string& increment);
  // `st SECONDS`: this long for every action, whatever the clock says.
  void setSecondsPerAction(const std::string& seconds);
  // `sd DEPTH`: no deeper than this.
  void setDepth(const std::string& depth);
  // `time CENTISECONDS`: what is left on the engine's clock (below zero read as zero).
  void setEngineClock(const std::string& centiseconds);
  // `new`: no depth limit, and the engine's clock not yet heard; the time control stays.
  void newGame();

  int depth() const { return depth_; }  // 0: none
  // The limits for the engine's next action, `actionsPlayed` (both sides') into the game: `st`
  // first, then the clock `time` gave, then the time control's base, then the default second (not
  // when only a depth is set).
  SearchLimits limitsForAction(int actionsPlayed) const;
  // The limits for a hint to the user: a second, no deeper than `sd`.
  SearchLimits limitsForHint() const;

 private:
  int actionsPerControl_ = 0;
  long long baseMillis_ = 0, incrementMillis_ = 0;
  long long engineClockMillis_ = -1;
  double secondsPerAction_ = 0;
  int depth_ = 0;
};

}  // namespace tessera
