// The host's copy of the board: snapshots set it, changes move it, nothing is trusted before a snapshot.
#include <gtest/gtest.h>

#include "hardware/link/occupancy_tracker.hpp"

namespace {

using namespace tessera;

wire::ChangesReport oneChange(std::uint8_t cell, bool occupied) {
  wire::ChangesReport changes;
  changes.count = 1;
  changes.changes[0] = {cell, occupied};
  return changes;
}

TEST(LinkOccupancy, SnapshotBecomesAnOccupancyObservation) {
  wire::SnapshotReport snapshot;
  snapshot.files = 3;
  snapshot.ranks = 2;
  snapshot.occupied.set(4, true);  // b2
  link::OccupancyTracker tracker;
  tracker.applySnapshot(snapshot);
  const Observation o = tracker.observation();
  ASSERT_EQ(o.files, 3);
  ASSERT_EQ(o.ranks, 2);
  EXPECT_EQ(o.at(1, 1).occupant, Occupant::Occupied);
  EXPECT_EQ(o.at(1, 1).occupantConfidence, 1.0f);
  EXPECT_EQ(o.at(0, 0).occupant, Occupant::Empty);
  EXPECT_EQ(o.at(0, 0).surface, Surface::Unknown);
}

TEST(LinkOccupancy, ChangesNeedASnapshotToBuildOn) {
  link::OccupancyTracker tracker;
  EXPECT_FALSE(tracker.applyChanges(oneChange(0, true)));
  wire::SnapshotReport snapshot;
  snapshot.files = 2;
  snapshot.ranks = 2;
  tracker.applySnapshot(snapshot);
  EXPECT_TRUE(tracker.applyChanges(oneChange(3, true)));
  EXPECT_EQ(tracker.observation().at(1, 1).occupant, Occupant::Occupied);
  EXPECT_FALSE(tracker.applyChanges(oneChange(4, true))) << "cell 4 is off a 2x2 board";
  tracker.forget();
  EXPECT_FALSE(tracker.applyChanges(oneChange(3, false)));
}

}  // namespace
