// The royal-safety test (isAttackedBy) asks only the pieces standing where some piece type of the
// side could capture from (MoveTables::attackersOf). It must answer as asking every piece would.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "core/rules/attacks.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/position_text.hpp"
#include "core/rules/variant.hpp"
#include "random_variant_text.hpp"

using namespace tessera;

namespace {

bool anyPieceAttacks(const Position& pos, Square target, int bySide) {
  bool found = false;
  pos.occupied(bySide).forEach([&](Square from) { found = found || attacks(pos, from, target); });
  return found;
}

struct AttackCounts {
  int attacked = 0;
  int checked = 0;
};

// The first square and side on which isAttackedBy and asking every piece disagree, or "".
std::string firstMismatch(const Position& pos, AttackCounts& counts) {
  std::string mismatch;
  for (int side = 0; side < pos.variant().sides; ++side)
    pos.tables().playable.forEach([&](Square target) {
      const bool expected = anyPieceAttacks(pos, target, side);
      if (isAttackedBy(pos, target, side) != expected && mismatch.empty())
        mismatch = "side " + std::to_string(side) + (expected ? " attacks" : " does not attack") + " square " +
                   std::to_string(target);
      counts.attacked += expected;
      ++counts.checked;
    });
  return mismatch;
}

// Plays a random legal action; false when there is none (the game is over).
bool playRandomAction(Position& pos, std::mt19937& rng) {
  MoveList moves;
  generateLegal(pos, moves);
  if (moves.empty()) return false;
  pos.make(moves[std::uniform_int_distribution<int>(0, moves.size() - 1)(rng)]);
  return true;
}

}  // namespace

TEST(Attacks, AskingOnlyThePiecesThatCouldReachASquareFindsEveryAttackOfRandomGames) {
  AttackCounts counts;
  for (const std::string& name : builtinVariantNames()) {
    std::mt19937 rng(7);
    for (int game = 0; game < 4; ++game) {
      Position pos = startPosition(builtinVariant(name));
      for (int ply = 0; ply < 60; ++ply) {
        ASSERT_EQ(firstMismatch(pos, counts), "") << name << " " << positionString(pos);
        if (!playRandomAction(pos, rng)) break;
      }
    }
  }
  // Enough of both answers for the comparison to mean something.
  EXPECT_GT(counts.attacked, 10000);
  EXPECT_GT(counts.checked - counts.attacked, 10000);
}

// Pieces of random XBetza: hoppers, bent riders, initial-only and capture-only parts.
TEST(Attacks, AskingOnlyThePiecesThatCouldReachASquareFindsEveryAttackInRandomVariants) {
  AttackCounts counts;
  int played = 0;
  for (unsigned seed = 0; seed < 100; ++seed) {
    random_variants::RandomBetza random(seed);
    const std::string text = random_variants::randomVariantText(random);
    std::vector<Variant> variants;
    try {
      variants = parseVariantText(text, "random");
    } catch (const VariantError&) {
      continue;
    }
    ++played;
    std::mt19937 rng(seed);
    Position pos = startPosition(variants.at(0));
    for (int ply = 0; ply < 40; ++ply) {
      ASSERT_EQ(firstMismatch(pos, counts), "") << positionString(pos) << " in\n" << text;
      if (!playRandomAction(pos, rng)) break;
    }
  }
  EXPECT_GT(played, 60);
  EXPECT_GT(counts.attacked, 10000);
  EXPECT_GT(counts.checked - counts.attacked, 10000);
}
