#pragma once
// How long the referee takes to reconcile one settled snapshot, per variant and sensor.
#include <ostream>

namespace tessera::commands {

// Prints mean, 99th percentile and worst microseconds per snapshot over seeded random games;
// returns the highest 99th percentile.
double benchReconcile(std::ostream& out, bool quick);

// The same for boards several actions ahead (gaps of two to four random actions, read twice) and for
// boards nothing explains (a piece held in the air), where every gap up to four actions is searched
// for in vain; returns the highest 99th percentile of either.
double benchReconcileGaps(std::ostream& out, bool quick);

}  // namespace tessera::commands
