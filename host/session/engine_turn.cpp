#include "engine_turn.hpp"

#include <algorithm>

#include "core/engine/time_budget.hpp"

namespace tessera::session {

bool EngineTurn::toAct(const Position& pos) const {
  return options_.mode == PlayMode::Engine && pos.sideToMove() == options_.engineSide;
}

// With a time control the engine thinks no longer than its clock allows, as the protocols' engine does.
int EngineTurn::millisNow(const GameClock& clock) const {
  const TimeControl& control = clock.control();
  if (!control.counting()) return options_.engineMillis;
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(clock.remaining(options_.engineSide, GameClock::Clock::now()));
  const int budget = millisForAction(std::max<long long>(1, left.count()), control.increment.count(), kDefaultMovesToGo);
  return std::min(options_.engineMillis, budget);
}

std::optional<Move> EngineTurn::expectedIn(const Position& pos) const {
  if (announced_ && pos.sideToMove() == options_.engineSide) return announced_;
  return std::nullopt;
}

bool EngineTurn::announcedFits(const Position& pos, const Verdict& v) const {
  if (!toAct(pos) || !announced_) return false;
  const Explanation announced{Explanation::Kind::Action, *announced_, 0};
  const auto exact = v.choices.begin() + std::min<std::ptrdiff_t>(v.exactChoices, static_cast<std::ptrdiff_t>(v.choices.size()));
  return std::find(v.choices.begin(), exact, announced) != exact;
}

}  // namespace tessera::session
