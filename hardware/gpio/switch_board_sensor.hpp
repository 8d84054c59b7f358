#pragma once
// The GPIO board sensor: scans the matrix, debounces, and reports each change of the settled
// board as an occupancy Observation with the squares that changed. Call poll() once per scan
// interval (it does not sleep between scans; the settle delay inside a scan is the only wait).
#include <optional>
#include <vector>

#include "core/observation/observation.hpp"
#include "hardware/gpio/board_mapping.hpp"
#include "hardware/gpio/matrix_debouncer.hpp"
#include "hardware/gpio/matrix_lines.hpp"
#include "hardware/gpio/matrix_scanner.hpp"
#include "hardware/gpio/scan_clock.hpp"

namespace tessera::gpio {

struct SwitchSensorOptions {
  std::chrono::nanoseconds settle{std::chrono::microseconds(50)};
  int debounceScans = 3;
  BoardMapping mapping;
  bool diodes = true;  // false: possible ghost crossings are reported as Unknown
};

struct OccupancyReport {
  Observation observation;            // the whole settled board
  std::vector<BoardSquare> changed;   // squares whose occupant differs from the last report (all, the first time)
};

class SwitchBoardSensor {
 public:
  SwitchBoardSensor(MatrixLines& lines, ScanClock& clock, const SwitchSensorOptions& options);

  // One scan. Returns a report when the settled board changed (the first one once every crossing
  // has settled), nothing otherwise.
  std::optional<OccupancyReport> poll();
  // The last reported board, if any.
  const std::optional<Observation>& current() const { return current_; }
  int files() const { return board_.files(); }
  int ranks() const { return board_.ranks(); }

 private:
  MatrixScanner scanner_;
  MatrixDebouncer debouncer_;
  MatrixToBoard board_;
  bool diodes_;
  std::optional<Observation> current_;
};

}  // namespace tessera::gpio
