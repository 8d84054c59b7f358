#include "hardware/gpio/occupancy_observation.hpp"

namespace tessera::gpio {

Observation occupancyObservation(const SwitchMatrix& settled, const SwitchMatrix& ambiguous,
                                 const MatrixToBoard& board) {
  Observation observation(board.files(), board.ranks());
  for (int row = 0; row < settled.rows; ++row) {
    for (int column = 0; column < settled.columns; ++column) {
      const BoardSquare square = board.square(row, column);
      CellObservation& cell = observation.at(square.file, square.rank);
      if (ambiguous.closed(row, column)) {
        cell.occupant = Occupant::Unknown;
        cell.occupantConfidence = 0.0f;
      } else {
        cell.occupant = settled.closed(row, column) ? Occupant::Occupied : Occupant::Empty;
        cell.occupantConfidence = 1.0f;
      }
    }
  }
  return observation;
}

}  // namespace tessera::gpio
