#pragma once
// A game being played: where it started, the actions so far, the position now, and how it ended.
// The referee, the record (PGN, journal) and the views all read it.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/rules/game_status.hpp"
#include "core/rules/move.hpp"
#include "core/rules/position.hpp"

namespace tessera {

struct GameResult {
  // "1-0", "0-1", "1/2-1/2", "*" (going on); four players: the sides from winner to first out,
  // e.g. "w>n>e>s" (side letters of the position string).
  std::string token = "*";
  std::string reason;  // "checkmate", "stalemate", "threefold repetition", "fifty-move rule",
                       // "last player standing", "White resigns", "White loses on time", "draw agreed",
                       // or "" while going on
  bool finished() const { return token != "*"; }
};

class Game {
 public:
  explicit Game(const Variant& variant);                            // from the variant's start
  Game(const Variant& variant, std::string_view startPosition);     // throws PositionError

  const Variant& variant() const { return *variant_; }
  const std::string& startPosition() const { return start_; }
  bool startsFromDefault() const { return start_ == defaultStart_; }
  Position& position() { return position_; }
  const Position& position() const { return position_; }
  const std::vector<Move>& actions() const { return actions_; }

  // Throws std::invalid_argument when the action is not legal here or the game is over.
  void play(const Move& m);
  // Takes back the last `plies` actions (and a resignation or agreed draw with them).
  void takeBack(int plies);
  void resign(int side);  // two sides only
  void loseOnTime(int side);  // two sides only: `side`'s time ran out
  void agreeDraw();
  // The result is a resignation or an agreed draw: the players' own word, which they may withdraw
  // (not a loss on time, nor a result by the rules).
  bool resignedOrDrawAgreed() const { return declared_ && declaredByPlayers_; }
  // Withdraws a resignation or an agreed draw made by mistake: the game goes on from the same
  // position with the same side to act, no action taken back. Throws std::invalid_argument when the
  // result is no such thing.
  void withdrawResignationOrDraw();

  GameResult result();  // by the rules, or by resignation or agreement
  // Four players: the sides in the order they left the game.
  const std::vector<int>& eliminationOrder() const { return eliminated_; }

 private:
  void noteEliminations(int sides, const std::vector<bool>& inBefore);

  const Variant* variant_;
  std::string start_, defaultStart_;
  Position position_;
  std::vector<Move> actions_;
  std::vector<int> eliminated_;
  std::vector<int> eliminatedAtPly_;
  std::optional<GameResult> declared_;  // resignation, loss on time or agreed draw
  bool declaredByPlayers_ = false;      // a resignation or an agreed draw
};

std::string sideLetter(const Variant& v, int side);  // "w"/"b", four players "s" "w" "n" "e"
std::string sideFullName(const Variant& v, int side);  // "White", "South", ...

}  // namespace tessera
