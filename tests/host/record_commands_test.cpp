// The commands that keep or rebuild a game's record, on the trouble an audit (2026-11-28) found:
// a record that could not be written found out only at the end, a journal written to by reading
// it, a recording of the wrong board or with unpadded frame numbers, and a demo folder that held
// a real game.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/record/pgn.hpp"
#include "core/rules/game.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/movegen.hpp"
#include "host/cli/options.hpp"
#include "host/record/game_journal.hpp"
#include "tests/host/filmed_commands.hpp"

namespace tessera {
namespace {

namespace fs = std::filesystem;
using testing::CommandRun;
using testing::filmInto;
using testing::run;
using testing::scratch;

std::string contents(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The error a refused command line gives ("" when it is not refused).
std::string refusal(const char* command, const std::vector<std::string>& args) {
  try {
    run(command, args);
  } catch (const cli::UsageError& e) {
    return e.what();
  }
  return "";
}

TEST(RecordCommands, AGameRecordThatCannotBeWrittenIsRefusedBeforeTheGame) {
  const fs::path frames = scratch("unwritable-frames");
  filmInto(builtinVariant("chess"), frames, 2, 5);
  EXPECT_NE(refusal("play", {"--variant", "chess", "--input", "frames:" + frames.string(), "--pgn", "/nonexistent/game.pgn"})
                .find("--pgn: cannot write '/nonexistent/game.pgn': No such file or directory"),
            std::string::npos);
  EXPECT_NE(refusal("play", {"--variant", "chess", "--input", "frames:" + frames.string(), "--pgn", frames.string()})
                .find("is a folder, not a file"),
            std::string::npos);
  EXPECT_NE(refusal("replay", {"--variant", "chess", "--frames", frames.string(), "--out", "/nonexistent/game.pgn"})
                .find("--out: cannot write"),
            std::string::npos);
  fs::remove_all(scratch(""));
}

// Found by the second audit of `tessera play` (2026-11-28, evening): the record, rewritten after
// every action, replaced the journal it was given as well.
TEST(RecordCommands, ARecordAndAJournalInOneFileAreRefused) {
  const fs::path frames = scratch("same-file-frames");
  filmInto(builtinVariant("chess"), frames, 2, 5);
  const fs::path journal = scratch("games") / "game.journal";
  fs::create_directories(journal.parent_path());
  { GameJournal::create(journal.string(), Game(builtinVariant("chess"))); }
  const std::string kept = contents(journal);
  fs::create_symlink(journal, scratch("link.journal"));
  for (const fs::path& pgn : {journal, scratch("games") / ".." / "games" / "game.journal", scratch("link.journal")}) {
    EXPECT_EQ(refusal("play", {"--variant", "chess", "--input", "frames:" + frames.string(), "--journal", journal.string(),
                               "--pgn", pgn.string()}),
              "--pgn '" + pgn.string() + "' and --journal '" + journal.string() + "' are the same file: one would overwrite the other");
    EXPECT_EQ(contents(journal), kept);
  }
  // A journal not there yet is the same file as well.
  const fs::path fresh = scratch("games") / "fresh.journal";
  EXPECT_NE(refusal("play", {"--variant", "chess", "--input", "frames:" + frames.string(), "--journal", fresh.string(),
                             "--pgn", (scratch("games") / "." / "fresh.journal").string()}).find("are the same file"),
            std::string::npos);
  EXPECT_FALSE(fs::exists(fresh));
  fs::remove_all(scratch(""));
}

// Found by the same audit: two games given one journal both wrote it.
TEST(RecordCommands, AJournalAnotherGameIsWritingIsRefusedAndCanStillBeRead) {
  const fs::path frames = scratch("in-use-frames");
  filmInto(builtinVariant("chess"), frames, 2, 5);
  const fs::path journal = scratch("in-use.journal");
  Game g(builtinVariant("chess"));
  GameJournal going = GameJournal::create(journal.string(), g);
  const Move e4 = parseMove(g.position(), "e4");
  going.recordAction(g.position(), e4);
  g.play(e4);
  const std::string kept = contents(journal);
  try {
    run("play", {"--variant", "chess", "--input", "frames:" + frames.string(), "--journal", journal.string()});
    ADD_FAILURE() << "a second game was given the journal";
  } catch (const JournalError& e) {
    EXPECT_EQ(std::string(e.what()), "the journal " + journal.string() +
                                         " is in use by another tessera play (or demo): one game at a time writes a journal");
  }
  EXPECT_EQ(contents(journal), kept);
  const CommandRun record = run("pgn", {"--journal", journal.string()});
  EXPECT_EQ(record.code, 0) << record.err;
  EXPECT_NE(record.out.find("1. e4 *"), std::string::npos) << record.out;
  fs::remove_all(scratch(""));
}

TEST(RecordCommands, RebuildingARecordOnlyReadsTheJournalAndGivesWhatComesBeforeDamage) {
  const fs::path journal = scratch("rebuild.journal");
  fs::create_directories(journal.parent_path());
  Game g(builtinVariant("chess"));
  {
    GameJournal j = GameJournal::create(journal.string(), g);
    for (const char* text : {"e4", "e5", "Nf3"}) {
      const Move m = parseMove(g.position(), text);
      j.recordAction(g.position(), m);
      g.play(m);
    }
  }
  const std::string whole = contents(journal);
  const std::string torn = whole.substr(0, whole.size() - 6);
  std::ofstream(journal, std::ios::binary | std::ios::trunc) << torn;
  const CommandRun rebuilt = run("pgn", {"--journal", journal.string()});
  EXPECT_EQ(rebuilt.code, 0) << rebuilt.err;
  EXPECT_NE(rebuilt.out.find("1. e4 e5 *"), std::string::npos) << rebuilt.out;
  EXPECT_NE(rebuilt.err.find("was cut off"), std::string::npos) << rebuilt.err;
  EXPECT_EQ(contents(journal), torn) << "the journal was written to";

  std::string damaged = whole;
  damaged[damaged.find("action e7e5") + 8] = '#';
  std::ofstream(journal, std::ios::binary | std::ios::trunc) << damaged << "garbage\n";
  const CommandRun partial = run("pgn", {"--journal", journal.string()});
  EXPECT_EQ(partial.code, 1) << "a record cut short by damage is no clean rebuild";
  EXPECT_NE(partial.out.find("1. e4 *"), std::string::npos) << partial.out;
  EXPECT_NE(partial.err.find("line 5 is damaged and is not the last line"), std::string::npos) << partial.err;
  const CommandRun folder = run("pgn", {"--journal", journal.parent_path().string()});
  EXPECT_EQ(folder.code, 1);
  EXPECT_NE(folder.err.find("is a folder, not a journal"), std::string::npos) << folder.err;
  fs::remove_all(scratch(""));
}

TEST(RecordCommands, ReplayReadsUnpaddedFrameNumbersInOrderAndSaysWhenTheBoardIsNeverFound) {
  const Variant& chess = builtinVariant("chess");
  const fs::path padded = scratch("padded"), unpadded = scratch("unpadded");
  const testing::Filmed film = filmInto(chess, padded, 4, 11);
  fs::create_directories(unpadded);
  for (const auto& entry : fs::directory_iterator(padded))  // frame-00012.jpg becomes frame-12.jpg
    fs::copy_file(entry.path(), unpadded / ("frame-" + std::to_string(std::stoi(entry.path().stem().string().substr(6))) + ".jpg"));
  Game played(chess);
  for (const Move& m : film.script) played.play(m);
  const CommandRun replayed = run("replay", {"--variant", "chess", "--frames", unpadded.string()});
  EXPECT_EQ(replayed.code, 0) << replayed.err;
  EXPECT_EQ(replayed.out, writePgn(played)) << replayed.err;

  const CommandRun wrongBoard = run("replay", {"--variant", "desert-dust", "--frames", padded.string()});
  EXPECT_EQ(wrongBoard.code, 1);
  EXPECT_NE(wrongBoard.err.find("the board was found in none of the " + std::to_string(film.frames) + " frames"),
            std::string::npos) << wrongBoard.err;
  fs::remove_all(scratch(""));
}

// Found by the second audit of `tessera play` (2026-11-28, evening): `play` on a recording in
// which the board was never found ended as a success, as `replay` did before.
TEST(RecordCommands, PlaySaysWhenTheBoardIsNeverFoundAndKeepsTheGameAsItWas) {
  const fs::path chessFrames = scratch("chess-frames");
  const testing::Filmed film = filmInto(builtinVariant("chess"), chessFrames, 2, 5);
  const fs::path journal = scratch("desert.journal"), pgn = scratch("desert.pgn");
  Game desert(builtinVariant("desert-dust"));
  {
    GameJournal j = GameJournal::create(journal.string(), desert);
    MoveList moves;
    generateLegal(desert.position(), moves);
    j.recordAction(desert.position(), moves[0]);
    desert.play(moves[0]);
  }
  const std::string journaled = contents(journal);
  const CommandRun wrongBoard = run("play", {"--variant", "desert-dust", "--input", "frames:" + chessFrames.string(),
                                             "--journal", journal.string(), "--pgn", pgn.string()});
  EXPECT_EQ(wrongBoard.code, 1);
  EXPECT_NE(wrongBoard.err.find("error: the board was found in none of the " + std::to_string(film.frames) +
                                " frames: is the recording of desert-dust's board as tessera print makes it, seen whole?"),
            std::string::npos) << wrongBoard.err;
  EXPECT_EQ(contents(journal), journaled);
  EXPECT_EQ(contents(pgn), writePgn(desert));
  // A recording with no frame at all refereed nothing either; without --pgn the record is printed still.
  const fs::path empty = scratch("no-frames");
  fs::create_directories(empty);
  const CommandRun none = run("play", {"--variant", "chess", "--input", "frames:" + empty.string()});
  EXPECT_EQ(none.code, 1);
  EXPECT_NE(none.err.find("error: the recording " + empty.string() + " has no frame that could be read"), std::string::npos)
      << none.err;
  Game notStarted(builtinVariant("chess"));
  EXPECT_EQ(none.out, writePgn(notStarted));
  fs::remove_all(scratch(""));
}

TEST(RecordCommands, TheDemoReplacesOnlyItsOwnFolder) {
  const fs::path live = scratch("live");
  fs::create_directories(live);
  std::ofstream(live / "game.journal") << "a real game's journal";
  EXPECT_NE(refusal("demo", {"--plies", "2", "--out", live.string()}).find("holds files the demo did not write"),
            std::string::npos);
  EXPECT_EQ(contents(live / "game.journal"), "a real game's journal");
  const fs::path file = scratch("a-file");
  std::ofstream(file) << "x";
  EXPECT_NE(refusal("demo", {"--out", file.string()}).find("is a file, not a folder"), std::string::npos);
  EXPECT_NE(refusal("demo", {"--linger", "5"}).find("--linger keeps the web page served: it needs --http"),
            std::string::npos);
  // Its own folder it replaces, run after run.
  const fs::path own = scratch("demo-out");
  for (int i = 0; i < 2; ++i) {
    const CommandRun demo = run("demo", {"--variant", "chess", "--plies", "2", "--out", own.string()});
    EXPECT_EQ(demo.code, 0) << demo.out;
  }
  EXPECT_NE(run("demo", {"--help"}).out.find("default desert-dust"), std::string::npos);
  fs::remove_all(scratch(""));
}

TEST(RecordCommands, TheDemoSaysWhyItsFolderCannotBeMadeAndCountsOneActionAsOne) {
  EXPECT_EQ(refusal("demo", {"--out", "/dev/null/x"}), "--out: cannot create the folder /dev/null/x: Not a directory");
  const CommandRun demo = run("demo", {"--variant", "chess", "--plies", "1", "--out", scratch("one-action").string()});
  EXPECT_EQ(demo.code, 0) << demo.out << demo.err;
  EXPECT_NE(demo.out.find("Orthodox chess (8x8): a built-in game of 1 action, filmed"), std::string::npos) << demo.out;
  EXPECT_NE(demo.out.find("record equals the scripted game (1 of 1 action)"), std::string::npos) << demo.out;
  fs::remove_all(scratch(""));
}

}  // namespace
}  // namespace tessera
