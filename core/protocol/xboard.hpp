#pragma once
// The XBoard protocol (CECP version 2) over a pair of streams, so that XBoard, WinBoard and other
// CECP programs can play and analyse with the engine. The two-player variants are announced in
// `feature variants` (chess as "normal"); `setboard` takes our position string; actions are
// written as in long algebraic (docs/engine.md, "The XBoard protocol").
#include <istream>
#include <ostream>

namespace tessera {

// Reads commands until `quit` or the end of input. An unknown command is answered with
// "Error (unknown command): ...", an illegal action with "Illegal move: ...", and nothing ends the
// session but quit. The engine thinks on a thread of its own, so that `?` (move now), `ping` and
// `force` are heard while it thinks. At the end of the input a search for the engine's action is
// let finish and an analysis is stopped.
void runXboard(std::istream& in, std::ostream& out);

}  // namespace tessera
