// Move text: long algebraic and SAN, written and read back, and clear errors for bad text.
#include <gtest/gtest.h>

#include <random>

#include "core/rules/move_text.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/position_text.hpp"

using namespace tessera;

namespace {

std::string sanOf(const Variant& v, const char* fen, const char* lan) {
  Position pos = parsePosition(v, fen);
  return san(pos, parseMove(pos, lan));
}

TEST(MoveTextSan, OrthodoxForms) {
  const Variant& chess = builtinVariant("chess");
  const char* start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  EXPECT_EQ(sanOf(chess, start, "e2e4"), "e4");
  EXPECT_EQ(sanOf(chess, start, "g1f3"), "Nf3");
  EXPECT_EQ(sanOf(chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"), "O-O");
  EXPECT_EQ(sanOf(chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1"), "O-O-O");
  EXPECT_EQ(sanOf(chess, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6"), "exd6");
  EXPECT_EQ(sanOf(chess, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q"), "b8=Q+");
  EXPECT_EQ(sanOf(chess, "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "a1a8"), "Ra8#");
  // Disambiguation by file, by rank, and by both.
  EXPECT_EQ(sanOf(chess, "4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "a1d1"), "Rd1");  // the King blocks the h1 Rook
  EXPECT_EQ(sanOf(chess, "4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "a1d1"), "Rad1");
  EXPECT_EQ(sanOf(chess, "4k3/R7/8/8/8/8/8/R3K3 w - - 0 1", "a1a4"), "R1a4");
  EXPECT_EQ(sanOf(chess, "7k/8/8/8/2Q1Q3/8/2Q5/4K3 w - - 0 1", "c4d3"), "Qc4d3");
}

TEST(MoveTextParse, AcceptsLongAlgebraicSanAndCastlingVariants) {
  const Variant& chess = builtinVariant("chess");
  Position pos = parsePosition(chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(parseMove(pos, "O-O").kind, MoveKind::Castle);
  EXPECT_EQ(parseMove(pos, "0-0-0").wing, 1);
  EXPECT_EQ(parseMove(pos, "e1g1").kind, MoveKind::Castle);
  Position promo = parsePosition(chess, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(parseMove(promo, "b7b8N").promotion, chess.typeByLetter('N') + 1);
  EXPECT_EQ(parseMove(promo, "b8=R+").promotion, chess.typeByLetter('R') + 1);
}

// XBoard writes "Sff6" where one Scorpion can go to f6; records from such programs still read.
TEST(MoveTextParse, SanNamingMoreOfTheOriginThanNeededStillReads) {
  const Variant& chess = builtinVariant("chess");
  Position pos = startPosition(chess);
  EXPECT_EQ(squareName(parseMove(pos, "Ngf3").from), "g1");
  EXPECT_EQ(squareName(parseMove(pos, "N1f3").from), "g1");
  EXPECT_EQ(squareName(parseMove(pos, "Ng1f3").from), "g1");
  EXPECT_THROW(parseMove(pos, "Nbf3"), MoveTextError);  // the b1 Knight cannot go there
  Position capture = parsePosition(chess, "4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1");
  EXPECT_EQ(squareName(parseMove(capture, "Nexd5").to), "d5");
  EXPECT_THROW(parseMove(capture, "Ned5"), MoveTextError);  // a capture written without its x
  const Variant& dd = builtinVariant("desert-dust");
  Position dust = startPosition(dd);
  EXPECT_EQ(squareName(parseMove(dust, "Sff6").from), "f4");
}

TEST(MoveTextParse, RejectsMalformedAndIllegalTextClearly) {
  Position pos = startPosition(builtinVariant("chess"));
  auto message = [&](const char* t) {
    try {
      parseMove(pos, t);
    } catch (const MoveTextError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(message("e2e5").find("not a legal move"), std::string::npos);
  EXPECT_NE(message("Ke2").find("not a legal move"), std::string::npos);
  EXPECT_NE(message("e2 e4").find("unexpected character"), std::string::npos);
  EXPECT_NE(message("").find("empty"), std::string::npos);
  EXPECT_NE(message("1234").find("is not a move"), std::string::npos);
}

TEST(MoveTextParse, DesertDustLongAlgebraicOnTwoDigitRanks) {
  const Variant& dd = builtinVariant("desert-dust");
  Position pos = startPosition(dd);
  const Move m = parseMove(pos, "e3e9");  // the Sheik's Dabbabarider takes the Scorpion on e9
  EXPECT_EQ(squareName(m.to), "e9");
  EXPECT_EQ(san(pos, m), "Fxe9");
  pos.make(m);
  EXPECT_EQ(longAlgebraic(pos, parseMove(pos, "l9l8")), "l9l8");
  EXPECT_THROW(parseMove(pos, "l10k13"), MoveTextError);  // k13 is off the 12x12 board
}

// Every legal move of many random positions, in both forms, reads back as itself.
TEST(MoveTextRoundTrip, EveryLegalMoveOfRandomGames) {
  for (const char* name : {"chess", "desert-dust"}) {
    const Variant& v = builtinVariant(name);
    std::mt19937 rng(7);
    int checked = 0;
    for (int game = 0; game < 6; ++game) {
      Position pos = startPosition(v);
      for (int ply = 0; ply < 80; ++ply) {
        MoveList moves;
        generateLegal(pos, moves);
        if (moves.empty()) break;
        for (const Move& m : moves) {
          ASSERT_EQ(parseMove(pos, longAlgebraic(pos, m)), m) << name << " " << positionString(pos);
          ASSERT_EQ(parseMove(pos, san(pos, m)), m) << name << " " << san(pos, m) << " in " << positionString(pos);
          ++checked;
        }
        pos.make(moves[std::uniform_int_distribution<int>(0, moves.size() - 1)(rng)]);
      }
    }
    EXPECT_GT(checked, 3000) << name;
  }
}

}  // namespace
