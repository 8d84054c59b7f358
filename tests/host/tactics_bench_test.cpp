// The Win At Chess run of `tessera bench --engine`: all 300 positions read, each with best actions
// legal where they stand, and a position solved when the search's action is one of them.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>

#include "host/commands/tactics_bench.hpp"

using tessera::commands::benchTactics;

TEST(TacticsBench, ReadsEveryWinAtChessPositionAndItsBestActions) {
  std::ostringstream out;
  // One node each: every position is read and searched (parsing throws on a best action that is
  // not legal where it stands), whatever is found.
  const auto r = benchTactics(out, 300, 1);
  EXPECT_EQ(r.total, 300);
  EXPECT_EQ(r.solved + static_cast<int>(r.missed.size()), 300);
  EXPECT_EQ(out.str().rfind("engine tactics: Win At Chess, " + std::to_string(r.solved) + " of 300 at 1 nodes each", 0), 0u)
      << out.str();
}

TEST(TacticsBench, FindsTheFirstMatesAndCountsThem) {
  std::ostringstream out;
  // WAC.001 (Qg6, mate in 2) and WAC.004 (Qxh7+, mate in 2) are found well within 30,000 nodes.
  const auto r = benchTactics(out, 5, 30'000);
  EXPECT_EQ(r.total, 5);
  for (const std::string id : {"WAC.001", "WAC.004"})
    EXPECT_EQ(std::find(r.missed.begin(), r.missed.end(), id), r.missed.end()) << out.str();
  EXPECT_NE(out.str().find(std::to_string(r.solved) + " of 5 at 30000 nodes each"), std::string::npos) << out.str();
}
