#pragma once
// What each piece type of a variant is worth, derived from its move set, and the piece material of
// its start position. Both are worked out once, when the variant is built, and kept with it
// (Variant::material), so a variant made later at the same address cannot be given another's.
#include <memory>
#include <vector>

#include "core/rules/variant.hpp"

namespace tessera {

struct MaterialValues {
  // Per piece type: from how many squares it reaches on an empty board and how much of the board
  // it can ever reach; the promoting type is fixed at 100, royals at 0.
  std::vector<int> ofType;
  // The non-royal, non-promoting material of both sides at the start: the evaluation tells the
  // middle game from the ending by how much of it is left. 0 where the start has none.
  int startPieceMaterial = 0;
  // Square-colour variants (Chameleon Redux): what a piece of a type that changes with the colour
  // it lands on becomes on its next move, on average over the squares it reaches from its square,
  // by the type each square's fixed colour gives it. -1 where the type does not change; empty in
  // other variants. The evaluation asks it at every piece of every position searched.
  std::vector<int> meanValueOnArrival;  // [arrivalIndex(side, type, square, piece types)]
  static std::size_t arrivalIndex(int side, int type, Square sq, int types) {
    return static_cast<std::size_t>((side * types + type) * kSquareSlots + sq);
  }
  int meanValueOnArrivalAt(int side, int type, Square sq, int types) const {
    return meanValueOnArrival[arrivalIndex(side, type, sq, types)];
  }
};

// Needs the variant's move tables; throws PositionError if its start position does not read.
std::shared_ptr<const MaterialValues> deriveMaterialValues(const Variant& v);

inline const std::vector<int>& pieceValues(const Variant& v) { return v.material->ofType; }

}  // namespace tessera
