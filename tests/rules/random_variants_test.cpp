// Variant files people might write: random pieces in the XBetza this reader takes, played in random
// games. Every position must read back from its string, every legal action's long algebraic and
// SAN text must name that action and no other, and quiescence's capture generator must give the
// captures among all actions. Each case this found on 2026-11-28 has its own test in
// variant_text_test.cpp and position_text_test.cpp.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "core/rules/move_text.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/position_text.hpp"
#include "core/rules/variant.hpp"
#include "random_variant_text.hpp"
#include "tests/support/captures_among_all_actions.hpp"

using namespace tessera;
using tessera::random_variants::RandomBetza;
using tessera::random_variants::randomVariantText;

namespace {

// What is wrong with the position, or "".
std::string checkPosition(Position& pos) {
  const std::string text = positionString(pos);
  try {
    if (positionString(parsePosition(pos.variant(), text)) != text) return "reads back differently: " + text;
  } catch (const PositionError& e) {
    return std::string("does not read back (") + e.what() + "): " + text;
  }
  if (!capturesAreThoseAmongAllActions(pos))
    return "the captures generated differ from those among all actions in " + text;
  MoveList moves;
  generateLegal(pos, moves);
  for (const Move& m : moves) {
    for (const std::string& written : {longAlgebraic(pos, m), san(pos, m)}) {
      try {
        if (!(parseMove(pos, written) == m)) return "'" + written + "' reads as another action in " + text;
      } catch (const MoveTextError& e) {
        return "'" + written + "': " + e.what() + " in " + text;
      }
    }
  }
  return "";
}

TEST(RandomVariants, EveryPositionReadsBackAndEveryActionHasItsOwnText) {
  int played = 0;
  for (unsigned seed = 0; seed < 200; ++seed) {
    RandomBetza random(seed);
    const std::string variantText = randomVariantText(random);
    std::vector<Variant> variants;
    try {
      variants = parseVariantText(variantText, "random");
    } catch (const VariantError&) {
      continue;  // refused with a message: what the variant tests check
    }
    ++played;
    Position pos = startPosition(variants.at(0));
    for (int ply = 0; ply < 60; ++ply) {
      const std::string problem = checkPosition(pos);
      ASSERT_EQ(problem, "") << "seed " << seed << ", ply " << ply << ", variant:\n" << variantText;
      MoveList moves;
      generateLegal(pos, moves);
      if (moves.empty()) break;
      pos.make(moves[random.below(moves.size())]);
    }
  }
  // Most random texts are variants this reader takes, so the games above are many.
  EXPECT_GT(played, 120);
}

}  // namespace
