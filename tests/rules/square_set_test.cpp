#include <gtest/gtest.h>

#include "core/rules/geometry.hpp"

using namespace tessera;

TEST(SquareSet, TwoSetsIntersectWhenTheyShareASquareInAnyWord) {
  for (const int shared : {5, 70, 140, 250}) {  // one in each 64-square word
    SquareSet a, b;
    a.set(shared);
    a.set(3);
    b.set(4);
    b.set(199);
    EXPECT_FALSE(a.intersects(b)) << shared;
    b.set(shared);
    EXPECT_TRUE(a.intersects(b)) << shared;
    EXPECT_TRUE(b.intersects(a)) << shared;
    EXPECT_FALSE(a.intersects(SquareSet{})) << shared;
  }
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
