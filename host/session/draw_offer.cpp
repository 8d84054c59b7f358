#include "draw_offer.hpp"

#include <cstdio>

#include "core/engine/search.hpp"

namespace tessera::session {

bool engineTakesTheDraw(int scoreForEngine) { return scoreForEngine <= kEngineTakesADrawUpTo; }

std::string drawDeclinedText(int scoreForEngine) {
  const std::string declines = "the engine declines the draw: ";
  if (isMateScore(scoreForEngine)) return declines + "it mates in " + std::to_string(movesToMate(scoreForEngine));
  char pawns[32];
  std::snprintf(pawns, sizeof pawns, "%+.2f", scoreForEngine / 100.0);
  return declines + "it scores " + pawns + " for itself";
}

}  // namespace tessera::session
