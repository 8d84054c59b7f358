#include "core/rules/game.hpp"

#include <stdexcept>

#include "core/rules/move_text.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/position_text.hpp"

namespace tessera {

std::string sideLetter(const Variant& v, int side) {
  static const char* two[] = {"w", "b"};
  static const char* four[] = {"s", "w", "n", "e"};
  return v.sides == 4 ? four[side] : two[side];
}

std::string sideFullName(const Variant& v, int side) {
  static const char* two[] = {"White", "Black"};
  static const char* four[] = {"South", "West", "North", "East"};
  return v.sides == 4 ? four[side] : two[side];
}

namespace {

// Resignation and loss on time are two-player results: the side is White (0) or Black (1).
void checkTwoPlayerSide(int side) {
  if (side != 0 && side != 1) throw std::invalid_argument("the side must be 0 (White) or 1 (Black), got " + std::to_string(side));
}

}  // namespace

Game::Game(const Variant& variant) : Game(variant, variant.startPosition) {}

Game::Game(const Variant& variant, std::string_view startPosition)
    : variant_(&variant),
      defaultStart_(positionString(tessera::startPosition(variant))),
      position_(parsePosition(variant, startPosition)) {
  start_ = positionString(position_);
}

void Game::play(const Move& m) {
  if (result().finished()) throw std::invalid_argument("the game is over (" + result().reason + ")");
  if (!isLegal(position_, m)) throw std::invalid_argument("not a legal action here: " + longAlgebraic(position_, m));
  std::vector<bool> inBefore;
  for (int s = 0; s < variant_->sides; ++s) inBefore.push_back(position_.inGame(s));
  position_.make(m);
  actions_.push_back(m);
  noteEliminations(variant_->sides, inBefore);
}

void Game::noteEliminations(int sides, const std::vector<bool>& inBefore) {
  for (int s = 0; s < sides; ++s)
    if (inBefore[static_cast<std::size_t>(s)] && !position_.inGame(s)) {
      eliminated_.push_back(s);
      eliminatedAtPly_.push_back(static_cast<int>(actions_.size()));
    }
}

void Game::takeBack(int plies) {
  if (plies < 0 || plies > static_cast<int>(actions_.size()))
    throw std::invalid_argument("cannot take back " + std::to_string(plies) + " actions: " +
                                std::to_string(actions_.size()) + " were played");
  for (int i = 0; i < plies; ++i) {
    position_.unmake();
    actions_.pop_back();
  }
  while (!eliminatedAtPly_.empty() && eliminatedAtPly_.back() > static_cast<int>(actions_.size())) {
    eliminated_.pop_back();
    eliminatedAtPly_.pop_back();
  }
  if (plies > 0) declared_.reset();
}

void Game::resign(int side) {
  if (variant_->sides != 2) throw std::invalid_argument("in a four-player game a side leaves when it has no legal action");
  checkTwoPlayerSide(side);
  if (result().finished()) throw std::invalid_argument("the game is over (" + result().reason + ")");
  declared_ = GameResult{side == 0 ? "0-1" : "1-0", sideFullName(*variant_, side) + " resigns"};
  declaredByPlayers_ = true;
}

void Game::loseOnTime(int side) {
  if (variant_->sides != 2) throw std::invalid_argument("time controls are for two players");
  checkTwoPlayerSide(side);
  if (result().finished()) throw std::invalid_argument("the game is over (" + result().reason + ")");
  declared_ = GameResult{side == 0 ? "0-1" : "1-0", sideFullName(*variant_, side) + " loses on time"};
  declaredByPlayers_ = false;
}

void Game::agreeDraw() {
  if (result().finished()) throw std::invalid_argument("the game is over (" + result().reason + ")");
  declared_ = GameResult{"1/2-1/2", "draw agreed"};
  declaredByPlayers_ = true;
}

void Game::withdrawResignationOrDraw() {
  if (!resignedOrDrawAgreed())
    throw std::invalid_argument(result().finished() ? "the game is over (" + result().reason + "), not by a resignation or an agreed draw"
                                                    : "no resignation or agreed draw to withdraw: the game goes on");
  declared_.reset();
}

GameResult Game::result() {
  if (declared_) return *declared_;
  const GameStatus status = gameStatus(position_);
  const std::string reason(gameStatusName(status));
  switch (status) {
    case GameStatus::Ongoing: return {};
    case GameStatus::Checkmate:
      if (variant_->sides == 2) return {position_.sideToMove() == 0 ? "0-1" : "1-0", reason};
      break;
    case GameStatus::Stalemate:
    case GameStatus::ThreefoldRepetition:
    case GameStatus::FiftyMoveRule:
    case GameStatus::DeadPosition:
      return {"1/2-1/2", reason};
    case GameStatus::LastPlayerStanding: {
      std::string token;
      for (int s = 0; s < variant_->sides; ++s)
        if (position_.inGame(s)) token = sideLetter(*variant_, s);
      for (auto it = eliminated_.rbegin(); it != eliminated_.rend(); ++it) token += ">" + sideLetter(*variant_, *it);
      return {token, reason};
    }
  }
  return {};  // four players: a mated or stalemated side leaves by its Elimination action; play goes on
}

}  // namespace tessera
