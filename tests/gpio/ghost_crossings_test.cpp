// Without diodes, the corners of a fully closed rectangle cannot be told from a ghost.
#include <gtest/gtest.h>

#include "hardware/gpio/ghost_crossings.hpp"

namespace {

using namespace tessera::gpio;

SwitchMatrix matrixOf(std::initializer_list<std::pair<int, int>> closed) {
  SwitchMatrix m;
  m.rows = 4;
  m.columns = 4;
  for (auto [r, c] : closed) m.set(r, c, true);
  return m;
}

TEST(GhostCrossings, AFullyClosedRectangleMakesAllFourCornersAmbiguous) {
  const SwitchMatrix ambiguous = ambiguousCrossings(matrixOf({{0, 1}, {0, 3}, {2, 1}, {2, 3}, {3, 0}}));
  EXPECT_EQ(ambiguous, matrixOf({{0, 1}, {0, 3}, {2, 1}, {2, 3}}));
}

TEST(GhostCrossings, SwitchesSharingOnlyARowOrAColumnAreCertain) {
  EXPECT_EQ(ambiguousCrossings(matrixOf({{0, 0}, {0, 1}, {0, 2}, {1, 0}, {2, 0}})), matrixOf({}));
  EXPECT_EQ(ambiguousCrossings(matrixOf({{0, 0}, {1, 1}, {2, 2}, {3, 3}})), matrixOf({}));
}

}  // namespace
