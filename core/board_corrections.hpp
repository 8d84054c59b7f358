#pragma once
// How the board differs from a position, and the fewest steps that put it back: the guidance the
// display and the LEDs give after a mismatch.
#include <vector>

#include "observation.hpp"
#include "position.hpp"
#include "reconcile.hpp"

namespace tessera {

// Squares whose reading disagrees with `pos` (cells read with less than `minConfidence` are unknown).
std::vector<Square> differingSquares(const Position& pos, const Observation& seen, float minConfidence = 0.0f);

// A piece missing here and one too many there of the same side become one Move (nearest pairs
// first); the rest are Place, Remove, Replace and Surface steps.
std::vector<Correction> correctionsToRestore(const Position& pos, const Observation& seen, float minConfidence = 0.0f);

}  // namespace tessera
