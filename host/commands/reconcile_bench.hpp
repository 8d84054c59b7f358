#pragma once
// How long the referee takes to reconcile one settled snapshot, per variant and sensor.
#include <ostream>

namespace tessera::commands {

// Prints mean, 99th percentile and worst microseconds per snapshot over seeded random games;
// returns the highest 99th percentile.
double benchReconcile(std::ostream& out, bool quick);

}  // namespace tessera::commands
