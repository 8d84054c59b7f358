#pragma once
// The engine's speed: nodes per second and the time to reach a fixed depth from each variant's start.
#include <ostream>

namespace tessera::commands {

void benchEngine(std::ostream& out, bool quick);

}  // namespace tessera::commands
