#pragma once
// What the board has shown, as the session follows it: its last reading, which piece stands where
// (followed reading by reading, so that the guidance to put the board right sends each piece to its
// own square), whether it has matched the game since the game started or was resumed, and the
// action a Take back withdrew, until the board is put back.
#include <optional>
#include <vector>

#include "core/observation/observation.hpp"
#include "core/referee/pieces_on_the_board.hpp"
#include "core/rules/position.hpp"

namespace tessera::session {

struct LiftedPiece {
  Square from;  // where the player lifted it
  Square home;  // where the game has it
};

class BoardReading {
 public:
  explicit BoardReading(const Variant& variant) : pieces_(variant) {}

  // The board now reads `seen`, the game being at `game`. Returns whether it read the same before
  // (a second reading rules out a lone misread).
  bool take(const Observation& seen, const Position& game, float minConfidence);
  const std::optional<Observation>& last() const { return last_; }
  const PiecesOnTheBoard& pieces() const { return pieces_; }
  // The board shows `pos` (or is taken to: the piece a Pawn promoted to, which no sensor tells).
  void standsAs(const Position& pos) { pieces_.standAs(pos); }

  // The board has matched the game since it started or was resumed: a takeback on the board is
  // then a player's doing, not a board set up differently while the program was down.
  bool matchedOnce() const { return matchedOnce_; }
  void matched() { matchedOnce_ = true; }

  // Take back withdrew actions from `before`, `first` the first of them. Until the board is put
  // back, the board still showing it is not that action played again.
  void withdrew(const Move& first, const Position& before);
  void putBack() { withdrawn_.reset(); }
  // Whether `action`, read from the board with the game at `now`, is the withdrawn action still on
  // the board, whole or with its pieces part way back.
  bool stillShowsWithdrawn(const Position& now, const Move& action) const;

  // A new game: nothing of it read yet.
  void forget();

  // The piece of the side to move the player holds in the air, when the board differs from `pos`
  // on `differing` only by its square being empty.
  std::optional<LiftedPiece> liftedPiece(const Position& pos, const std::vector<Square>& differing) const;

 private:
  std::optional<Observation> last_;
  PiecesOnTheBoard pieces_;
  bool matchedOnce_ = false;
  std::optional<Move> withdrawn_;
  std::optional<Position> withdrawnFrom_;  // the position Take back left the pieces in
};

// The engine's action carried out in part: the board `seen` differs from `now` only on squares the
// action changes, and shows at least one piece already where the action puts it (`after`).
bool isPartWayTo(const Position& now, const Position& after, const Observation& seen, float minConfidence);

}  // namespace tessera::session
