// An external UCI engine as Tessera meets it: the real Fairy-Stockfish (Debian's fairy-stockfish,
// scripts/setup-tests.sh) started, asked, stopped and refereed; `tessera match` with it as a
// player; and engines that misbehave (one that is no engine, one that answers an illegal action).
// Skipped with the reason where Fairy-Stockfish is not installed.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <thread>

#include "core/protocol/uci_client.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/position_text.hpp"
#include "host/session/uci_engine.hpp"
#include "tests/host/session_fixture.hpp"
#include "tests/host/tessera_program.hpp"

using namespace tessera;
using session::UciEngine;
using session::UciEngineError;

namespace {

const char* const kFairyStockfish = "/usr/games/fairy-stockfish";

#define NEEDS_FAIRY_STOCKFISH()                                                                    \
  if (!std::filesystem::exists(kFairyStockfish))                                                   \
    GTEST_SKIP() << kFairyStockfish << " is not installed (apt-get install fairy-stockfish)";

UciEngineSpec fairyStockfish(std::vector<std::pair<std::string, std::string>> options = {}) {
  return {kFairyStockfish, std::move(options)};
}

struct ProgramRun {
  int exitCode = -1;
  std::string output;
};

ProgramRun runTessera(const std::string& args) {
  ProgramRun r;
  FILE* pipe = popen((tessera::testing::tesseraShellCommand(args) + " 2>&1").c_str(), "r");
  if (!pipe) return r;
  std::array<char, 4096> buf;
  while (fgets(buf.data(), buf.size(), pipe)) r.output += buf.data();
  const int status = pclose(pipe);
  r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

// A script that speaks UCI but answers every `go` with `answer`: an engine that breaks the rules.
struct FakeEngine {
  std::string path;
  explicit FakeEngine(const std::string& answer)
      : path("/tmp/tessera-fake-engine-" + std::to_string(::getpid()) + ".sh") {
    std::ofstream(path) << "#!/bin/sh\n"
                           "while read line; do case \"$line\" in\n"
                           "  uci) echo 'id name Liar'; echo uciok;;\n"
                           "  isready) echo readyok;;\n"
                           "  go*) echo 'info depth 1 score cp 5 pv "
                        << answer << "'; echo 'bestmove " << answer
                        << "';;\n"
                           "  quit) exit 0;;\n"
                           "esac; done\n";
    std::filesystem::permissions(path, std::filesystem::perms::owner_all);
  }
  ~FakeEngine() { std::filesystem::remove(path); }
};

TEST(UciEngine, FairyStockfishIntroducesItselfAndFindsTheMate) {
  NEEDS_FAIRY_STOCKFISH();
  UciEngine engine(fairyStockfish());
  EXPECT_EQ(engine.name().rfind("Fairy-Stockfish", 0), 0u) << engine.name();
  engine.newGame();
  // Scholar's mate is on: Qxf7#.
  Game game(builtinVariant("chess"));
  for (const char* san : {"e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"}) game.play(parseMove(game.position(), san));
  SearchLimits limits;
  limits.depth = 6;
  const UciEngine::Thought thought = engine.think(uciPositionCommand(game), limits);
  ASSERT_TRUE(thought.best);
  EXPECT_EQ(*thought.best, "h5f7");
  const auto m = uciMoveIn(game.position(), *thought.best);
  ASSERT_TRUE(m);
  ASSERT_FALSE(thought.lines.empty());
  EXPECT_EQ(movesToMate(thought.lines.front().score), 1);
  game.play(*m);
  EXPECT_EQ(game.result().reason, "checkmate");
}

TEST(UciEngine, GivesSeveralLinesEachLegal) {
  NEEDS_FAIRY_STOCKFISH();
  UciEngine engine(fairyStockfish());
  Position pos = startPosition(builtinVariant("chess"));
  SearchLimits limits;
  limits.nodes = 20000;
  const UciEngine::Thought thought = engine.think(uciPositionCommand(pos), limits, 3);
  ASSERT_EQ(thought.lines.size(), 3u);
  std::vector<std::string> firsts;
  for (const UciInfo& line : thought.lines) {
    ASSERT_FALSE(line.pv.empty());
    EXPECT_TRUE(uciMoveIn(pos, line.pv.front())) << line.pv.front();
    firsts.push_back(line.pv.front());
  }
  EXPECT_NE(firsts[0], firsts[1]);
  EXPECT_NE(firsts[1], firsts[2]);
  EXPECT_EQ(firsts[0], *thought.best);
  // Asked for one line again, it gives one.
  EXPECT_EQ(engine.think(uciPositionCommand(pos), limits, 1).lines.size(), 1u);
}

TEST(UciEngine, StopsWhenTheQuestionIsWithdrawn) {
  NEEDS_FAIRY_STOCKFISH();
  UciEngine engine(fairyStockfish());
  std::atomic<bool> cancel{false};
  std::thread withdraw([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    cancel = true;
  });
  const auto start = std::chrono::steady_clock::now();
  const UciEngine::Thought thought =
      engine.think(uciPositionCommand(startPosition(builtinVariant("chess"))), SearchLimits{}, 1, &cancel);  // no limit
  withdraw.join();
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
  EXPECT_TRUE(thought.best);
}

TEST(UciEngine, RefusesWhatCannotWorkWithAClearMessage) {
  NEEDS_FAIRY_STOCKFISH();
  try {
    UciEngine engine(fairyStockfish({{"Skil Level", "3"}}));
    FAIL() << "an option it does not have was taken";
  } catch (const UciEngineError& e) {
    EXPECT_NE(std::string(e.what()).find("has no option 'Skil Level' (it has: "), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("Skill Level"), std::string::npos) << e.what();
  }
  try {
    UciEngine engine({"/nonexistent/stockfish", {}});
    FAIL() << "a missing program started";
  } catch (const UciEngineError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot start the engine '/nonexistent/stockfish'"), std::string::npos) << e.what();
  }
  try {
    UciEngine engine({"/bin/true", {}});  // ends at once: no engine
    FAIL() << "a program that is no engine was taken for one";
  } catch (const UciEngineError& e) {
    EXPECT_NE(std::string(e.what()).find("has stopped"), std::string::npos) << e.what();
  }
  // Options are named without regard to case, as UCI has it, and an Elo limits the strength.
  UciEngine limited(fairyStockfish({{"uci_elo", "1500"}}));
  EXPECT_NE(limited.description().find("UCI_LimitStrength=true, UCI_Elo=1500"), std::string::npos) << limited.description();
}

TEST(UciEngineMatch, FairyStockfishPlaysAMatchRefereedByOurRules) {
  NEEDS_FAIRY_STOCKFISH();
  const std::string pgn = "/tmp/tessera-uci-match-" + std::to_string(::getpid()) + ".pgn";
  const ProgramRun r = runTessera("match --variant chess --a nodes=3000 --b uci:" + std::string(kFairyStockfish) +
                                  ",nodes=3000 --games 2 --adjudicate 0 --pgn " + pgn);
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("B = Fairy-Stockfish 11.1"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(", 3000 nodes"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("A scores "), std::string::npos) << r.output;
  // Both games were played to an end the rules know (or the 300-ply limit): no forfeit.
  EXPECT_EQ(r.output.find("no legal action"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("lost its engine"), std::string::npos) << r.output;
  std::ifstream in(pgn);
  const std::string games((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(games.find("[Black \"B: Fairy-Stockfish"), std::string::npos) << games.substr(0, 400);
  EXPECT_NE(games.find("[White \"B: Fairy-Stockfish"), std::string::npos) << games.substr(0, 400);
  std::filesystem::remove(pgn);
}

TEST(UciEngineMatch, AnEngineThatBreaksTheRulesLosesTheGame) {
  const FakeEngine liar("e2e5");
  const ProgramRun r = runTessera("match --variant chess --a nodes=500 --b uci:" + liar.path + " --games 2");
  EXPECT_EQ(r.exitCode, 0) << r.output;
  // As White it moves a Pawn three squares; as Black it names an empty square: either way A wins.
  EXPECT_NE(r.output.find("game 1: A wins (B (Liar) gave 'e2e5', no legal action)"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("A scores 2.0 of 2"), std::string::npos) << r.output;
}

TEST(UciEngineMatch, RefusedWhereItCannotPlay) {
  NEEDS_FAIRY_STOCKFISH();
  ProgramRun r = runTessera("match --variant tiled-squares --b uci:" + std::string(kFairyStockfish));
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("plays orthodox chess only"), std::string::npos) << r.output;
  r = runTessera("match --variant chess --b uci:/nonexistent/engine");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("cannot start the engine '/nonexistent/engine'"), std::string::npos) << r.output;
  r = runTessera("match --variant chess --b uci:" + std::string(kFairyStockfish) + ",time=fast");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("time is a whole number"), std::string::npos) << r.output;
}

// At the table: the hints and the engine's actions from the external engine in chess, each saying
// whose they are; in a mutable variant Tessera's own engine answers whatever is set.
TEST(UciEngineAtTheTable, FairyStockfishGivesTheHintsAndSaysSo) {
  NEEDS_FAIRY_STOCKFISH();
  session::SessionOptions options;
  options.hintMillis = 100;
  options.externalEngine = fairyStockfish();
  session::SessionFixture f("chess", options);
  f.play("e4");
  f.play("e5");
  f.play("Qh5");
  f.play("Nc6");
  f.play("Bc4");
  f.play("Nf6");
  f.session.hint();
  const std::string hint = f.lastText(session::SessionEvent::Kind::Hint);
  // Three lines, the mate first, and whose advice it is.
  EXPECT_EQ(hint.rfind("suggested: 4. Qxf7#, 4. ", 0), 0u) << hint;
  EXPECT_NE(hint.find("(advice of Fairy-Stockfish 11.1"), std::string::npos) << hint;
  EXPECT_EQ(std::count(hint.begin(), hint.end(), ','), 2) << hint;
}

TEST(UciEngineAtTheTable, FairyStockfishPlaysAgainstThePlayer) {
  NEEDS_FAIRY_STOCKFISH();
  session::SessionOptions options = session::againstTheEngine(100);
  options.externalEngine = fairyStockfish({{"UCI_Elo", "1500"}});
  session::SessionFixture f("chess", options);
  f.play("e4");
  ASSERT_TRUE(f.session.engineAction());
  Position now = f.session.game().position();
  EXPECT_TRUE(isLegal(now, *f.session.engineAction()));
  const std::string said = f.lastText(session::SessionEvent::Kind::EngineAction);
  EXPECT_EQ(said.rfind("Fairy-Stockfish 11.1 LB 64 plays 1... ", 0), 0u) << said;
}

TEST(UciEngineAtTheTable, MutableVariantsAreTesserasOwn) {
  NEEDS_FAIRY_STOCKFISH();
  session::SessionOptions options;
  options.hintMillis = 50;
  options.externalEngine = fairyStockfish();
  session::SessionFixture f("tiled-squares", options);
  f.session.hint();
  const std::string hint = f.lastText(session::SessionEvent::Kind::Hint);
  EXPECT_NE(hint.find("(advice of Tessera)"), std::string::npos) << hint;
}

TEST(UciEngineAtTheTable, PlayRefusesAnExternalEngineWhereItCannotHelp) {
  NEEDS_FAIRY_STOCKFISH();
  ProgramRun r = runTessera("play --variant shifting-sands --input gpio --engine uci:" + std::string(kFairyStockfish));
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("shifting-sands is Tessera's own, and only its engine plays it"), std::string::npos) << r.output;
  r = runTessera("play --variant chess --input gpio --engine 'uci:" + std::string(kFairyStockfish) + ",Skil Level=3'");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("has no option 'Skil Level'"), std::string::npos) << r.output;
  r = runTessera("play --variant chess --input gpio --engine stockfish");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("--engine is 'tessera' or 'uci:PATH"), std::string::npos) << r.output;
}

}  // namespace
