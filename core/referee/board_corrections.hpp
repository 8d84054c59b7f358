#pragma once
// How the board differs from a position, and the fewest steps that put it back: the guidance the
// display and the LEDs give after a mismatch.
#include <vector>

#include "core/observation/observation.hpp"
#include "core/referee/reconcile.hpp"
#include "core/rules/position.hpp"

namespace tessera {

// Squares whose reading disagrees with `pos` (cells read with less than `minConfidence` are unknown).
std::vector<Square> differingSquares(const Position& pos, const Observation& seen, float minConfidence = 0.0f);

// A piece missing here and one too many there become one Move. Where `onBoard` knows which piece
// stands on a square, that piece goes only to a square its own kind is missing from (a King taken
// back from g1 goes to e1, not to the Rook's h1), or else comes off (the Queen of a promotion taken
// back); a piece not known goes to the nearest square missing one of its side. A piece `onBoard`
// knows to be the wrong one where the sensor cannot tell (a light Pawn on the square a dark one was
// captured on, read by occupancy alone) is moved off too. The rest are Place, Remove, Replace and
// Surface steps; the Removes come first, then the Moves, then the Places they make room for.
std::vector<Correction> correctionsToRestore(const Position& pos, const Observation& seen, float minConfidence = 0.0f,
                                             const PiecesOnTheBoard* onBoard = nullptr);

}  // namespace tessera
