#pragma once
// A settled switch matrix as the occupancy Observation the referee reads: per board square,
// Occupied or Empty (certain), or Unknown where the matrix cannot tell (a possible ghost).
// Surfaces are never known to switches and stay Unknown.
#include "core/observation/observation.hpp"
#include "hardware/gpio/board_mapping.hpp"
#include "hardware/gpio/switch_matrix.hpp"

namespace tessera::gpio {

// `ambiguous` marks crossings to report as Unknown (see ghost_crossings.hpp); pass an empty
// matrix when every switch has its diode.
Observation occupancyObservation(const SwitchMatrix& settled, const SwitchMatrix& ambiguous,
                                 const MatrixToBoard& board);

}  // namespace tessera::gpio
