#pragma once
// Without a diode per switch, three closed switches on the corners of a rectangle make the fourth
// corner read closed too (the current sneaks back through the other three). Such a corner cannot
// be told from a real piece, so every corner of a rectangle that reads fully closed is ambiguous.
#include "hardware/gpio/switch_matrix.hpp"

namespace tessera::gpio {

// The crossings of `reading` that may be ghosts: each is a corner of a rectangle whose four
// corners all read closed.
SwitchMatrix ambiguousCrossings(const SwitchMatrix& reading);

}  // namespace tessera::gpio
