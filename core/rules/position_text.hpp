#pragma once
// The position string: FEN for chess, the same form for any board size (numbers of empty squares
// may exceed 9), with holdings in brackets after the placement: "...[CRj] w KQkq - 0 1".
// Tiled Squares adds a seventh field, the tiles (docs/notation.md):
// "tttttttt/tttttttt/8/8/8/8/tttttttt/tttttttt;d=e3/;s=/;k=/".
#include <array>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/rules/piece.hpp"
#include "core/rules/position.hpp"
#include "core/rules/variant.hpp"
#include "core/text/visible_text.hpp"

namespace tessera {

class PositionError : public std::runtime_error {
 public:
  explicit PositionError(const std::string& what) : std::runtime_error(visibleText(what)) {}  // input quoted in it stays readable
};

struct Placement {
  std::array<PieceCode, 256> board{};
  std::array<std::array<int, kMaxPieceTypes>, kMaxSides> holdings{};
  bool hasHoldings = false;
};

// Reads the placement field (and holdings) at the start of `text`. Throws PositionError naming
// the character position.
Placement parsePlacement(const Variant& v, std::string_view text);

Position parsePosition(const Variant& v, std::string_view text);
Position startPosition(const Variant& v);
std::string positionString(const Position& pos);

}  // namespace tessera
