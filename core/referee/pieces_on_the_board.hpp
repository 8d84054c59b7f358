#pragma once
// Which piece stands on each square of the real board, as far as the readings tell. A sensor that
// sees only occupancy, or a side, cannot tell a King from a Rook; but where the board last showed a
// position every piece is known, and a piece lifted from one square and put down on another is
// still that piece. While the board differs from the game (a takeback by command leaves the pieces
// as they stood), this is what lets the guidance send each piece to the square its own kind belongs
// on rather than to the nearest one.
#include <array>
#include <optional>
#include <vector>

#include "core/observation/observation.hpp"
#include "core/rules/position.hpp"

namespace tessera {

// Whether a piece known as `known` may be the piece `wanted` moved to another square: the same
// piece, or where a piece's type comes from the square it stands on (Chameleons, the pieces of
// Shifting Sands), one of the same side that changes type too.
bool mayBeTheSamePiece(const Variant& variant, PieceCode known, PieceCode wanted);

class PiecesOnTheBoard {
 public:
  explicit PiecesOnTheBoard(const Variant& variant);  // nothing known yet

  // The board shows `pos`: every piece is known, none is in the air.
  void standAs(const Position& pos);

  // The board now reads `seen`. A piece gone from its square is in the air; a piece that appears
  // on a square is the one in the air, when the readings leave no doubt which (the only one there of
  // the side seen, or the one `wanted`, the position being put back, has on that square).
  void follow(const Observation& seen, const Position& wanted, float minConfidence = 0.0f);

  // The piece on `sq`: kEmpty when the square is known to be empty, nothing when it is not known.
  std::optional<PieceCode> at(Square sq) const;

  // Whether the board has shown a position since this began following it: before, nothing is known.
  bool knowsTheBoard() const { return knowsTheBoard_; }

  // Where the piece in the air that may be `piece` (the last lifted, if several) was lifted from:
  // nothing when no such piece is in the air.
  std::optional<Square> liftedFrom(PieceCode piece) const;

 private:
  struct Lifted {
    std::optional<PieceCode> piece;  // nothing: a piece whose kind was not known
    Square from;
  };
  std::optional<PieceCode> putDown(Occupant seen, PieceCode wanted);

  const Variant* variant_;
  bool knowsTheBoard_ = false;
  std::array<std::optional<PieceCode>, kSquareSlots> pieces_{};  // by square
  std::vector<Lifted> inTheAir_;  // lifted and not yet put down, oldest first
};

}  // namespace tessera
