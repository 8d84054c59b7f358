#pragma once
// The legal actions of a position as text, for the rules tests: all of them in long algebraic
// notation, or the squares the piece on one square may go to.
#include <set>
#include <string>

#include "core/rules/move_text.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/position.hpp"

namespace tessera::rules_test {

inline std::set<std::string> legalActionTexts(Position& pos) {
  MoveList moves;
  generateLegal(pos, moves);
  std::set<std::string> out;
  for (const Move& m : moves) out.insert(longAlgebraic(pos, m));
  return out;
}

// Piece moves and castling that start on `from`; drops, colour and sector shifts, tile actions and
// eliminations are no piece's destination.
inline std::set<std::string> destinationsFrom(Position& pos, const char* from) {
  MoveList moves;
  generateLegal(pos, moves);
  std::set<std::string> out;
  for (const Move& m : moves)
    if ((isPieceMove(m.kind) || m.kind == MoveKind::Castle) && squareName(m.from) == from)
      out.insert(squareName(m.to));
  return out;
}

}  // namespace tessera::rules_test
