#pragma once
// What every position a fuzz target manages to build must survive; a broken promise aborts, which
// the fuzzer reports with the input that did it.
#include <cstdlib>
#include <string>

#include "core/rules/game_status.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/position_text.hpp"

namespace tessera::fuzz {

// Its string reads back to the same string; every legal action's long algebraic and SAN text reads
// back to that action, and the actions `plies` deep are made and undone leaving it as it was.
inline void exercisePosition(Position& pos, int plies) {
  const std::string text = positionString(pos);
  if (positionString(parsePosition(pos.variant(), text)) != text) std::abort();
  (void)gameStatus(pos);
  if (plies == 0) return;
  MoveList moves;
  generateLegal(pos, moves);
  for (const Move& m : moves) {
    if (!(parseMove(pos, longAlgebraic(pos, m)) == m) || !(parseMove(pos, san(pos, m)) == m)) std::abort();
    pos.make(m);
    exercisePosition(pos, plies - 1);
    pos.unmake();
  }
  if (positionString(pos) != text) std::abort();
}

}  // namespace tessera::fuzz
