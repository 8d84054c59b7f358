// A restart of the program at the table: the game in the journal goes on as it was (its variant's
// options, its time control, its record, the engine's announced action, the time of the turn under
// way), and a start that finds no game to go on says only what a player needs to know.
// Written from the mutation run of host/session/referee_session.cpp (2026-12-04), whose survivors
// showed these left unpinned.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "host/record/game_journal.hpp"
#include "session_fixture.hpp"

namespace tessera::session {
namespace {

using K = SessionEvent::Kind;

TEST(SessionRestart, AGameOfAVariantWithOptionsGoesOnUnderTheSameOptions) {
  SessionOptions o;
  o.journalPath = journalOf("options.journal", "chess:en-passant=off", {"e4", "e5"});
  SessionFixture f("chess:en-passant=off", o);
  EXPECT_NE(f.lastText(K::GameStarted).find("resumed"), std::string::npos) << f.lastText(K::GameStarted);
  EXPECT_EQ(f.session.game().actions().size(), 2u);
  std::filesystem::remove(o.journalPath);
}

TEST(SessionRestart, AResumedGameKeepsItsOwnRecordWhereItIs) {
  SessionOptions o;
  o.journalPath = journalOf("own-record.journal", "chess", {"e4"});
  o.recordPath = tempPath("own-record.pgn");
  std::filesystem::remove(o.recordPath + ".previous");
  std::ofstream(o.recordPath) << "[Event \"this game\"]\n\n1. e4 *\n";
  SessionFixture f("chess", o);
  EXPECT_TRUE(std::filesystem::exists(o.recordPath)) << "the game's own record was moved away";
  EXPECT_FALSE(std::filesystem::exists(o.recordPath + ".previous"));
  EXPECT_TRUE(f.session.warnings().empty()) << f.session.warnings().front();
  std::filesystem::remove(o.recordPath);
  std::filesystem::remove(o.journalPath);
}

TEST(SessionRestart, ANewGameWithNoEarlierRecordOrJournalWarnsOfNothing) {
  {
    SessionFixture f("chess");
    EXPECT_TRUE(f.session.warnings().empty()) << f.session.warnings().front();
  }
  SessionOptions o;
  o.recordPath = tempPath("no-record-yet.pgn");
  std::filesystem::remove(o.recordPath);
  {
    SessionFixture f("chess", o);
    EXPECT_TRUE(f.session.warnings().empty()) << f.session.warnings().front();
  }
  // An empty record (a game that never got its first write) is no game to keep.
  std::ofstream(o.recordPath).flush();
  SessionFixture f("chess", o);
  EXPECT_TRUE(f.session.warnings().empty()) << f.session.warnings().front();
  EXPECT_FALSE(std::filesystem::exists(o.recordPath + ".previous"));
  std::filesystem::remove(o.recordPath);
}

// A power cut just after the journal file was made leaves it empty: the new game starts in it with
// nothing to warn of, for no game was lost.
TEST(SessionRestart, AnEmptyJournalStartsANewGameWithoutAWarning) {
  SessionOptions o;
  o.journalPath = tempPath("empty.journal");
  std::ofstream(o.journalPath).flush();
  SessionFixture f("chess", o);
  EXPECT_NE(f.lastText(K::GameStarted).find("new game"), std::string::npos);
  EXPECT_TRUE(f.session.warnings().empty()) << f.session.warnings().front();
  f.play("e4");
  EXPECT_EQ(GameJournal::read(o.journalPath).game->actions().size(), 1u);
  std::filesystem::remove(o.journalPath);
}

TEST(SessionRestart, ATimeControlDifferentFromTheGamesIsNamedAndTheGamesIsKept) {
  const std::string journal = journalOf("time-control.journal", "chess", {"e4"}, "1+2");
  SessionOptions o;
  o.journalPath = journal;
  o.timeControl = parseTimeControl("1+2");
  {
    SessionFixture same("chess", o);
    EXPECT_TRUE(same.session.warnings().empty()) << same.session.warnings().front();
  }
  o.timeControl = parseTimeControl("1+3");  // the increment alone differs
  SessionFixture other("chess", o);
  ASSERT_EQ(other.session.warnings().size(), 1u);
  EXPECT_EQ(other.session.warnings().front(),
            "journal: its game is played with the time control 1+2, which it goes on with (not 1+3)");
  EXPECT_NE(other.session.pgn().find("[TimeControl \"60+2\"]"), std::string::npos) << other.session.pgn();
  std::filesystem::remove(journal);
}

// The journal names an action the engine would never choose (2... Ke7, walking into Qxe5#): the
// restart announces it, not one thought of again.
TEST(SessionRestart, TheEnginesActionAnnouncedBeforeTheRestartIsAnnouncedAgain) {
  const std::string journal = journalOf("announced.journal", "chess", {"e4", "e5", "Qh5"}, nullptr, [](GameJournal& j, Game& g) {
    j.recordEngineAction(g.position(), parseMove(g.position(), "Ke7"), 300);
  });
  SessionOptions o;
  o.journalPath = journal;
  o.mode = PlayMode::Engine;
  o.engineMillis = 50;
  SessionFixture f("chess", o);
  ASSERT_TRUE(f.session.engineAction().has_value());
  EXPECT_EQ(san(f.session.game().position(), *f.session.engineAction()), "Ke7");
  std::filesystem::remove(journal);
}

// A finished game resumed is shown as it ended, not announced as ending once more.
TEST(SessionRestart, AFinishedGameResumedDoesNotAnnounceItsResultAgain) {
  const std::string journal = journalOf("finished.journal", "chess", {"f3", "e5", "g4", "Qh4#"});
  SessionOptions o;
  o.journalPath = journal;
  SessionFixture f("chess", o);
  EXPECT_EQ(f.session.result().token, "0-1");
  EXPECT_EQ(f.count(K::Result), 0) << f.lastText(K::Result);
  std::filesystem::remove(journal);
}

// Resigning journals the resigning side's time in its turn, so that a withdrawn resignation after a
// restart gives it none back; a recording replayed faster than real time journals none.
TEST(SessionRestart, AResignationJournalsTheTimeOfTheTurnUnlessTimesAreNotRecorded) {
  for (const bool recordTimes : {true, false}) {
    // Black 20 s into its turn
    const std::string journal = journalOf("resign-time.journal", "chess", {"e4"}, nullptr,
                                          [](GameJournal& j, Game&) { j.recordThinking(1, 20000); });
    SessionOptions o;
    o.journalPath = journal;
    o.recordTimes = recordTimes;
    SessionFixture f("chess", o);
    f.session.resign();
    ASSERT_EQ(f.session.result().reason, "Black resigns");
    const std::string last = journalPayloads(journal).back();
    if (recordTimes) {
      ASSERT_EQ(last.rfind("resign 1 t=", 0), 0u) << last;
      EXPECT_GE(std::stol(last.substr(11)), 20000) << last;
    } else {
      EXPECT_EQ(last, "resign 1");
    }
    std::filesystem::remove(journal);
  }
}

}  // namespace
}  // namespace tessera::session
