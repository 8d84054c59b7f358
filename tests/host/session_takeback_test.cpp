// Taking back at the table, by the board or by the command: one or two actions undone on the board
// are taken back at once, more are asked about once, with no player at hand they are taken back,
// and the actions' times in the record stay each action's own.
// Written from the mutation run of host/session/referee_session.cpp (2026-12-04), whose survivors
// showed these left unpinned.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "host/session/action_text.hpp"
#include "session_fixture.hpp"

namespace tessera::session {
namespace {

using K = SessionEvent::Kind;

// The board as it stood `plies` actions before the game's position, read twice.
void showTheBoardBack(SessionFixture& f, int plies) {
  Position back = f.session.game().position();
  for (int i = 0; i < plies; ++i) back.unmake();
  const Observation seen = sensorView(back, SensorProfile::Camera);
  f.session.onObservation(seen);
  f.session.onObservation(seen);
}

TEST(SessionTakeback, OneActionUndoneOnTheBoardIsTakenBackWithNothingLeftToAsk) {
  SessionFixture f("chess");
  for (const char* san : {"e4", "e5", "Nf3"}) f.play(san);
  showTheBoardBack(f, 1);
  EXPECT_EQ(recordSan(f.session.game()), (std::vector<std::string>{"e4", "e5"}));
  EXPECT_EQ(f.count(K::Takeback), 1);
  EXPECT_EQ(f.count(K::Choose), 0) << f.lastText(K::Choose);
  EXPECT_TRUE(f.session.pendingChoices().empty());
}

TEST(SessionTakeback, MoreActionsUndoneAreAskedAboutOnceNamingThem) {
  SessionFixture f("chess");
  for (const char* san : {"e4", "e5", "Nf3", "Nc6"}) f.play(san);
  showTheBoardBack(f, 3);
  showTheBoardBack(f, 3);  // read again while the question stands
  EXPECT_EQ(f.count(K::Choose), 1) << "asked once, not at every reading";
  EXPECT_EQ(f.lastText(K::Choose),
            "the board shows the position 3 actions back: confirm to take them back, or put the board right (New game "
            "starts the next game)");
  EXPECT_EQ(f.session.game().actions().size(), 4u);

  SessionOptions unattended;
  unattended.autoChoose = true;  // a recording: no one to ask
  SessionFixture g("chess", unattended);
  for (const char* san : {"e4", "e5", "Nf3", "Nc6"}) g.play(san);
  showTheBoardBack(g, 3);
  EXPECT_EQ(recordSan(g.session.game()), std::vector<std::string>{"e4"});
  EXPECT_EQ(g.count(K::Choose), 0) << g.lastText(K::Choose);
  EXPECT_TRUE(g.session.pendingChoices().empty());
}

// An action the board cannot tell alone, settled by the player's choice or by Override, is the board
// matching the game: undone on the board, it is taken back at once, as any other.
TEST(SessionTakeback, AnActionChosenOrOverriddenThenUndoneOnTheBoardIsTakenBackAtOnce) {
  SessionOptions o;
  o.startPosition = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
  SessionFixture f("chess", o);
  f.play("a8=Q");
  f.session.choose(1);  // the Rook
  ASSERT_EQ(f.session.game().actions().size(), 1u);
  showTheBoardBack(f, 1);
  EXPECT_TRUE(f.session.game().actions().empty()) << f.lastText(K::Choose);

  SessionOptions engine = againstTheEngine();
  engine.engineSide = 0;  // the engine plays White and has announced its first action
  SessionFixture e("chess", engine);
  ASSERT_TRUE(e.session.engineAction().has_value());
  Position pos = e.session.game().position();
  e.play(san(pos, *e.session.engineAction()) == "a3" ? "h3" : "a3");
  ASSERT_TRUE(e.session.unexpectedAction().has_value());
  e.session.overrideEngine();
  ASSERT_EQ(e.session.game().actions().size(), 1u);
  showTheBoardBack(e, 1);
  EXPECT_TRUE(e.session.game().actions().empty()) << e.lastText(K::Choose);
}

// Take back pressed after a restart, before the board was read: nothing to compare the pieces with,
// so no steps to put the board right are made up.
TEST(SessionTakeback, TakeBackBeforeTheBoardIsReadTakesBackWithoutSteps) {
  const std::string journal = journalOf("unread.journal", "chess", {"e4", "e5"});
  SessionOptions o;
  o.journalPath = journal;
  SessionFixture f("chess", o);
  f.session.takeBack();
  EXPECT_EQ(recordSan(f.session.game()), std::vector<std::string>{"e4"});
  EXPECT_TRUE(f.session.differing().empty());
  EXPECT_TRUE(f.session.corrections().empty());
  EXPECT_EQ(f.count(K::Mismatch), 0) << f.lastText(K::Mismatch);
  std::filesystem::remove(journal);
}

// The action taken back takes its time with it: the one played instead has its own.
TEST(SessionTakeback, TheActionPlayedInsteadOfOneTakenBackHasItsOwnTime) {
  const std::string journal = journalWithTimes("takeback-times.journal", "chess", {{"e4", 65000L}, {"c5", 3723000L}});
  SessionOptions o;
  o.journalPath = journal;
  for (const bool byCommand : {true, false}) {
    std::filesystem::remove(journal + ".kept");
    std::filesystem::copy_file(journal, journal + ".kept");
    SessionFixture f("chess", o);
    if (byCommand) {
      f.session.takeBack();
    } else {
      f.session.onObservation(sensorView(f.session.game().position(), SensorProfile::Camera));  // the board matches
      showTheBoardBack(f, 1);
    }
    ASSERT_EQ(f.session.game().actions().size(), 1u);
    f.play("c6");
    EXPECT_NE(f.session.pgn().find("1. e4 {[%emt 0:01:05]} 1... c6 {[%emt 0:00:00]} *"), std::string::npos)
        << (byCommand ? "by command: " : "on the board: ") << f.session.pgn();
    std::filesystem::rename(journal + ".kept", journal);
  }
  std::filesystem::remove(journal);
}

}  // namespace
}  // namespace tessera::session
