#include "board_scene.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/engine/search.hpp"

namespace tessera::display {

std::string evaluationText(int centipawns) {
  if (isMateScore(centipawns)) {
    const int moves = movesToMate(centipawns);
    return (moves < 0 ? "-M" : "M") + std::to_string(std::abs(moves));
  }
  char text[16];
  std::snprintf(text, sizeof text, "%+.1f", centipawns / 100.0);
  return centipawns == 0 || std::abs(centipawns) < 5 ? "0.0" : text;
}

double evaluationShare(int centipawns) {
  if (isMateScore(centipawns)) return centipawns > 0 ? 1.0 : 0.0;
  // A logistic curve: a pawn up fills about 60%, three pawns about 77%, ten nearly all.
  return 1.0 / (1.0 + std::exp(-centipawns / 250.0));
}

}  // namespace tessera::display
