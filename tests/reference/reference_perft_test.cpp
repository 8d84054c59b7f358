// The reference generator's own perft at depth 3 from the published orthodox positions
// (/work/shared/reference/perft.md): equal to the published figures and to the fast perft.
#include <gtest/gtest.h>

#include <cstdint>

#include "core/rules/perft.hpp"
#include "core/rules/position_text.hpp"
#include "reference_movegen.hpp"

using namespace tessera;

namespace {

std::uint64_t referencePerft(Position& pos, int depth) {
  const std::vector<Move> moves = reference::legalActions(pos);
  if (depth == 1) return moves.size();
  std::uint64_t leaves = 0;
  for (const Move& m : moves) {
    pos.make(m);
    leaves += referencePerft(pos, depth - 1);
    pos.unmake();
  }
  return leaves;
}

struct Published {
  const char* name;
  const char* fen;
  std::uint64_t d1, d2, d3;
};

TEST(ReferencePerftDepthThree, MatchesPublishedFiguresAndFastPerft) {
  const Variant& chess = builtinVariant("chess");
  const Published table[] = {
      {"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 20, 400, 8902},
      {"Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 48, 2039, 97862},
      {"position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 14, 191, 2812},
      {"position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 6, 264, 9467},
      {"position 4 mirrored", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 6, 264, 9467},
      {"position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 44, 1486, 62379},
      {"position 6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 46, 2079, 89890},
  };
  for (const Published& p : table) {
    Position pos = parsePosition(chess, p.fen);
    const std::string before = positionString(pos);
    EXPECT_EQ(referencePerft(pos, 1), p.d1) << p.name;
    EXPECT_EQ(referencePerft(pos, 2), p.d2) << p.name;
    EXPECT_EQ(referencePerft(pos, 3), p.d3) << p.name;
    EXPECT_EQ(perft(pos, 3), p.d3) << p.name << " (fast perft)";
    EXPECT_EQ(positionString(pos), before) << p.name << ": the tree walk did not restore the position";
  }
}

}  // namespace
