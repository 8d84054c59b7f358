// The settled board follows the sensors only after N consecutive equal scans.
#include <gtest/gtest.h>

#include "portable/debouncer.hpp"
#include "portable/matrix_scanner.hpp"
#include "support/fake_board_ports.hpp"

namespace {

using namespace tessera;
using tessera::testing::FakeSensors;

TEST(FirmwareScanner, ReadsEveryRankAndMasksFilesBeyondTheBoard) {
  FakeSensors sensors;
  sensors.grid[0] = 0xFFFF;  // lines beyond file 12 float high on this board
  sensors.set(11, 11, true);
  firmware::MatrixScanner scanner(sensors, {12, 12});
  const firmware::OccupancyGrid grid = scanner.scan();
  EXPECT_EQ(grid[0], 0x0FFF);
  EXPECT_TRUE(firmware::occupiedAt(grid, 11, 11));
  EXPECT_EQ(grid[11], 1u << 11);
}

TEST(FirmwareDebounce, ACellChangesOnTheNthConsecutiveScanNotBefore) {
  firmware::Debouncer debouncer({8, 8}, 4);
  firmware::OccupancyGrid raw{};
  raw[1] = 1u << 4;  // e2 occupied
  for (int scan = 1; scan <= 3; ++scan) {
    EXPECT_EQ(debouncer.update(raw).count, 0u) << "scan " << scan;
    EXPECT_FALSE(firmware::occupiedAt(debouncer.settled(), 4, 1));
  }
  const firmware::SettledChanges changes = debouncer.update(raw);
  ASSERT_EQ(changes.count, 1u);
  EXPECT_EQ(changes.cells[0].cell, 1 * 8 + 4);
  EXPECT_TRUE(changes.cells[0].occupied);
  EXPECT_TRUE(firmware::occupiedAt(debouncer.settled(), 4, 1));
  EXPECT_EQ(debouncer.update(raw).count, 0u);  // reported once
}

TEST(FirmwareDebounce, ABounceRestartsTheCount) {
  firmware::Debouncer debouncer({8, 8}, 3);
  firmware::OccupancyGrid touched{};
  touched[0] = 1;
  const firmware::OccupancyGrid untouched{};
  EXPECT_EQ(debouncer.update(touched).count, 0u);
  EXPECT_EQ(debouncer.update(touched).count, 0u);
  EXPECT_EQ(debouncer.update(untouched).count, 0u);  // the reed switch bounced open
  EXPECT_EQ(debouncer.update(touched).count, 0u);
  EXPECT_EQ(debouncer.update(touched).count, 0u);
  EXPECT_EQ(debouncer.update(touched).count, 1u);
}

TEST(FirmwareDebounce, CellsThatSettleInTheSameScanAreReportedTogether) {
  firmware::Debouncer debouncer({12, 12}, 2);
  firmware::OccupancyGrid raw{};
  for (auto& row : raw) row = 0x0FFF;
  debouncer.update(raw);
  EXPECT_EQ(debouncer.update(raw).count, 144u);
  raw[5] = 0x0FFE;
  debouncer.update(raw);
  const firmware::SettledChanges lifted = debouncer.update(raw);
  ASSERT_EQ(lifted.count, 1u);
  EXPECT_EQ(lifted.cells[0].cell, 5 * 12);
  EXPECT_FALSE(lifted.cells[0].occupied);
}

}  // namespace
