#include "core/rules/game_status.hpp"

#include "core/rules/attacks.hpp"
#include "core/rules/movegen.hpp"

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

// FIDE's other dead positions (5.2.2) on a board whose squares never change what a piece is or where
// it may go: King and one Bishop or one Knight against a lone King, or Kings and Bishops alone, every
// Bishop on squares of one colour. Told by the pieces' moves (betza "B" and "N"), so it holds for any
// variant with such pieces and no terrain, Pawns or holdings, on a board of at least 8x8 (on a smaller
// one a lone Knight might mate). Helpmate is impossible in each case: with one Knight or Bishop the
// King never lacks a flight square, and Bishops on one colour never attack the other.
bool onlyPiecesThatCannotMateLeft(const Position& pos) {
  const Variant& v = pos.variant();
  if (v.sides != 2 || v.hasTiles() || v.hasPaperColours() || v.hasSquareColours() || v.hasSectors() || v.hasHoldings()) return false;
  if (v.size.files < 8 || v.size.ranks < 8) return false;
  if (pos.occupied(0).count() + pos.occupied(1).count() > 4) return false;  // two Kings and two Bishops at most
  int knights = 0;
  int bishopsOnEven = 0;
  int bishopsOnOdd = 0;
  bool other = false;
  for (int side = 0; side < 2; ++side)
    pos.occupied(side).forEach([&](Square sq) {
      const PieceType& type = v.pieces[static_cast<std::size_t>(pieceType(pos.at(sq)))];
      if (type.royal) return;
      if (type.betza == "N") ++knights;
      else if (type.betza == "B") ++((fileOf(sq) + rankOf(sq)) % 2 == 0 ? bishopsOnEven : bishopsOnOdd);
      else other = true;
    });
  if (other) return false;
  const int bishops = bishopsOnEven + bishopsOnOdd;
  if (knights + bishops <= 1) return true;
  return knights == 0 && (bishopsOnEven == 0 || bishopsOnOdd == 0);
}

}  // namespace

bool isDeadPosition(const Position& pos) { return onlyRoyalPiecesLeft(pos) || onlyPiecesThatCannotMateLeft(pos); }

GameStatus gameStatus(Position& pos) {
  if (pos.variant().sides > 2 && pos.sidesInGame() == 1) return GameStatus::LastPlayerStanding;
  MoveList moves;
  generateLegal(pos, moves);
  if (moves.empty()) return inCheck(pos, pos.sideToMove()) ? GameStatus::Checkmate : GameStatus::Stalemate;
  if (isDeadPosition(pos)) return GameStatus::DeadPosition;
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
