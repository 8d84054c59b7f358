// Orthodox chess perft: the published figures of ../shared/reference/perft.md. Depths up to 4
// (5 where it is quick) run here; `tessera bench` and the perft command run the deeper rows.
#include <gtest/gtest.h>

#include "core/perft.hpp"
#include "core/position_text.hpp"

using namespace tessera;

namespace {

struct PerftRow {
  const char* name;
  const char* fen;
  std::vector<std::uint64_t> counts;  // depth 1, 2, ...
};

const PerftRow kRows[] = {
    {"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {20, 400, 8902, 197281, 4865609}},
    {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", {48, 2039, 97862, 4085603}},
    {"position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", {14, 191, 2812, 43238, 674624}},
    {"position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", {6, 264, 9467, 422333}},
    {"position4mirrored", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", {6, 264, 9467, 422333}},
    {"position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", {44, 1486, 62379, 2103487}},
    {"position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", {46, 2079, 89890, 3894594}},
};

class ChessPerft : public ::testing::TestWithParam<PerftRow> {};

TEST_P(ChessPerft, MatchesPublishedCounts) {
  const PerftRow& row = GetParam();
  Position pos = parsePosition(builtinVariant("chess"), row.fen);
  for (std::size_t d = 0; d < row.counts.size(); ++d)
    EXPECT_EQ(perft(pos, static_cast<int>(d + 1)), row.counts[d]) << row.name << " depth " << d + 1;
}

INSTANTIATE_TEST_SUITE_P(PublishedPositions, ChessPerft, ::testing::ValuesIn(kRows),
                         [](const auto& info) { return std::string(info.param.name); });

TEST(ChessPerftDivide, StartPositionSplitsIntoTwentyMovesOfTwentyReplies) {
  Position pos = startPosition(builtinVariant("chess"));
  const auto divide = perftDivide(pos, 2);
  ASSERT_EQ(divide.size(), 20u);
  for (const auto& [move, count] : divide) EXPECT_EQ(count, 20u) << move;
}

TEST(ChessPerftDivide, LeavesThePositionAsItWas) {
  Position pos = parsePosition(builtinVariant("chess"), kRows[1].fen);
  const Position before = pos;
  perft(pos, 3);
  EXPECT_TRUE(samePosition(pos, before));
}

}  // namespace
