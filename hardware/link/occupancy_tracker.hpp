#pragma once
// The host's copy of the firmware's settled board: set by a snapshot, moved on by change reports.
// Until a snapshot has arrived (after every (re)connection) nothing is known.
#include <cstddef>
#include <vector>

#include "core/observation/observation.hpp"
#include "protocol/messages.hpp"

namespace tessera::link {

class OccupancyTracker {
 public:
  void forget() { known_ = false; }
  void applySnapshot(const wire::SnapshotReport& snapshot);
  // False (and nothing changed) when there is no snapshot to build on or a cell lies off the board.
  bool applyChanges(const wire::ChangesReport& changes);
  bool known() const { return known_; }
  Observation observation() const;

 private:
  bool known_ = false;
  int files_ = 0;
  int ranks_ = 0;
  std::vector<bool> occupied_;
};

}  // namespace tessera::link
