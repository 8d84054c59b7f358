// The live game's journal: every action on disk as it happens; after a power cut the game comes
// back whole, a torn last line is dropped with a warning, and damage before it is refused.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include "core/move_text.hpp"
#include "core/position_text.hpp"
#include "host/record/game_journal.hpp"

using namespace tessera;

namespace {

class Journal : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("tessera-journal-" + std::to_string(::getpid()) + "-" +
                                                     ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_);
    path_ = (dir_ / "game.journal").string();
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  void play(Game& g, GameJournal& j, const char* text) {
    const Move m = parseMove(g.position(), text);
    j.recordAction(g.position(), m);
    g.play(m);
  }
  std::string contents() {
    std::ifstream in(path_, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  void overwrite(const std::string& bytes) {
    std::ofstream out(path_, std::ios::binary | std::ios::trunc);
    out << bytes;
  }

  std::filesystem::path dir_;
  std::string path_;
};

TEST_F(Journal, EachActionIsOnDiskAsSoonAsItIsRecordedAndTheGameComesBack) {
  Game g(builtinVariant("shifting-sands"));
  GameJournal j = GameJournal::create(path_, g);
  play(g, j, "Y@c3");
  play(g, j, "R@d5");
  // No close, no flush call: what a power cut leaves.
  RecoveredGame back = GameJournal::recover(path_);
  EXPECT_TRUE(back.warnings.empty());
  EXPECT_EQ(back.game->actions(), g.actions());
  EXPECT_EQ(positionString(back.game->position()), positionString(g.position()));
}

TEST_F(Journal, TakebacksResignationsAndSetUpStartsAreReplayed) {
  Game g(builtinVariant("chess"), "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  GameJournal j = GameJournal::create(path_, g);
  play(g, j, "Kd2");
  play(g, j, "Kd7");
  j.recordTakeback(2);
  g.takeBack(2);
  play(g, j, "a8=N");
  j.recordResignation(1);
  g.resign(1);
  RecoveredGame back = GameJournal::recover(path_);
  EXPECT_EQ(back.game->actions(), g.actions());
  EXPECT_EQ(back.game->result().token, "1-0");
  EXPECT_EQ(back.game->startPosition(), g.startPosition());
}

TEST_F(Journal, ThinkingTimesAndALossOnTimeComeBack) {
  Game g(builtinVariant("chess"));
  GameJournal j = GameJournal::create(path_, g);
  const Move e4 = parseMove(g.position(), "e4");
  j.recordAction(g.position(), e4, 1500);
  g.play(e4);
  const Move e5 = parseMove(g.position(), "e5");
  j.recordAction(g.position(), e5, 61000);
  g.play(e5);
  j.recordLossOnTime(0);
  g.loseOnTime(0);
  EXPECT_NE(contents().find("action e2e4 t=1500 #"), std::string::npos) << contents();
  RecoveredGame back = GameJournal::recover(path_);
  ASSERT_EQ(back.thinking.size(), 2u);
  EXPECT_EQ(back.thinking[0].side, 0);
  EXPECT_EQ(back.thinking[0].millis, 1500);
  EXPECT_EQ(back.thinking[1].side, 1);
  EXPECT_EQ(back.thinking[1].millis, 61000);
  EXPECT_EQ(back.game->result().token, "0-1");
  EXPECT_EQ(back.game->result().reason, "White loses on time");
}

TEST_F(Journal, EachRemainingActionKeepsItsThinkingTimeThroughTakebacksAndAmends) {
  Game g(builtinVariant("chess"));
  GameJournal j = GameJournal::create(path_, g);
  const auto act = [&](const char* text, std::optional<long> millis) {
    const Move m = parseMove(g.position(), text);
    j.recordAction(g.position(), m, millis);
    g.play(m);
  };
  act("e4", 1500);
  act("e5", 2500);
  act("Nf3", 3500);
  j.recordTakeback(2);  // e5 and Nf3 taken back
  g.takeBack(2);
  act("c5", 4500);
  // An amend (the last reading was wrong: it was d6, not c5) is journaled without a time.
  j.recordTakeback(1);
  g.takeBack(1);
  act("d6", std::nullopt);
  act("d4", 5500);
  const RecoveredGame back = GameJournal::recover(path_);
  ASSERT_EQ(back.game->actions().size(), 3u);
  EXPECT_EQ(back.actionMillis, (std::vector<std::optional<long>>{1500, 4500, 5500}))
      << "the amended d6 keeps the time of the c5 it replaced";
  EXPECT_EQ(back.thinking.size(), 5u) << "the clocks still count the time of the actions taken back";
}

TEST_F(Journal, ATornLastLineIsDroppedWithAWarningAndNothingBeforeItIsLost) {
  Game g(builtinVariant("chess"));
  {
    GameJournal j = GameJournal::create(path_, g);
    play(g, j, "e4");
    play(g, j, "e5");
    play(g, j, "Nf3");
  }
  const std::string whole = contents();
  overwrite(whole.substr(0, whole.size() - 5));  // the power went mid-write of "Nf3"
  RecoveredGame back = GameJournal::recover(path_);
  ASSERT_EQ(back.warnings.size(), 1u);
  EXPECT_NE(back.warnings[0].find("line 6"), std::string::npos) << back.warnings[0];
  ASSERT_EQ(back.game->actions().size(), 2u);
  // The game goes on from there, and the journal with it.
  Game& resumed = *back.game;
  play(resumed, back.journal, "Nc3");
  RecoveredGame again = GameJournal::recover(path_);
  EXPECT_TRUE(again.warnings.empty());
  EXPECT_EQ(again.game->actions(), resumed.actions());
}

TEST_F(Journal, AGarbledLastLineIsDroppedTooButDamageBeforeTheEndIsRefused) {
  Game g(builtinVariant("chess"));
  {
    GameJournal j = GameJournal::create(path_, g);
    play(g, j, "e4");
    play(g, j, "e5");
  }
  std::string bytes = contents();
  std::string garbledLast = bytes;
  garbledLast[garbledLast.size() - 12] ^= 0x20;
  overwrite(garbledLast);
  RecoveredGame back = GameJournal::recover(path_);
  EXPECT_EQ(back.warnings.size(), 1u);
  EXPECT_EQ(back.game->actions().size(), 1u);

  std::string garbledMiddle = bytes;
  garbledMiddle[bytes.find("action e2e4") + 8] = 'x';
  overwrite(garbledMiddle);
  EXPECT_THROW(GameJournal::recover(path_), JournalError);
  overwrite("not a journal\n");
  EXPECT_THROW(GameJournal::recover(path_), JournalError);
  EXPECT_THROW(GameJournal::recover((dir_ / "missing").string()), JournalError);
}

// Found by fuzzing (2026-11-26): an intact line naming a side that does not exist (a resignation
// or loss on time by side 4) made the program read past the names of the sides.
TEST_F(Journal, AnEntryForASideThatDoesNotExistIsRefusedWithItsLine) {
  const std::string start = journalLine("tessera-journal 1") + journalLine("variant chess") +
                            journalLine("start rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") +
                            journalLine("action e2e4");
  for (const char* entry : {"resign 4", "flag -1"}) {
    overwrite(start + journalLine(entry));
    try {
      GameJournal::recover(path_);
      ADD_FAILURE() << "recovered with '" << entry << "'";
    } catch (const JournalError& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("line 5 '") + entry + "': the side must be 0 (White) or 1 (Black)"),
                std::string::npos) << e.what();
    }
  }
  overwrite(start + journalLine("resign 1"));
  EXPECT_EQ(GameJournal::recover(path_).game->result().reason, "Black resigns");
}

}  // namespace
