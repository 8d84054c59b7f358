// Debounce over N scans: nothing settled until every crossing has held N readings; a change must
// hold N readings to count; crossings settle independently.
#include <gtest/gtest.h>

#include <stdexcept>

#include "hardware/gpio/matrix_debouncer.hpp"

namespace {

using namespace tessera::gpio;

SwitchMatrix reading(std::initializer_list<std::pair<int, int>> closed, int rows = 3, int columns = 3) {
  SwitchMatrix m;
  m.rows = rows;
  m.columns = columns;
  for (auto [r, c] : closed) m.set(r, c, true);
  return m;
}

TEST(MatrixDebouncer, NothingIsSettledBeforeTheBoardHasReadTheSameNTimes) {
  MatrixDebouncer debouncer(3, 3, 3);
  EXPECT_FALSE(debouncer.add(reading({{0, 0}})));
  EXPECT_FALSE(debouncer.add(reading({{0, 0}})));
  EXPECT_FALSE(debouncer.settled().has_value());
  EXPECT_TRUE(debouncer.add(reading({{0, 0}})));
  ASSERT_TRUE(debouncer.settled().has_value());
  EXPECT_EQ(*debouncer.settled(), reading({{0, 0}}));
}

TEST(MatrixDebouncer, ABounceAtStartDelaysTheFirstSettledBoard) {
  MatrixDebouncer debouncer(3, 3, 3);
  debouncer.add(reading({{1, 1}}));
  debouncer.add(reading({}));  // the switch bounced open
  debouncer.add(reading({{1, 1}}));
  debouncer.add(reading({{1, 1}}));
  EXPECT_FALSE(debouncer.settled().has_value());
  EXPECT_TRUE(debouncer.add(reading({{1, 1}})));
  EXPECT_EQ(*debouncer.settled(), reading({{1, 1}}));
}

TEST(MatrixDebouncer, AChangeShorterThanNScansIsIgnored) {
  MatrixDebouncer debouncer(3, 3, 3);
  for (int i = 0; i < 3; ++i) debouncer.add(reading({}));
  EXPECT_FALSE(debouncer.add(reading({{2, 0}})));
  EXPECT_FALSE(debouncer.add(reading({{2, 0}})));
  EXPECT_FALSE(debouncer.add(reading({})));  // back open after 2 of 3 scans: a bounce
  for (int i = 0; i < 5; ++i) EXPECT_FALSE(debouncer.add(reading({})));
  EXPECT_EQ(*debouncer.settled(), reading({}));
}

TEST(MatrixDebouncer, AChangeHeldForNScansIsTakenOnTheNthScan) {
  MatrixDebouncer debouncer(3, 3, 3);
  for (int i = 0; i < 3; ++i) debouncer.add(reading({{0, 0}}));
  EXPECT_FALSE(debouncer.add(reading({{0, 1}})));
  EXPECT_FALSE(debouncer.add(reading({{0, 1}})));
  EXPECT_TRUE(debouncer.add(reading({{0, 1}})));
  EXPECT_EQ(*debouncer.settled(), reading({{0, 1}}));
  EXPECT_FALSE(debouncer.add(reading({{0, 1}}))) << "no change, no report";
}

TEST(MatrixDebouncer, OneChatteringSwitchDoesNotHoldBackAnother) {
  MatrixDebouncer debouncer(3, 3, 2);
  for (int i = 0; i < 2; ++i) debouncer.add(reading({}));
  debouncer.add(reading({{0, 0}, {2, 2}}));
  EXPECT_TRUE(debouncer.add(reading({{0, 0}})));  // (2,2) chatters; (0,0) has held two scans
  EXPECT_EQ(*debouncer.settled(), reading({{0, 0}}));
}

TEST(MatrixDebouncer, OneScanMeansEveryReadingCounts) {
  MatrixDebouncer debouncer(3, 3, 1);
  EXPECT_TRUE(debouncer.add(reading({{1, 2}})));
  EXPECT_TRUE(debouncer.add(reading({})));
  EXPECT_EQ(*debouncer.settled(), reading({}));
}

// A line read past the matrix's last column (a floating input, a wrong column count in the
// configuration) is no crossing of the board.
TEST(MatrixDebouncer, BitsPastTheLastColumnAreNoCrossing) {
  MatrixDebouncer debouncer(3, 3, 2);
  SwitchMatrix stray = reading({{1, 1}});
  stray.closedColumns[1] |= 1u << 5;
  debouncer.add(stray);
  EXPECT_TRUE(debouncer.add(stray));
  EXPECT_EQ(*debouncer.settled(), reading({{1, 1}}));
}

TEST(MatrixDebouncer, RefusesReadingsOfAnotherSizeAndSillyScanCounts) {
  MatrixDebouncer debouncer(3, 3, 2);
  EXPECT_THROW(debouncer.add(reading({}, 4, 3)), std::invalid_argument);
  EXPECT_THROW(MatrixDebouncer(3, 3, 0), std::invalid_argument);
}

}  // namespace
