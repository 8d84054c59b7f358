// UCI's `go` read into the search's limits: the side to act takes its own clock, every number is
// clamped to what the search takes, and a `go` without a limit runs until `stop`. Checked on the
// limits themselves, so no timing is involved.
#include <gtest/gtest.h>

#include <sstream>
#include <stdexcept>

#include "core/engine/time_budget.hpp"
#include "core/protocol/uci_go.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/position_text.hpp"
#include "core/rules/variant.hpp"

using namespace tessera;

namespace {

std::vector<std::string> wordsOf(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

Position chessAfter(const std::string& moves) {
  Position pos = startPosition(builtinVariant("chess"));
  for (const std::string& m : wordsOf(moves)) pos.make(parseMove(pos, m));
  return pos;
}

GoRequest go(const std::string& words, const Position& root = chessAfter(""), int multiPv = 1) {
  return readGo(wordsOf(words), root, multiPv);
}

std::string refusal(const std::string& words) {
  try {
    go(words);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

TEST(UciGo, EachSideThinksOnItsOwnClockAndIncrement) {
  const std::string clocks = "wtime 60000 btime 3000 winc 4000 binc 600";
  EXPECT_EQ(go(clocks).limits.millis, millisForAction(60'000, 4'000, kDefaultMovesToGo));
  EXPECT_EQ(go(clocks).limits.millis, 4'000);
  const Position blackToAct = chessAfter("e2e4");
  EXPECT_EQ(go(clocks, blackToAct).limits.millis, millisForAction(3'000, 600, kDefaultMovesToGo));
  EXPECT_EQ(go(clocks, blackToAct).limits.millis, 400);
  EXPECT_FALSE(go(clocks, blackToAct).infinite);
}

TEST(UciGo, OnlyTheOtherSidesClockStillBoundsTheSearch) {
  const GoRequest request = go("wtime 600000", chessAfter("e2e4"));
  EXPECT_EQ(request.limits.millis, 1);
  EXPECT_FALSE(request.infinite);
}

TEST(UciGo, MovesToGoSharesTheClockAndIsClampedToOneToAThousand) {
  EXPECT_EQ(go("wtime 60000 movestogo 10").limits.millis, 6'000);
  EXPECT_EQ(go("wtime 60000 movestogo 0").limits.millis, millisForAction(60'000, 0, 1));
  EXPECT_EQ(go("wtime 60000 movestogo -5").limits.millis, 30'000);
  EXPECT_EQ(go("wtime 600000 movestogo 5000").limits.millis, 600);
}

TEST(UciGo, MoveTimeIsClampedToAMillisecondAndAnHour) {
  EXPECT_EQ(go("movetime 250").limits.millis, 250);
  EXPECT_EQ(go("movetime 0").limits.millis, 1);
  EXPECT_EQ(go("movetime 99999999999").limits.millis, kMaxSearchMillis);
  // A movetime wins over the clock.
  EXPECT_EQ(go("wtime 60000 movetime 70").limits.millis, 70);
  EXPECT_FALSE(go("movetime 250").infinite);
}

TEST(UciGo, DepthNodesAndMateAreClampedToWhatTheSearchTakes) {
  EXPECT_EQ(go("depth 5").limits.depth, 5);
  EXPECT_EQ(go("depth 0").limits.depth, 1);
  EXPECT_EQ(go("depth 1000").limits.depth, kMaxSearchDepth);
  EXPECT_EQ(go("nodes 5000").limits.nodes, 5'000);
  EXPECT_EQ(go("nodes 0").limits.nodes, 1);
  EXPECT_EQ(go("nodes 99999999999999999").limits.nodes, kMaxSearchNodes);
  EXPECT_EQ(go("mate 3").limits.depth, 5);
  EXPECT_EQ(go("mate 0").limits.depth, 1);
  EXPECT_EQ(go("mate 500").limits.depth, 63);
  for (const char* limited : {"depth 5", "nodes 5000", "mate 2"}) {
    EXPECT_FALSE(go(limited).infinite) << limited;
    EXPECT_EQ(go(limited).limits.millis, 0) << limited;
  }
}

TEST(UciGo, AGoWithoutALimitRunsUntilStop) {
  EXPECT_TRUE(go("").infinite);
  EXPECT_TRUE(go("infinite").infinite);
  EXPECT_TRUE(go("searchmoves e2e4").infinite);
  // An increment or movestogo alone is no limit.
  EXPECT_TRUE(go("winc 1000 movestogo 5").infinite);
  EXPECT_EQ(go("winc 1000 movestogo 5").limits.millis, 0);
  EXPECT_TRUE(go("infinite depth 4").infinite);
}

TEST(UciGo, SearchMovesEndAtTheNextWordOfGo) {
  const GoRequest request = go("searchmoves e2e4 g1f3 depth 2");
  ASSERT_EQ(request.limits.searchOnly.size(), 2u);
  const Position root = chessAfter("");
  EXPECT_EQ(longAlgebraic(root, request.limits.searchOnly[0]), "e2e4");
  EXPECT_EQ(longAlgebraic(root, request.limits.searchOnly[1]), "g1f3");
  EXPECT_EQ(request.limits.depth, 2);
  // Read in the position given: Black's actions after 1. e4.
  const GoRequest black = go("searchmoves e7e5", chessAfter("e2e4"));
  ASSERT_EQ(black.limits.searchOnly.size(), 1u);
}

TEST(UciGo, TheMultiPvSettingIsPassedOn) {
  EXPECT_EQ(go("depth 2", chessAfter(""), 7).limits.multiPv, 7);
}

TEST(UciGo, WrongWordsAreNamed) {
  EXPECT_NE(refusal("ponder").find("'ponder' is not supported"), std::string::npos);
  EXPECT_NE(refusal("depth 3 fast").find("'fast' is no word of go (searchmoves, wtime,"), std::string::npos);
  EXPECT_EQ(refusal("depth"), "'depth' needs a number");
  EXPECT_EQ(refusal("wtime soon"), "'wtime' must be a number, got 'soon'");
  EXPECT_EQ(refusal("nodes 12k"), "'nodes' must be a number, got '12k'");
  EXPECT_NE(refusal("searchmoves e2e5").find("'e2e5' is not a legal move"), std::string::npos);
  EXPECT_EQ(refusal("wtime 1000 depth 3"), "");
}

}  // namespace
