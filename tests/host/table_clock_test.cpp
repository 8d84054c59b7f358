// The table watches the clocks on its own: a flag falls with no board change and no command.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "host/session/game_clock.hpp"
#include "served_table.hpp"

namespace tessera::session {
namespace {

TEST(TableClock, ASideWhoseTimeRunsOutLosesWithNothingElseHappening) {
  SessionOptions o;
  o.timeControl = parseTimeControl("0.01");  // 0.6 s each
  ServedTable table("chess", o);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (table.resultToken() == "*" && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_EQ(table.resultToken(), "0-1") << "White's 0.6 s ran out, with nothing read or pressed";
}

}  // namespace
}  // namespace tessera::session
