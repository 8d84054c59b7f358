#pragma once
// The engine's tactics: the "Win At Chess" positions searched to a fixed number of nodes each, and
// how many of them it answers with a best action (one of the position's `bm`, none of its `am`).
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace tessera::commands {

struct TacticsResult {
  int solved = 0;
  int total = 0;
  std::int64_t nodes = 0;
  double seconds = 0;
  std::vector<std::string> missed;  // the ids of the positions not solved
};

// The first `count` positions (all 300 at most) at `nodesEach` nodes, one line of summary to `out`.
TacticsResult benchTactics(std::ostream& out, int count, std::int64_t nodesEach);

}  // namespace tessera::commands
