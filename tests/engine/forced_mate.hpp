#pragma once
// An exhaustive check, independent of the engine: can the side to act force checkmate within
// `moves` of its own actions, whatever the other side does?
#include "core/game_status.hpp"
#include "core/movegen.hpp"
#include "core/position.hpp"

namespace tessera::testing {

inline bool isCheckmated(Position& pos) { return gameStatus(pos) == GameStatus::Checkmate; }

bool forcesMate(Position& pos, int moves);

// Every reply of the side to act (who is about to be mated) leads to a position where the
// attacker forces mate within `moves`.
inline bool everyReplyLoses(Position& pos, int moves) {
  if (isCheckmated(pos)) return true;
  if (moves == 0) return false;
  MoveList replies;
  generateLegal(pos, replies);
  if (replies.empty()) return false;  // stalemate
  for (const Move& r : replies) {
    pos.make(r);
    const bool lost = forcesMate(pos, moves);
    pos.unmake();
    if (!lost) return false;
  }
  return true;
}

inline bool forcesMate(Position& pos, int moves) {
  if (moves <= 0) return false;
  MoveList actions;
  generateLegal(pos, actions);
  for (const Move& m : actions) {
    pos.make(m);
    const bool wins = everyReplyLoses(pos, moves - 1);
    pos.unmake();
    if (wins) return true;
  }
  return false;
}

}  // namespace tessera::testing
