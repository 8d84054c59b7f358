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
  bool allStable = true;
  for (int row = 0; row < rows_; ++row) {
    for (int column = 0; column < columns_; ++column) {
      std::uint8_t& run = runLength_[row][column];
      const bool closed = reading.closed(row, column);
      if (run == 0 || closed != candidate_.closed(row, column)) {
        run = 1;
      } else if (run < scans_) {
        ++run;
      }
      candidate_.set(row, column, closed);
      if (run < scans_) allStable = false;
    }
  }

  if (!settled_) {
    if (!allStable) return false;
    settled_ = candidate_;
    return true;
  }
  bool changed = false;
  for (int row = 0; row < rows_; ++row) {
    for (int column = 0; column < columns_; ++column) {
      const bool closed = candidate_.closed(row, column);
      if (runLength_[row][column] >= scans_ && settled_->closed(row, column) != closed) {
        settled_->set(row, column, closed);
        changed = true;
      }
    }
  }
  return changed;
}

}  // namespace tessera::gpio
