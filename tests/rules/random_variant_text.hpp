#pragma once
// Variant files people might write: a king, a rook and two pieces of random XBetza parts of the
// kinds this reader takes, on 8x8. Shared by the tests that play random games in them.
#include <random>
#include <string>
#include <vector>

namespace tessera::random_variants {

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

inline std::string randomVariantText(RandomBetza& random) {
  const bool castling = random.below(2) == 1;
  std::string king = "K" + (random.below(2) ? random.pieceMoves(1) : std::string());
  if (castling) king += "O" + std::to_string(1 + random.below(3));
  return "[random]\nboard = 8x8\npiece = king K " + king + " royal\npiece = rook R R\npiece = alpha P " +
         random.pieceMoves(1 + random.below(3)) + "\npiece = beta B " + random.pieceMoves(1 + random.below(3)) +
         "\nstart = r1b1k1br/pppppppp/8/8/8/8/PPPPPPPP/R1B1K1BR w " + (castling ? "KQkq" : "-") +
         " - 0 1\npromotion-pieces = P\npromotion-choices = B R\n" + (castling ? "castling = yes\n" : "") +
         (random.below(2) ? "promotion-optional = yes\n" : "");
}

}  // namespace tessera::random_variants
