#include "hardware/gpio/matrix_debouncer.hpp"

#include <stdexcept>
#include <string>

namespace tessera::gpio {

MatrixDebouncer::MatrixDebouncer(int rows, int columns, int scans)
    : rows_(rows), columns_(columns), scans_(scans) {
  if (scans < 1 || scans > 100)
    throw std::invalid_argument("debounce needs 1 to 100 scans, not " + std::to_string(scans));
  candidate_.rows = rows;
  candidate_.columns = columns;
}

bool MatrixDebouncer::add(const SwitchMatrix& reading) {
  if (reading.rows != rows_ || reading.columns != columns_)
    throw std::invalid_argument("a " + std::to_string(reading.rows) + "x" + std::to_string(reading.columns) +
                                " reading given to a " + std::to_string(rows_) + "x" + std::to_string(columns_) +
                                " debouncer");
  const auto columnBits = static_cast<std::uint16_t>((1u << columns_) - 1);
  bool allStable = true;
  for (int row = 0; row < rows_; ++row) {
    const auto closed = static_cast<std::uint16_t>(reading.closedColumns[row] & columnBits);
    // Whole rows XORed, not one crossing's two bits compared as bools: g++ 12.2 for x86-64 at -O1
    // compiled that comparison as the old bit alone, so a closed switch never settled (see
    // docs/status.md, 2026-12-02).
    const auto differing = static_cast<std::uint16_t>(closed ^ candidate_.closedColumns[row]);
    for (int column = 0; column < columns_; ++column) {
      std::uint8_t& run = runLength_[row][column];
      if (run == 0 || ((differing >> column) & 1u) != 0) {
        run = 1;
      } else if (run < scans_) {
        ++run;
      }
      if (run < scans_) allStable = false;
    }
    candidate_.closedColumns[row] = closed;
  }

  if (!settled_) {
    if (!allStable) return false;
    settled_ = candidate_;
    return true;
  }
  bool changed = false;
  for (int row = 0; row < rows_; ++row) {
    std::uint16_t stable = 0;
    for (int column = 0; column < columns_; ++column)
      if (runLength_[row][column] >= scans_) stable = static_cast<std::uint16_t>(stable | (1u << column));
    const auto flipped = static_cast<std::uint16_t>((candidate_.closedColumns[row] ^ settled_->closedColumns[row]) & stable);
    settled_->closedColumns[row] = static_cast<std::uint16_t>(settled_->closedColumns[row] ^ flipped);
    if (flipped != 0) changed = true;
  }
  return changed;
}

}  // namespace tessera::gpio
