#include "game_status.hpp"

#include "attacks.hpp"
#include "movegen.hpp"

namespace tessera {
namespace {

// With no piece but the royal ones on the board nothing can ever give check: no variant adds pieces
// from nothing (holdings only fill promotions, and no promoting piece is left).
bool onlyRoyalPiecesLeft(const Position& pos) {
  const Variant& v = pos.variant();
  for (int side = 0; side < v.sides; ++side) {
    bool other = false;
    pos.occupied(side).forEach([&](Square sq) { other = other || !v.pieces[static_cast<std::size_t>(pieceType(pos.at(sq)))].royal; });
    if (other) return false;
  }
  return true;
}

}  // namespace

GameStatus gameStatus(Position& pos) {
  if (pos.variant().sides > 2 && pos.sidesInGame() == 1) return GameStatus::LastPlayerStanding;
  MoveList moves;
  generateLegal(pos, moves);
  if (moves.empty()) return inCheck(pos, pos.sideToMove()) ? GameStatus::Checkmate : GameStatus::Stalemate;
  if (onlyRoyalPiecesLeft(pos)) return GameStatus::DeadPosition;
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
    case GameStatus::DeadPosition: return "dead position (nothing left to mate with)";
  }
  return "?";
}

}  // namespace tessera
