#include "shown_actions.hpp"

#include "core/rules/movegen.hpp"
#include "core/rules/sectors.hpp"

namespace tessera::session {

std::optional<Square> ShownActions::from(bool playing) const {
  if (lifted_) return lifted_;
  if (!playing) return std::nullopt;
  return asked_;
}

std::vector<Move> ShownActions::actions(Position& pos, bool playing) const {
  const std::optional<Square> sq = from(playing);
  if (!sq) return {};
  std::vector<Move> actions = legalActionsFrom(pos, *sq);
  if (!lifted_) {  // a tapped square shows its sector's shifts too; a lifted piece only its own moves
    const std::vector<Move> shifts = sectorShiftsFrom(pos, *sq);
    actions.insert(actions.end(), shifts.begin(), shifts.end());
  }
  return actions;
}

}  // namespace tessera::session
