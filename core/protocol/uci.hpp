#pragma once
// The UCI protocol over a pair of streams, so that other programs (GUIs, match runners) can drive
// the engine. UCI_Variant lists our variants; `position fen` takes our position string.
#include <istream>
#include <ostream>

namespace tessera {

// Reads commands until `quit` or the end of input. Unknown or malformed commands are answered with
// an `info string` saying what was wrong; nothing ends the session but quit. `go` searches on a
// thread of its own, so `isready` is answered and `stop` heard while it thinks; after `go infinite`
// (or a `go` with no limit) the bestmove waits for `stop`. At the end of the input a search with
// limits is let finish and an infinite one is stopped.
void runUci(std::istream& in, std::ostream& out);

}  // namespace tessera
