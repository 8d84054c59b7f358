#include "hardware/gpio/matrix_scanner.hpp"

#include <stdexcept>
#include <string>

namespace tessera::gpio {

MatrixScanner::MatrixScanner(MatrixLines& lines, ScanClock& clock, std::chrono::nanoseconds settle)
    : lines_(lines), clock_(clock), settle_(settle) {
  if (lines.rowCount() < 1 || lines.rowCount() > kMaxMatrixLines || lines.columnCount() < 1 ||
      lines.columnCount() > kMaxMatrixLines)
    throw std::invalid_argument("matrix of " + std::to_string(lines.rowCount()) + "x" +
                                std::to_string(lines.columnCount()) + " lines; 1 to " +
                                std::to_string(kMaxMatrixLines) + " of each are supported");
}

SwitchMatrix MatrixScanner::scanOnce() {
  SwitchMatrix reading;
  reading.rows = lines_.rowCount();
  reading.columns = lines_.columnCount();
  for (int row = 0; row < reading.rows; ++row) {
    lines_.driveRow(row);
    clock_.sleepFor(settle_);
    reading.closedColumns[row] = lines_.readColumns();
  }
  lines_.releaseRows();
  return reading;
}

}  // namespace tessera::gpio
