#include "hardware/gpio/ghost_crossings.hpp"

#include <bit>

namespace tessera::gpio {

SwitchMatrix ambiguousCrossings(const SwitchMatrix& reading) {
  SwitchMatrix ambiguous;
  ambiguous.rows = reading.rows;
  ambiguous.columns = reading.columns;
  for (int row = 0; row < reading.rows; ++row) {
    for (int other = row + 1; other < reading.rows; ++other) {
      // Columns closed on both rows: two or more of them make rectangles.
      const auto shared = static_cast<std::uint16_t>(reading.closedColumns[row] & reading.closedColumns[other]);
      if (std::popcount(shared) < 2) continue;
      ambiguous.closedColumns[row] |= shared;
      ambiguous.closedColumns[other] |= shared;
    }
  }
  return ambiguous;
}

}  // namespace tessera::gpio
