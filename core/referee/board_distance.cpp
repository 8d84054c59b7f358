#include "core/referee/board_distance.hpp"

#include "core/referee/sensor_view.hpp"
#include "core/rules/sectors.hpp"

namespace tessera {

CellObservation trusted(CellObservation cell, float minConfidence) {
  if (cell.occupantConfidence < minConfidence) cell.occupant = Occupant::Unknown;
  if (cell.surfaceConfidence < minConfidence) cell.surface = Surface::Unknown;
  return cell;
}

std::uint32_t cellKey(const Position& pos, Square sq) {
  return static_cast<std::uint32_t>(pos.at(sq)) | static_cast<std::uint32_t>(pos.paper(sq) + 1) << 8 |
         static_cast<std::uint32_t>(pos.tile(sq).state) << 16 |
         static_cast<std::uint32_t>(pos.sectorSlots() >> slotOf(sq) & 1) << 24;
}

BoardDistance::BoardDistance(const Position& base, const Observation& seen, float minConfidence) {
  const BoardSize size = base.variant().size;
  for (int r = 0; r < size.ranks; ++r)
    for (int f = 0; f < size.files; ++f) {
      const Square sq = makeSquare(f, r);
      const CellObservation cell = trusted(seen.at(f, r), minConfidence);
      squares_.push_back(sq);
      seen_.push_back(cell);
      baseKey_.push_back(cellKey(base, sq));
      const bool wrong = !cellAgrees(cell, fullView(base, sq));
      baseWrong_.push_back(wrong);
      baseDistance_ += wrong;
    }
}

bool BoardDistance::agrees(int cell, const Position& pos) const {
  return cellAgrees(seen_[static_cast<std::size_t>(cell)], fullView(pos, square(cell)));
}

int BoardDistance::of(const Position& pos) const {
  int d = baseDistance_;
  for (int i = 0; i < cells(); ++i) {
    if (cellKey(pos, square(i)) == baseKey(i)) continue;
    d += !agrees(i, pos) - wrongAtBase(i);
  }
  return d;
}

}  // namespace tessera
