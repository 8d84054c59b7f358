#pragma once
// One action of a turn.
#include <array>
#include <cstdint>

#include "core/rules/geometry.hpp"

namespace tessera {

enum class MoveKind : std::uint8_t {
  Normal,     // a piece moves, capturing what stands on `to`
  EnPassant,  // captures the piece that passed `to`
  Castle,     // the King's from and to; the partner moves per the variant's castling rule
  TileDrop,      // Tiled Squares: a Tile onto the void square `to` (from == to)
  AntiTileDrop,  // an Anti-Tile onto the void square `to`
  TileRemove,    // the empty Tile on `to` is taken away
  ColourDrop,    // Shifting Sands: a paper colour from the pool onto `to` (from == to), colour in `colour`
  ColourShift,   // one of the mover's colour squares (not Blue, no piece on it) one step, `from` to `to`
  Elimination,   // four players: the side to move has no legal action and leaves, pieces and all
  SectorShift,   // Shifting Chess: the sector in slot `from` moves to slot `to` with its pieces;
                 // `promotion` is what every Pawn it brings onto its last rank becomes
};

// A piece moves from `from` to `to` (capturing or not).
constexpr bool isPieceMove(MoveKind k) { return k == MoveKind::Normal || k == MoveKind::EnPassant; }

constexpr bool isTileAction(MoveKind k) {
  return k == MoveKind::TileDrop || k == MoveKind::AntiTileDrop || k == MoveKind::TileRemove;
}

// No default member values: a MoveList holds thousands and must not fill them on construction.
// Write `Move m{}` for a zeroed one.
struct Move {
  Square from;
  Square to;
  MoveKind kind;
  std::uint8_t promotion;  // piece type + 1, 0 for none
  std::uint8_t wing;       // castling: 0 toward higher files, 1 toward file a
  bool doubleStep;         // a non-jumping double step: the passed square may become e.p.
  std::uint8_t colour;     // ColourDrop: the paper colour's index in the variant's colour letters

  friend bool operator==(const Move&, const Move&) = default;
};

// A fixed-capacity list: no allocation in the move generator.
class MoveList {
 public:
  static constexpr int kCapacity = 2048;
  void push(const Move& m) { moves_[size_++] = m; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  void clear() { size_ = 0; }
  const Move& operator[](int i) const { return moves_[i]; }
  Move& operator[](int i) { return moves_[i]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  void truncate(int n) { size_ = n; }

 private:
  std::array<Move, kCapacity> moves_;
  int size_ = 0;
};

}  // namespace tessera
