#include <gtest/gtest.h>

#include "core/geometry.hpp"

using namespace tessera;

TEST(SquareSet, TwoSetsIntersectWhenTheyShareASquareInAnyWord) {
  SquareSet a, b;
  a.set(3);
  a.set(200);
  b.set(4);
  b.set(199);
  EXPECT_FALSE(a.intersects(b));
  b.set(200);
  EXPECT_TRUE(a.intersects(b));
  EXPECT_TRUE(b.intersects(a));
  EXPECT_FALSE(a.intersects(SquareSet{}));
}

TEST(SquareSet, AUnionHoldsTheSquaresOfBoth) {
  SquareSet a, b;
  a.set(0);
  a.set(130);
  b.set(63);
  b.set(255);
  a |= b;
  EXPECT_EQ(a.count(), 4);
  for (const int sq : {0, 63, 130, 255}) EXPECT_TRUE(a.test(sq)) << sq;
  EXPECT_EQ(b.count(), 2);
}
