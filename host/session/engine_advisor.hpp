#pragma once
// The engine as the session uses it: its action for engine mode, and the best few lines as hints,
// each within a time limit so the table never waits long.
#include <vector>

#include "core/search.hpp"

namespace tessera::session {

class EngineAdvisor {
 public:
  // The first move of each of the best `lines` lines, best first (empty when there is no action).
  std::vector<Move> bestActions(Position& pos, int millis, int lines = 1);

 private:
  Searcher searcher_{16};
};

}  // namespace tessera::session
