// The clocks at the table: time to spare loses nothing, and the side to act's thinking goes into the
// journal every five seconds, only while it is that side's own turn in a game going on.
// Written from the mutation run of host/session/referee_session.cpp (2026-12-04), whose survivors
// showed these left unpinned.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "session_fixture.hpp"

namespace tessera::session {
namespace {

using K = SessionEvent::Kind;
using namespace std::chrono_literals;

int thinkingLines(const std::string& journal) {
  const std::vector<std::string> lines = journalPayloads(journal);
  return static_cast<int>(std::count_if(lines.begin(), lines.end(), [](const std::string& l) { return l.rfind("thinking ", 0) == 0; }));
}

TEST(SessionClock, TimeToSpareLosesNothingWithOrWithoutAJournal) {
  for (const bool journaled : {false, true}) {
    SessionOptions o = clockedAndJournaled("spare.journal", "5+0");
    if (!journaled) o.journalPath.clear();
    SessionFixture f("chess", o);
    f.play("e4");
    for (int second = 1; second <= 30; ++second) f.session.checkClock(GameClock::Clock::now() + std::chrono::seconds(second));
    EXPECT_FALSE(f.session.result().finished()) << f.session.result().reason;
    EXPECT_EQ(f.count(K::Result), 0);
    if (journaled) std::filesystem::remove(o.journalPath);
  }
}

TEST(SessionClock, TheTurnsThinkingIsJournaledEveryFiveSeconds) {
  const SessionOptions o = clockedAndJournaled("every-five.journal", "5+0");
  SessionFixture f("chess", o);
  f.play("e4");
  const auto turnStarted = GameClock::Clock::now();
  for (int tenth = 1; tenth <= 214; ++tenth) f.session.checkClock(turnStarted + std::chrono::milliseconds(100 * tenth));
  EXPECT_EQ(thinkingLines(o.journalPath), 4) << "at 5, 10, 15 and 20 s of Black's 21.4 s";
  // The next turn counts its own five seconds from its start.
  f.play("e5");
  const auto nextStarted = GameClock::Clock::now();
  for (int tenth = 1; tenth <= 64; ++tenth) f.session.checkClock(nextStarted + std::chrono::milliseconds(100 * tenth));
  EXPECT_EQ(thinkingLines(o.journalPath), 5) << "and at 5 s of White's 6.4 s";
  std::filesystem::remove(o.journalPath);
}

TEST(SessionClock, NoThinkingIsJournaledOnceTheGameIsOverOrWhileTheEnginesActionIsCarriedOut) {
  SessionOptions o = clockedAndJournaled("over.journal", "5+0");
  {
    SessionFixture f("chess", o);
    f.play("e4");
    f.session.resign();
    for (int second = 1; second <= 20; ++second) f.session.checkClock(GameClock::Clock::now() + std::chrono::seconds(second));
    EXPECT_EQ(thinkingLines(o.journalPath), 0);
    EXPECT_EQ(f.session.result().reason, "Black resigns");
  }
  std::filesystem::remove(o.journalPath);
  // The engine (Black) has announced: the player's clock runs while the player carries it out, and
  // that is no thinking of Black's.
  o.mode = PlayMode::Engine;
  o.engineMillis = 50;
  SessionFixture e("chess", o);
  e.play("e4");
  ASSERT_TRUE(e.session.engineAction().has_value());
  for (int second = 1; second <= 20; ++second) e.session.checkClock(GameClock::Clock::now() + std::chrono::seconds(second));
  EXPECT_EQ(thinkingLines(o.journalPath), 0);
  std::filesystem::remove(o.journalPath);
}

}  // namespace
}  // namespace tessera::session
