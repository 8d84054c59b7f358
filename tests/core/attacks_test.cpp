// The royal-safety test (isAttackedBy) asks only the pieces standing where some piece type of the
// side could capture from (MoveTables::attackersOf). It must answer as asking every piece would.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "core/attacks.hpp"
#include "core/movegen.hpp"
#include "core/position_text.hpp"
#include "core/variant.hpp"

using namespace tessera;

namespace {

bool anyPieceAttacks(const Position& pos, Square target, int bySide) {
  bool found = false;
  pos.occupied(bySide).forEach([&](Square from) { found = found || attacks(pos, from, target); });
  return found;
}

}  // namespace

TEST(Attacks, AskingOnlyThePiecesThatCouldReachASquareFindsEveryAttackOfRandomGames) {
  int attacked = 0, checked = 0;
  for (const std::string& name : builtinVariantNames()) {
    const Variant& v = builtinVariant(name);
    std::mt19937 rng(7);
    for (int game = 0; game < 4; ++game) {
      Position pos = startPosition(v);
      for (int ply = 0; ply < 60; ++ply) {
        std::string firstMismatch;
        for (int side = 0; side < v.sides; ++side)
          pos.tables().playable.forEach([&](Square target) {
            const bool expected = anyPieceAttacks(pos, target, side);
            if (isAttackedBy(pos, target, side) != expected && firstMismatch.empty())
              firstMismatch = "side " + std::to_string(side) + (expected ? " attacks" : " does not attack") +
                              " square " + std::to_string(target);
            attacked += expected;
            ++checked;
          });
        ASSERT_EQ(firstMismatch, "") << name << " " << positionString(pos);
        MoveList moves;
        generateLegal(pos, moves);
        if (moves.empty()) break;
        pos.make(moves[std::uniform_int_distribution<int>(0, moves.size() - 1)(rng)]);
      }
    }
  }
  // Enough of both answers for the comparison to mean something.
  EXPECT_GT(attacked, 10000);
  EXPECT_GT(checked - attacked, 10000);
}
