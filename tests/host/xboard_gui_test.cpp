// XBoard itself (Debian's xboard, on a virtual X screen) runs a game of Desert Dust between two
// `tessera xboard` engines: it takes the board and the start from the engine's setup, passes each
// engine's actions to the other, and ends the game. Every action an engine sent (XBoard's debug
// log) replays as legal by our rules, in order, to the result XBoard wrote. XBoard's own record is
// not replayed: it shows a Scorpion or Spear that promotes unpromoted (docs/engine.md). Legality
// testing is off, as docs/engine.md advises for Desert Dust.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <thread>

#include "core/rules/game.hpp"
#include "core/rules/move_text.hpp"
#include "tests/host/tessera_program.hpp"
#include "tests/host/virtual_screen.hpp"
#include "tests/support/stop_process.hpp"

namespace tessera {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

constexpr const char* kXboard = "/usr/games/xboard";

std::string readFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// The actions the two engines sent, in the order XBoard received them ("<first : move e2e4").
std::vector<std::string> enginesActions(const std::string& debugLog) {
  std::vector<std::string> actions;
  const std::regex sent(R"(<(first|second)\s*: move (\S+))");
  std::istringstream lines(debugLog);
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_search(line, m, sent)) actions.push_back(m[2]);
  }
  return actions;
}

TEST(XBoardGui, PlaysDesertDustBetweenTwoTesseraEnginesToAResultOurRulesConfirm) {
  if (::access(kXboard, X_OK) != 0) GTEST_SKIP() << "no xboard (scripts/setup-tests.sh installs it)";
  if (::access("/usr/bin/Xvfb", X_OK) != 0) GTEST_SKIP() << "no Xvfb (scripts/setup-tests.sh installs it)";
  const fs::path dir = fs::temp_directory_path() / ("tessera-xboard-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  testing::VirtualScreen screen(dir);
  ASSERT_TRUE(screen.ready());
  const std::string engine = testing::tesseraShellCommand("xboard");
  const fs::path pgn = dir / "game.pgn";
  const pid_t gui = ::fork();
  if (gui == 0) {
    ::setpgid(0, 0);  // XBoard leads a process group with its engines, so that all can be killed
    const int log = ::open((dir / "xboard.log").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(log, 1);
    ::dup2(log, 2);
    ::setenv("DISPLAY", screen.display.c_str(), 1);
    ::setenv("HOME", dir.c_str(), 1);  // no settings of the user's read or written
    ::chdir(dir.c_str());
    // One game, saved to game.pgn, with XBoard's debug log of the conversation; -noGUI: no board
    // drawn, the rest as with one. The engines search to depth 3 (`sd 3`), so the game is the same
    // every run and no clock runs out; XBoard's own draw rules are off, so the engines' claims end
    // it, by our rules.
    ::execl(kXboard, "xboard", "-fcp", engine.c_str(), "-scp", engine.c_str(), "-variant", "desert-dust", "-mg", "1",
            "-tc", "5", "-inc", "0", "-searchDepth", "3", "-testLegality", "false", "-ruleMoves", "0",
            "-repeatsToDraw", "0", "-materialDraws", "false", "-trivialDraws", "false", "-sgf", pgn.c_str(),
            "-noGUI", "-saveSettingsOnExit", "false", "-debug", "-nameOfDebugFile", (dir / "debug.txt").c_str(),
            static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::setpgid(gui, gui);  // also here, so that the group exists whichever of the two runs first
  // XBoard stays open after its match; the record is written when the game ends.
  bool ended = false;
  for (auto waited = 0s; waited < 150s && !ended; waited += 1s) {
    std::this_thread::sleep_for(1s);
    ended = readFile(pgn).find("[Result") != std::string::npos;
  }
  // XBoard's SIGTERM handler can deadlock (tests/support/stop_process.hpp); then XBoard and its
  // engines are killed, which loses nothing: the record and the debug log are written by then.
  if (!testing::stopProcess(gui, 10s, /*wholeGroup=*/true)) std::printf("[ xboard ] XBoard hung on SIGTERM; killed\n");
  const std::string record = readFile(pgn);
  ASSERT_TRUE(ended) << "no game record from XBoard:\n" << readFile(dir / "xboard.log");
  EXPECT_NE(record.find("[Variant \"desert-dust\"]"), std::string::npos) << record;
  // XBoard took the board from the engine's setup: 12 files, our letters.
  EXPECT_NE(record.find("[FEN \"vuhbeqkebhuv/ytorannaroty/"), std::string::npos) << record;
  for (const char* trouble : {"Forfeit", "invalid move", "Illegal", "[Result \"*\"]"})
    EXPECT_EQ(record.find(trouble), std::string::npos) << trouble << " in XBoard's record:\n" << record;
  // No engine refused an action the other sent through XBoard.
  const std::string debugLog = readFile(dir / "debug.txt");
  EXPECT_EQ(debugLog.find("Illegal move"), std::string::npos) << readFile(dir / "xboard.log");
  // The engines' actions, replayed by our rules: all legal, and the game over with XBoard's result.
  const std::vector<std::string> actions = enginesActions(debugLog);
  ASSERT_GT(actions.size(), 10u);
  Game game(builtinVariant("desert-dust"));
  for (const std::string& text : actions) {
    ASSERT_NO_THROW(game.play(parseMove(game.position(), text)))
        << "action " << game.actions().size() + 1 << ", " << text << ", not legal by our rules";
  }
  const GameResult result = game.result();
  std::printf("[ xboard ] %zu actions, the last %s, %s (%s)\n", actions.size(), actions.back().c_str(),
              result.token.c_str(), result.reason.c_str());
  EXPECT_TRUE(result.finished()) << "XBoard ended a game our rules say goes on:\n" << record;
  EXPECT_NE(record.find("[Result \"" + result.token + "\"]"), std::string::npos)
      << "our rules: " << result.token << " (" << result.reason << ")\n" << record;
  if (!HasFailure()) fs::remove_all(dir);
}

}  // namespace
}  // namespace tessera
