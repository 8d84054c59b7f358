#include "hardware/gpio/switch_board_sensor.hpp"

#include "hardware/gpio/ghost_crossings.hpp"
#include "hardware/gpio/occupancy_observation.hpp"

namespace tessera::gpio {

SwitchBoardSensor::SwitchBoardSensor(MatrixLines& lines, ScanClock& clock, const SwitchSensorOptions& options)
    : scanner_(lines, clock, options.settle),
      debouncer_(lines.rowCount(), lines.columnCount(), options.debounceScans),
      board_(lines.rowCount(), lines.columnCount(), options.mapping),
      diodes_(options.diodes) {}

std::optional<OccupancyReport> SwitchBoardSensor::poll() {
  if (!debouncer_.add(scanner_.scanOnce())) return std::nullopt;
  const SwitchMatrix& settled = *debouncer_.settled();
  SwitchMatrix ambiguous;
  if (!diodes_) ambiguous = ambiguousCrossings(settled);
  OccupancyReport report{occupancyObservation(settled, ambiguous, board_), {}};
  for (int rank = 0; rank < board_.ranks(); ++rank) {
    for (int file = 0; file < board_.files(); ++file) {
      if (!current_ || current_->at(file, rank).occupant != report.observation.at(file, rank).occupant)
        report.changed.push_back({file, rank});
    }
  }
  // A change that only moved a ghost between two ambiguous corners changes no square.
  if (report.changed.empty()) return std::nullopt;
  current_ = report.observation;
  return report;
}

}  // namespace tessera::gpio
