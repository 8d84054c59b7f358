// One pass over the matrix: every row driven once, in order, each read after its settle delay,
// and nothing left driven afterwards.
#include <gtest/gtest.h>

#include <stdexcept>

#include "hardware/gpio/matrix_scanner.hpp"
#include "support/fake_reed_matrix.hpp"

namespace {

using namespace tessera;
using namespace std::chrono_literals;
using tessera::testing::FakeReedMatrix;

TEST(MatrixScanner, DrivesEachRowOnceInOrderAndReleasesThemAfterwards) {
  gpio::ManualClock clock;
  FakeReedMatrix matrix(4, 3, clock);
  gpio::MatrixScanner scanner(matrix, clock, 10us);
  scanner.scanOnce();
  EXPECT_EQ(matrix.driveLog(), (std::vector<int>{0, 1, 2, 3, -1}));
  EXPECT_EQ(matrix.idleReads(), 0);
}

TEST(MatrixScanner, ReadsExactlyTheClosedSwitches) {
  gpio::ManualClock clock;
  FakeReedMatrix matrix(8, 8, clock);
  matrix.setClosed(0, 0, true);
  matrix.setClosed(1, 4, true);
  matrix.setClosed(7, 7, true);
  matrix.setClosed(7, 0, true);
  gpio::MatrixScanner scanner(matrix, clock, 10us);
  const gpio::SwitchMatrix reading = scanner.scanOnce();
  EXPECT_EQ(reading.rows, 8);
  EXPECT_EQ(reading.columns, 8);
  int closed = 0;
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 8; ++c) closed += reading.closed(r, c);
  EXPECT_EQ(closed, 4);
  EXPECT_TRUE(reading.closed(0, 0));
  EXPECT_TRUE(reading.closed(1, 4));
  EXPECT_TRUE(reading.closed(7, 7));
  EXPECT_TRUE(reading.closed(7, 0));
}

TEST(MatrixScanner, WaitsTheSettleDelayOnEveryRow) {
  gpio::ManualClock clock;
  FakeReedMatrix matrix(6, 6, clock, {.diodes = true, .settleTime = 40us});
  gpio::MatrixScanner scanner(matrix, clock, 40us);
  scanner.scanOnce();
  EXPECT_EQ(clock.now(), 6 * 40us);
  EXPECT_EQ(matrix.unsettledReads(), 0);
}

TEST(MatrixScanner, TooShortASettleDelayReadsThePreviousRowsValue) {
  // Why the delay is there: a slow column still shows what the last row put on it.
  gpio::ManualClock clock;
  FakeReedMatrix matrix(2, 2, clock, {.diodes = true, .settleTime = 40us});
  matrix.setClosed(0, 1, true);  // only row 0, column 1 is closed
  gpio::MatrixScanner hasty(matrix, clock, 5us);
  const gpio::SwitchMatrix wrong = hasty.scanOnce();
  EXPECT_GT(matrix.unsettledReads(), 0);
  EXPECT_TRUE(wrong.closed(1, 1)) << "row 1 read row 0's column before it settled";

  gpio::MatrixScanner patient(matrix, clock, 40us);
  const gpio::SwitchMatrix right = patient.scanOnce();
  EXPECT_TRUE(right.closed(0, 1));
  EXPECT_FALSE(right.closed(1, 1));
}

TEST(MatrixScanner, RefusesMoreLinesThanItSupports) {
  gpio::ManualClock clock;
  FakeReedMatrix big(13, 8, clock);
  EXPECT_THROW(gpio::MatrixScanner(big, clock, 0us), std::invalid_argument);
  FakeReedMatrix largest(12, 12, clock);
  EXPECT_NO_THROW(gpio::MatrixScanner(largest, clock, 0us));
}

}  // namespace
