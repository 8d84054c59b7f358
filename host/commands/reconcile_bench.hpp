#pragma once
// How long the referee takes to reconcile one settled snapshot, per variant and sensor.
#include <ostream>

namespace tessera::commands {

// Prints mean and worst microseconds per snapshot over seeded random games; returns the worst.
double benchReconcile(std::ostream& out, bool quick);

}  // namespace tessera::commands
