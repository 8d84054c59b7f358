#include "game_status.hpp"

#include "attacks.hpp"
#include "movegen.hpp"

namespace tessera {

GameStatus gameStatus(Position& pos) {
  if (pos.variant().sides > 2 && pos.sidesInGame() == 1) return GameStatus::LastPlayerStanding;
  MoveList moves;
  generateLegal(pos, moves);
  if (moves.empty()) return inCheck(pos, pos.sideToMove()) ? GameStatus::Checkmate : GameStatus::Stalemate;
  if (pos.repetitions() >= 2) return GameStatus::ThreefoldRepetition;
  if (pos.halfmoveClock() >= pos.variant().fiftyMoveLimit) return GameStatus::FiftyMoveRule;
  return GameStatus::Ongoing;
}

std::string_view gameStatusName(GameStatus s) {
  switch (s) {
    case GameStatus::Ongoing: return "ongoing";
    case GameStatus::Checkmate: return "checkmate";
    case GameStatus::Stalemate: return "stalemate";
    case GameStatus::ThreefoldRepetition: return "threefold repetition";
    case GameStatus::FiftyMoveRule: return "fifty-move rule";
    case GameStatus::LastPlayerStanding: return "last player standing";
  }
  return "?";
}

}  // namespace tessera
