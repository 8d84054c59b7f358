#pragma once
// The engine's speed: nodes per second and the time to reach a fixed depth from each variant's start
// and from a middle-game position of each, or the nodes to each depth over positions from a file.
#include <ostream>
#include <vector>

#include "core/rules/position.hpp"

namespace tessera::commands {

void benchEngine(std::ostream& out, bool quick);

// The nodes each position takes to each depth up to `depth`, then their geometric mean over the
// positions: how fast the search's cost grows with depth on a set of positions (say from games).
void benchEnginePositions(std::ostream& out, const std::vector<Position>& positions, int depth);

}  // namespace tessera::commands
