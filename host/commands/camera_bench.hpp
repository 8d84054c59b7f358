#pragma once
// `tessera bench --camera`: how well and how fast the camera reads a board. The accuracy per room
// condition of the scene renderer (shadows, a lamp's fall-off, lenses, messy paper; room_accuracy.hpp)
// told the previous position as in a game, the lens measured as calibrate measures it; and the
// time per 1280x720 frame of a board being followed (markers in their windows, as in play).
#include <ostream>

namespace tessera::commands {

// Prints the figures; returns the mean milliseconds per frame.
double benchCamera(std::ostream& out, bool quick);

}  // namespace tessera::commands
