// Variant files people might write: random pieces in the XBetza this reader takes, played in random
// games. Every position must read back from its string, and every legal action's long algebraic
// and SAN text must name that action and no other. Each case this found on 2026-11-28 has its own
// test in variant_text_test.cpp and position_text_test.cpp.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "core/move_text.hpp"
#include "core/movegen.hpp"
#include "core/position_text.hpp"
#include "core/variant.hpp"

using namespace tessera;

namespace {

class RandomBetza {
 public:
  explicit RandomBetza(unsigned seed) : rng_(seed) {}

  int below(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }

  std::string pieceMoves(int parts) {
    std::string s;
    for (int i = 0; i < parts; ++i) s += part();
    return s;
  }

 private:
  std::string part() {
    static const std::vector<std::string> legs = {"mpafW", "mafsW", "yafsW", "vyafsW", "mpafF", "afsF", "mpafsF", "cafW", "mafF"};
    if (below(5) == 0) return legs[below(static_cast<int>(legs.size()))];
    static const std::vector<std::string> atoms = {"W", "F", "D", "N", "A", "H", "C", "Z", "G", "K", "R", "B", "Q", "WW", "FF", "NN", "W2", "F3"};
    static const std::vector<std::string> modifiers = {"", "", "", "m", "c", "e", "i", "n", "mn", "in", "ifmn", "fce", "me", "ce"};
    static const std::vector<std::string> directions = {"", "", "f", "b", "l", "r", "v", "s"};
    const std::string atom = atoms[below(static_cast<int>(atoms.size()))];
    std::string modifier = modifiers[below(static_cast<int>(modifiers.size()))];
    // Non-jumping is for straight leaps only; elsewhere it would only be refused.
    const bool straightLeap = atom == "D" || atom == "A" || atom == "H" || atom == "G";
    if (modifier.find('n') != std::string::npos && !straightLeap) modifier = "m";
    return modifier + directions[below(static_cast<int>(directions.size()))] + atom;
  }

  std::mt19937 rng_;
};

std::string randomVariantText(RandomBetza& random) {
  const bool castling = random.below(2) == 1;
  std::string king = "K" + (random.below(2) ? random.pieceMoves(1) : std::string());
  if (castling) king += "O" + std::to_string(1 + random.below(3));
  return "[random]\nboard = 8x8\npiece = king K " + king + " royal\npiece = rook R R\npiece = alpha P " +
         random.pieceMoves(1 + random.below(3)) + "\npiece = beta B " + random.pieceMoves(1 + random.below(3)) +
         "\nstart = r1b1k1br/pppppppp/8/8/8/8/PPPPPPPP/R1B1K1BR w " + (castling ? "KQkq" : "-") +
         " - 0 1\npromotion-pieces = P\npromotion-choices = B R\n" + (castling ? "castling = yes\n" : "") +
         (random.below(2) ? "promotion-optional = yes\n" : "");
}

// What is wrong with the position, or "".
std::string checkPosition(Position& pos) {
  const std::string text = positionString(pos);
  try {
    if (positionString(parsePosition(pos.variant(), text)) != text) return "reads back differently: " + text;
  } catch (const PositionError& e) {
    return std::string("does not read back (") + e.what() + "): " + text;
  }
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
