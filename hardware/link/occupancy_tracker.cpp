#include "occupancy_tracker.hpp"

namespace tessera::link {

void OccupancyTracker::applySnapshot(const wire::SnapshotReport& snapshot) {
  files_ = snapshot.files;
  ranks_ = snapshot.ranks;
  occupied_.assign(static_cast<std::size_t>(files_ * ranks_), false);
  for (std::size_t cell = 0; cell < occupied_.size(); ++cell) occupied_[cell] = snapshot.occupied.occupied(cell);
  known_ = true;
}

bool OccupancyTracker::applyChanges(const wire::ChangesReport& changes) {
  if (!known_) return false;
  for (std::size_t i = 0; i < changes.count; ++i) {
    if (changes.changes[i].cell >= occupied_.size()) return false;
  }
  for (std::size_t i = 0; i < changes.count; ++i) occupied_[changes.changes[i].cell] = changes.changes[i].occupied;
  return true;
}

Observation OccupancyTracker::observation() const {
  Observation observation(files_, ranks_);
  for (std::size_t cell = 0; cell < occupied_.size(); ++cell) {
    observation.cells[cell].occupant = occupied_[cell] ? Occupant::Occupied : Occupant::Empty;
    observation.cells[cell].occupantConfidence = 1.0f;
  }
  return observation;
}

}  // namespace tessera::link
