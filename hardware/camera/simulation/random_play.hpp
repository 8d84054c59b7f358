#pragma once
// Positions reached by random legal play from a variant's start: boards with the surfaces and
// pieces real games produce (paper colours, tiles, anti-tiles, shifted sectors, captures).
#include <random>
#include <vector>

#include "core/rules/movegen.hpp"
#include "core/rules/position.hpp"
#include "core/rules/position_text.hpp"

namespace tessera::scene {

// Plays up to `plies` random legal actions on `pos` and returns them (fewer when the game ends).
inline std::vector<Move> playRandomly(Position& pos, int plies, std::mt19937& rng) {
  std::vector<Move> played;
  for (int i = 0; i < plies; ++i) {
    MoveList moves;
    generateLegal(pos, moves);
    if (moves.empty()) break;
    const Move m = moves[std::uniform_int_distribution<int>(0, moves.size() - 1)(rng)];
    pos.make(m);
    played.push_back(m);
  }
  return played;
}

}  // namespace tessera::scene
