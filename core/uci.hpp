#pragma once
// The UCI protocol over a pair of streams, so that other programs (GUIs, match runners) can drive
// the engine. UCI_Variant lists our variants; `position fen` takes our position string.
#include <istream>
#include <ostream>

namespace tessera {

// Reads commands until `quit` or the end of input. Unknown or malformed commands are answered with
// an `info string` saying what was wrong; nothing ends the session but quit.
void runUci(std::istream& in, std::ostream& out);

}  // namespace tessera
