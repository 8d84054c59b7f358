#pragma once
// Quiescence's generator (generateCaptures) must give exactly the captures among all of
// generatePseudoLegal's actions, in the same order.
#include <algorithm>
#include <vector>

#include "core/rules/movegen.hpp"
#include "core/rules/position.hpp"

namespace tessera {

inline bool capturesAreThoseAmongAllActions(const Position& pos) {
  MoveList all, captures;
  generatePseudoLegal(pos, all);
  generateCaptures(pos, captures);
  std::vector<Move> capturesOfAll;
  for (const Move& m : all)
    if (isCapture(pos, m)) capturesOfAll.push_back(m);
  return std::equal(captures.begin(), captures.end(), capturesOfAll.begin(), capturesOfAll.end());
}

}  // namespace tessera
