#pragma once
// An exhaustive check, independent of the engine: can the side to act force checkmate within
// `moves` of its own actions, whatever the other side does?
#include "core/rules/game_status.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/position.hpp"

#include <vector>

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

// Four players: a checkmated side still has one legal action, leaving the game, so gameStatus never
// says Checkmate and forcesMate above never holds. Here the side to act mates in N when, whatever the
// others do in between, its N-th action leaves the next side to act with leaving as its only action:
// checkmated, or stalemated, which puts a side out just the same (docs/rules/chameleon-redux.md).
inline bool nextSideIsOut(Position& pos) {
  MoveList actions;
  generateLegal(pos, actions);
  return actions.size() == 1 && actions[0].kind == MoveKind::Elimination;
}

bool forcesMate4p(Position& pos, int moves);

// The sides after `us` act in turn, each every way it can, and `us` then mates within `moves`.
inline bool othersCannotStop(Position& pos, int us, int moves) {
  if (moves <= 0 || !pos.inGame(us)) return false;
  if (pos.sideToMove() == us) return forcesMate4p(pos, moves);
  MoveList replies;
  generateLegal(pos, replies);
  for (const Move& r : replies) {
    pos.make(r);
    const bool lost = othersCannotStop(pos, us, moves);
    pos.unmake();
    if (!lost) return false;
  }
  return true;
}

// Right after an action of `us`.
inline bool matesNowOrWithin(Position& pos, int us, int moves) {
  return nextSideIsOut(pos) || othersCannotStop(pos, us, moves);
}

inline bool forcesMate4p(Position& pos, int moves) {
  if (moves <= 0) return false;
  const int us = pos.sideToMove();
  MoveList actions;
  generateLegal(pos, actions);
  for (const Move& m : actions) {
    pos.make(m);
    const bool wins = matesNowOrWithin(pos, us, moves - 1);
    pos.unmake();
    if (wins) return true;
  }
  return false;
}

// The first actions after which the side to act mates within `moves` of its own, whatever the
// others do (two players: everyReplyLoses; four: matesNowOrWithin).
inline std::vector<Move> forcingFirstActions(Position& pos, int moves) {
  const int us = pos.sideToMove();
  const bool fourPlayers = pos.variant().sides > 2;
  MoveList actions;
  generateLegal(pos, actions);
  std::vector<Move> forcing;
  for (const Move& m : actions) {
    pos.make(m);
    const bool wins = fourPlayers ? matesNowOrWithin(pos, us, moves - 1) : everyReplyLoses(pos, moves - 1);
    pos.unmake();
    if (wins) forcing.push_back(m);
  }
  return forcing;
}

}  // namespace tessera::testing
