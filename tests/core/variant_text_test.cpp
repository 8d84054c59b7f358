// Variants are data: a new fairy variant on an ordinary board needs only text.
#include <gtest/gtest.h>

#include "core/movegen.hpp"
#include "core/perft.hpp"
#include "core/position_text.hpp"
#include "core/variant.hpp"

using namespace tessera;

namespace {

TEST(VariantText, NewFairyVariantFromTextOnly) {
  // Capablanca-like pieces on a 10x8 board: Archbishop (BN) and Chancellor (RN).
  const auto variants = parseVariantText(R"(
[mini-capa]
board = 10x8
piece = king K KisO3 royal
piece = archbishop A BN
piece = chancellor C RN
piece = rook R R
piece = pawn P ifmnDfmWfceF
start = rack3car/pppppppppp/10/10/10/10/PPPPPPPPPP/RACK3CAR w KQkq - 0 1
promotion-pieces = P
promotion-choices = A C R
castling = yes
)", "test");
  ASSERT_EQ(variants.size(), 1u);
  const Variant& v = variants[0];
  Position pos = startPosition(v);
  // 10 Pawns x 2 steps = 20; Archbishop b1 leaps to a3, c3 and i1 to h3, j3 = 4; Chancellor c1 leaps
  // to b3, d3 and h1 to g3, i3 and slides to g1, f1, e1 = 7; the King d1 steps to e1 = 1; castling
  // is blocked by the pieces between King and Rook. 20 + 4 + 7 + 1 = 32.
  EXPECT_EQ(perft(pos, 1), 32u);
  EXPECT_EQ(positionString(pos), "rack3car/pppppppppp/10/10/10/10/PPPPPPPPPP/RACK3CAR w KQkq - 0 1");
}

TEST(VariantText, ErrorsNameTheLine) {
  auto message = [](const char* text) {
    try {
      parseVariantText(text, "my.variants");
    } catch (const VariantError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(message("[x]\nboard = 8x8\npiece = king K KQz royal\n").find("my.variants, line 3"), std::string::npos);
  EXPECT_NE(message("[x]\nboard = 8x8\npiece = king K KQz royal\n").find("position 3"), std::string::npos);
  EXPECT_NE(message("[x]\nboard = 20x8\n").find("line 2"), std::string::npos);
  EXPECT_NE(message("[x]\ncolour = red\n").find("unknown key 'colour'"), std::string::npos);
  EXPECT_NE(message("board = 8x8\n").find("before the first"), std::string::npos);
  EXPECT_NE(message("[x]\nboard = 8x8\npiece = rook R R\nstart = 8/8/8/8/8/8/8/R7 w - - 0 1\n").find("no royal piece"), std::string::npos);
}

TEST(VariantRegistry, UnknownNameListsTheKnownOnes) {
  try {
    builtinVariant("chesss");
    FAIL();
  } catch (const VariantError& e) {
    EXPECT_NE(std::string(e.what()).find("chess, desert-dust"), std::string::npos) << e.what();
  }
}

}  // namespace
