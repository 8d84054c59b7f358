#pragma once
// One pass over the matrix: drive each row in turn, wait for the column lines to settle, read
// them. Nothing is filtered here; debouncing comes after.
#include <chrono>

#include "hardware/gpio/matrix_lines.hpp"
#include "hardware/gpio/scan_clock.hpp"
#include "hardware/gpio/switch_matrix.hpp"

namespace tessera::gpio {

class MatrixScanner {
 public:
  MatrixScanner(MatrixLines& lines, ScanClock& clock, std::chrono::nanoseconds settle);

  SwitchMatrix scanOnce();

 private:
  MatrixLines& lines_;
  ScanClock& clock_;
  std::chrono::nanoseconds settle_;
};

}  // namespace tessera::gpio
