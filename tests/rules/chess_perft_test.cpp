// Orthodox chess perft: the published figures of ../shared/reference/perft.md. Depths up to 4
// (5 where it is quick) run here; `tessera bench` and the perft command run the deeper rows.
#include <gtest/gtest.h>

#include "core/rules/perft.hpp"
#include "core/rules/perft_reference.hpp"
#include "core/rules/position_text.hpp"

using namespace tessera;

namespace {

// Depths whose count is under 5 million run here; the rest run in `tessera bench`.
constexpr std::uint64_t kMaxNodesInTests = 5000000;

class ChessPerft : public ::testing::TestWithParam<PerftReferenceRow> {};

TEST_P(ChessPerft, MatchesPublishedCounts) {
  const PerftReferenceRow& row = GetParam();
  Position pos = parsePosition(builtinVariant("chess"), row.fen);
  for (std::size_t d = 0; d < row.counts.size() && row.counts[d] < kMaxNodesInTests; ++d)
    EXPECT_EQ(perft(pos, static_cast<int>(d + 1)), row.counts[d]) << row.name << " depth " << d + 1;
}

INSTANTIATE_TEST_SUITE_P(PublishedPositions, ChessPerft, ::testing::ValuesIn(orthodoxPerftTable()),
                         [](const auto& info) { return std::string(info.param.name); });

TEST(ChessPerftDivide, StartPositionSplitsIntoTwentyMovesOfTwentyReplies) {
  Position pos = startPosition(builtinVariant("chess"));
  const auto divide = perftDivide(pos, 2);
  ASSERT_EQ(divide.size(), 20u);
  for (const auto& [move, count] : divide) EXPECT_EQ(count, 20u) << move;
}

TEST(ChessPerftDivide, LeavesThePositionAsItWas) {
  Position pos = parsePosition(builtinVariant("chess"), orthodoxPerftTable()[1].fen);
  const Position before = pos;
  perft(pos, 3);
  EXPECT_TRUE(samePosition(pos, before));
}

}  // namespace
