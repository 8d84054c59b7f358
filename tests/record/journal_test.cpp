// The live game's journal: every action on disk as it happens; after a power cut the game comes
// back whole, a torn last line is dropped with a warning, and damage before it is refused.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <utility>

#include "core/rules/move_text.hpp"
#include "core/rules/position_text.hpp"
#include "host/record/game_journal.hpp"
#include "tests/support/message_of.hpp"

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
  // No close, no flush call: what a power cut leaves (read as it stands, the journal being still open).
  RecoveredGame back = GameJournal::read(path_);
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
  play(g, j, "a8=R");  // a Knight alone would end the game: a dead position
  j.recordResignation(1);
  g.resign(1);
  RecoveredGame back = GameJournal::read(path_);
  EXPECT_EQ(back.game->actions(), g.actions());
  EXPECT_EQ(back.game->result().token, "1-0");
  EXPECT_EQ(back.game->startPosition(), g.startPosition());
}

// Since 2026-11-28 (evening): the thinking of the turn going on, and of the turn a resignation, a
// flag or a draw ends, is journaled too, and the time control the game is played with.
TEST_F(Journal, TheTurnGoingOnAndTheTimeControlComeBack) {
  {
    Game g(builtinVariant("chess"));
    GameJournal j = GameJournal::create(path_, g);
    j.recordTimeControl("5+3");
    play(g, j, "e4");
    j.recordThinking(1, 5000);
    j.recordThinking(1, 10000);
  }
  {
    RecoveredGame going = GameJournal::recover(path_);
    EXPECT_EQ(going.timeControl, std::optional<std::string>("5+3"));
    ASSERT_TRUE(going.lastTurn.has_value());
    EXPECT_EQ(going.lastTurn->side, 1);
    EXPECT_EQ(going.lastTurn->millis, 10000);
    going.journal.recordResignation(1, 12500);
  }
  {
    RecoveredGame ended = GameJournal::recover(path_);
    EXPECT_EQ(ended.game->result().reason, "Black resigns");
    ASSERT_TRUE(ended.lastTurn.has_value());
    EXPECT_EQ(ended.lastTurn->millis, 12500);
  }
  // An action ends the turn: nothing is left going on.
  {
    Game h(builtinVariant("chess"));
    GameJournal k = GameJournal::create(path_, h);
    play(h, k, "e4");
    k.recordThinking(1, 5000);
    play(h, k, "e5");
  }
  EXPECT_FALSE(GameJournal::recover(path_).lastTurn.has_value());
}

TEST_F(Journal, ThinkingOfASideNotToActOrAResignationWithMoreWordsIsRefused) {
  for (const char* entry : {"thinking 0 t=5000", "thinking 1", "resign 1 x", "takeback 1x"}) {
    {
      Game g(builtinVariant("chess"));
      GameJournal j = GameJournal::create(path_, g);
      play(g, j, "e4");
    }
    std::ofstream(path_, std::ios::app) << journalLine(entry) << journalLine("draw");
    EXPECT_THROW(GameJournal::recover(path_), JournalError) << entry;
  }
}

// Since 2026-11-29: a resignation or an agreed draw taken back is journaled ("withdraw"), so that
// the game comes back going on, in the turn the resignation or draw had ended.
TEST_F(Journal, AWithdrawnResignationOrDrawComesBackAsAGameGoingOn) {
  Game g(builtinVariant("chess"));
  GameJournal j = GameJournal::create(path_, g);
  j.recordDrawAgreed(3000);
  g.agreeDraw();
  j.recordWithdrawal();
  g.withdrawResignationOrDraw();
  play(g, j, "e4");
  j.recordResignation(1, 5000);
  g.resign(1);
  j.recordWithdrawal();
  g.withdrawResignationOrDraw();
  EXPECT_NE(contents().find("resign 1 t=5000 #"), std::string::npos) << contents();
  EXPECT_NE(contents().find("\nwithdraw #"), std::string::npos) << contents();
  const RecoveredGame back = GameJournal::read(path_);
  EXPECT_FALSE(back.game->result().finished());
  EXPECT_EQ(back.game->actions(), g.actions());
  ASSERT_TRUE(back.lastTurn.has_value()) << "Black's turn goes on with the time it thought before resigning";
  EXPECT_EQ(back.lastTurn->side, 1);
  EXPECT_EQ(back.lastTurn->millis, 5000);
}

TEST_F(Journal, AWithdrawalOfNoResignationOrDrawOrWithMoreWordsIsRefused) {
  const std::string start = journalLine("tessera-journal 1") + journalLine("variant chess") +
                            journalLine("start rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") +
                            journalLine("action e2e4");
  const std::pair<std::string, std::string> refused[] = {
      {journalLine("withdraw"), "line 5 'withdraw': no resignation or agreed draw to withdraw"},
      {journalLine("flag 1") + journalLine("withdraw"), "line 6 'withdraw': the game is over (Black loses on time)"},
      {journalLine("resign 1") + journalLine("withdraw 1"), "line 6 'withdraw 1': unknown entry"},
      {journalLine("resign 1") + journalLine("withdraw t=5"), "line 6 'withdraw t=5': a withdrawal takes no thinking time"},
  };
  for (const auto& [entries, message] : refused) {
    overwrite(start + entries);
    try {
      GameJournal::recover(path_);
      ADD_FAILURE() << "recovered with " << entries;
    } catch (const JournalError& e) {
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
    }
  }
  overwrite(start + journalLine("resign 1") + journalLine("withdraw"));
  EXPECT_FALSE(GameJournal::recover(path_).game->result().finished());
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
  RecoveredGame back = GameJournal::read(path_);
  ASSERT_EQ(back.thinking.size(), 2u);
  EXPECT_EQ(back.thinking[0].side, 0);
  EXPECT_EQ(back.thinking[0].millis, 1500);
  EXPECT_EQ(back.thinking[1].side, 1);
  EXPECT_EQ(back.thinking[1].millis, 61000);
  EXPECT_EQ(back.game->result().token, "0-1");
  EXPECT_EQ(back.game->result().reason, "White loses on time");
}

// A thinking time is whole milliseconds from zero up: "t=0" (an action made at once) comes back,
// a negative time or one with more after its digits is damage.
TEST_F(Journal, AThinkingTimeIsWholeMillisecondsFromZeroUp) {
  // After e4, `entry` and a line after it (a damaged last line would only be dropped as torn).
  const auto journalWith = [&](const char* entry) {
    {
      Game g(builtinVariant("chess"));
      GameJournal j = GameJournal::create(path_, g);
      play(g, j, "e4");
    }
    std::ofstream(path_, std::ios::app) << journalLine(entry) << journalLine("draw");
  };
  journalWith("action e7e5 t=0");
  const RecoveredGame back = GameJournal::read(path_);
  ASSERT_EQ(back.actionMillis.size(), 2u);
  EXPECT_EQ(back.actionMillis[1], 0L);
  for (const char* entry : {"action e7e5 t=-5", "action e7e5 t=5x"}) {
    journalWith(entry);
    EXPECT_THROW(GameJournal::read(path_), JournalError) << entry;
  }
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
  const RecoveredGame back = GameJournal::read(path_);
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
  RecoveredGame again = GameJournal::read(path_);
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
// A journal begins with its header, the variant and the start position, in that order; a file that
// does not is no journal and is refused whole, whatever follows.
TEST_F(Journal, AFileThatDoesNotBeginAsAJournalIsRefused) {
  const std::string header = journalLine("tessera-journal 1"), variant = journalLine("variant chess"),
                    start = journalLine("start rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
                    action = journalLine("action e2e4");
  for (const std::string& bytes : {journalLine("tessera-journal 9") + variant + start + action,
                                   header + start + variant + action, header + variant + action + start,
                                   header + variant + journalLine("action e2e4") + journalLine("action e7e5")}) {
    overwrite(bytes);
    const std::string message = messageOf<JournalError>([&] { GameJournal::read(path_); });
    EXPECT_NE(message.find("is not a Tessera journal"), std::string::npos) << bytes << message;
  }
  overwrite(header + variant + start + action);
  EXPECT_EQ(GameJournal::read(path_).game->actions().size(), 1u);
}

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

TEST_F(Journal, TheEnginesAnnouncedActionIsWrittenAsItIsAnnounced) {
  {
    Game g(builtinVariant("chess"));
    GameJournal j = GameJournal::create(path_, g);
    play(g, j, "e4");
    j.recordEngineAction(g.position(), parseMove(g.position(), "c5"), 480);
  }
  const RecoveredGame back = GameJournal::read(path_);
  ASSERT_TRUE(back.engineAction.has_value()) << contents();
  EXPECT_EQ(san(back.game->position(), back.engineAction->move), "c5");
  EXPECT_EQ(back.engineAction->millis, 480);
}

// The engine's announced action is journaled (2026-11-29), so that a restart announces it again
// rather than letting the engine think anew and name another; what follows it settles it.
TEST_F(Journal, TheEnginesAnnouncedActionComesBackUntilSomethingSettlesIt) {
  const std::string start = journalLine("tessera-journal 1") + journalLine("variant chess") +
                            journalLine("start rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") +
                            journalLine("action e2e4 t=3000") + journalLine("engine c7c5 t=480");
  overwrite(start);
  RecoveredGame announced = GameJournal::read(path_);
  ASSERT_TRUE(announced.engineAction.has_value());
  EXPECT_EQ(san(announced.game->position(), announced.engineAction->move), "c5");
  EXPECT_EQ(announced.engineAction->millis, 480);
  EXPECT_EQ(announced.game->actions().size(), 1u) << "announced is not played";
  EXPECT_EQ(announced.thinking.size(), 1u) << "the engine's time counts once, with its action";
  overwrite(start + journalLine("action c7c5 t=480"));
  EXPECT_FALSE(GameJournal::read(path_).engineAction.has_value());
  overwrite(start + journalLine("takeback 1"));
  EXPECT_FALSE(GameJournal::read(path_).engineAction.has_value());
  overwrite(start + journalLine("resign 0"));
  EXPECT_FALSE(GameJournal::read(path_).engineAction.has_value());
  // An announcement that is no legal action is damage, named with its line.
  overwrite(start + journalLine("engine e7e4") + journalLine("action e7e5"));
  try {
    GameJournal::read(path_);
    ADD_FAILURE() << "recovered with an illegal announcement";
  } catch (const JournalError& e) {
    EXPECT_NE(std::string(e.what()).find("line 6 'engine e7e4'"), std::string::npos) << e.what();
  }
}

// Found by an audit (2026-11-28): rebuilding a record (`tessera pgn --journal`) cut the torn line
// off the journal, so it needed to write a file that a game going on may still be writing, and a
// read-only journal could not be read at all.
TEST_F(Journal, ReadingOnlyLeavesTheJournalAsItIs) {
  Game g(builtinVariant("chess"));
  {
    GameJournal j = GameJournal::create(path_, g);
    play(g, j, "e4");
    play(g, j, "e5");
  }
  const std::string whole = contents();
  const std::string torn = whole.substr(0, whole.size() - 4);
  overwrite(torn);
  const RecoveredGame read = GameJournal::read(path_);
  EXPECT_EQ(read.game->actions().size(), 1u);
  ASSERT_EQ(read.warnings.size(), 1u);
  EXPECT_EQ(contents(), torn) << "reading wrote to the journal";
  // To go on with the game, the torn line is cut off.
  GameJournal::recover(path_);
  EXPECT_EQ(contents(), whole.substr(0, whole.find("action e7e5")));
}

// Found by the same audit: a journal damaged before its last line gave nothing back; a record of
// what comes before the damage is worth having, with the damage named.
TEST_F(Journal, ReadingCanEndTheRecordAtDamageBeforeTheLastLine) {
  Game g(builtinVariant("chess"));
  {
    GameJournal j = GameJournal::create(path_, g);
    for (const char* a : {"e4", "e5", "Nf3", "Nc6"}) play(g, j, a);
  }
  std::string bytes = contents();
  bytes[bytes.find("action g1f3") + 8] = 'x';
  overwrite(bytes + "garbage\nmore garbage\n");
  EXPECT_THROW(GameJournal::read(path_), JournalError);
  EXPECT_THROW(GameJournal::recover(path_), JournalError);
  const RecoveredGame before = GameJournal::read(path_, {}, GameJournal::Damage::EndTheRecordThere);
  EXPECT_TRUE(before.endedAtDamage);
  ASSERT_EQ(before.game->actions().size(), 2u);
  ASSERT_EQ(before.warnings.size(), 1u);
  EXPECT_NE(before.warnings[0].find("line 6 is damaged and is not the last line"), std::string::npos) << before.warnings[0];
  // A torn last line alone does not count as such damage.
  Game whole(builtinVariant("chess"));
  {
    GameJournal j = GameJournal::create(path_, whole);
    play(whole, j, "d4");
  }
  overwrite(contents() + "action d7");
  const RecoveredGame torn = GameJournal::read(path_, {}, GameJournal::Damage::EndTheRecordThere);
  EXPECT_FALSE(torn.endedAtDamage);
  EXPECT_EQ(torn.game->actions().size(), 1u);
}

// Found by the same audit: a power cut while a new game's journal was being started left a file
// that was not a journal, and `tessera play` refused it at every start from then on. No action can
// be in such a file, so a new game may start in it.
TEST_F(Journal, AJournalCutOffWhileItsGameWasBeingStartedIsToldApart) {
  Game g(builtinVariant("chess"));
  { GameJournal j = GameJournal::create(path_, g); }
  const std::string started = contents();
  for (std::size_t cut = 0; cut < started.size(); ++cut) {
    overwrite(started.substr(0, cut));
    EXPECT_TRUE(GameJournal::cutOffAtItsStart(path_)) << "cut after " << cut << " bytes";
  }
  overwrite(started);
  EXPECT_FALSE(GameJournal::cutOffAtItsStart(path_)) << "a whole start: the game began";
  {
    GameJournal j = GameJournal::recover(path_).journal;
    j.recordAction(g.position(), parseMove(g.position(), "e4"));
  }
  EXPECT_FALSE(GameJournal::cutOffAtItsStart(path_));
  for (const char* other : {"tessera-journal 2 #", "not a journal", "tessera-journal 1 #00000000\n"}) {
    overwrite(other);
    EXPECT_FALSE(GameJournal::cutOffAtItsStart(path_)) << other;
  }
  EXPECT_FALSE(GameJournal::cutOffAtItsStart(dir_.string())) << "a folder";
}

// Found by the second audit of `tessera play` (2026-11-28, evening): two programs given one
// journal both wrote it, their lines interleaved, and a new game's start emptied the other's. The
// lock belongs to the open file, so a second opening in this one program is refused as another
// program's would be.
TEST_F(Journal, OneGameAtATimeWritesAJournal) {
  Game g(builtinVariant("chess"));
  std::optional<GameJournal> first(GameJournal::create(path_, g));
  play(g, *first, "e4");
  const std::string written = contents();
  const std::string inUse = "the journal " + path_ + " is in use by another tessera play (or demo): one game at a time writes a journal";
  EXPECT_EQ(messageOf<JournalError>([&] { GameJournal::create(path_, Game(builtinVariant("chess"))); }), inUse);
  EXPECT_EQ(messageOf<JournalError>([&] { GameJournal::recover(path_); }), inUse);
  EXPECT_EQ(contents(), written) << "a refused game changed the journal";
  // Another program is refused alike.
  const pid_t other = ::fork();
  if (other == 0) {
    const std::string said = messageOf<JournalError>([&] { GameJournal::recover(path_); });
    ::_exit(said == inUse ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(other, &status, 0), other);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "another program was not refused";
  // Reading alone (`tessera pgn --journal`) takes no lock.
  EXPECT_EQ(GameJournal::read(path_).game->actions().size(), 1u);
  play(g, *first, "e5");
  // Once the first is closed, another may go on with the game.
  first.reset();
  RecoveredGame back = GameJournal::recover(path_);
  EXPECT_EQ(back.game->actions(), g.actions());
  EXPECT_EQ(messageOf<JournalError>([&] { GameJournal::recover(path_); }), inUse) << "the game gone on with holds it";
}

}  // namespace
