#pragma once
// Whether the game goes on, and if not, why: checkmate, stalemate, repetition, the 50-move rule.
#include <string_view>

#include "core/rules/position.hpp"

namespace tessera {

enum class GameStatus {
  Ongoing,
  Checkmate,             // the side to move has no legal move and is in check: it loses
  Stalemate,             // no legal move, not in check: a draw
  ThreefoldRepetition,   // the position stands for the third time: a draw
  FiftyMoveRule,         // the variant's limit of half-moves without capture or pawn-like move
  DeadPosition,          // no side can ever mate (FIDE 5.2.2: only royal pieces, or a lone minor piece): a draw
  LastPlayerStanding,    // four players: every other side has left the game; the one left wins
};

GameStatus gameStatus(Position& pos);
// No side can ever mate, whatever is played (GameStatus::DeadPosition when the side to act can act).
bool isDeadPosition(const Position& pos);
std::string_view gameStatusName(GameStatus s);

}  // namespace tessera
