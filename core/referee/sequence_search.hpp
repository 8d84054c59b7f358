#pragma once
// The sequences of legal actions that lead from the position to what a sensor saw, for a board
// that no single action explains (two quick actions between two still boards, a reboot while the
// players went on). Only sequences in which every action leaves a trace are looked for: each
// action changes a cell where the observation differs from the position. An action undone later in
// the same sequence (a piece moved out and back), or one whose changes the sensor cannot see (a Tile
// dropped, seen by an occupancy sensor), is not guessed. With the cells still wrong counted against
// what the actions left can change, this keeps the search small: docs/referee.md, "Gaps".
#include <vector>

#include "core/referee/board_distance.hpp"
#include "core/rules/move.hpp"
#include "core/rules/position.hpp"

namespace tessera {

// Every sequence of exactly `plies` legal actions from `pos` whose board the observation shows
// (`distance` is measured from `pos`), each action leaving a trace. `pos` is left as it was.
std::vector<std::vector<Move>> sequencesExplaining(Position& pos, const BoardDistance& distance, int plies);

}  // namespace tessera
