#pragma once
// The engine's speed: nodes per second and the time to reach a fixed depth from each variant's start
// and from a middle-game position of each.
#include <ostream>

namespace tessera::commands {

void benchEngine(std::ostream& out, bool quick);

}  // namespace tessera::commands
