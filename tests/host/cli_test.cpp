// The tessera program as a user runs it: help, exit codes, clear errors.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include "tests/host/tessera_program.hpp"

namespace {

struct ProgramRun {
  int exitCode = -1;
  std::string output;  // stdout and stderr together
};

ProgramRun runTessera(const std::string& args) {
  ProgramRun r;
  const std::string cmd = tessera::testing::tesseraShellCommand(args) + " 2>&1";
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) return r;
  std::array<char, 4096> buf;
  while (fgets(buf.data(), buf.size(), pipe)) r.output += buf.data();
  const int status = pclose(pipe);
  r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

// A refused command line: exit code 2 and the message that says why.
void expectRefused(const std::string& args, const std::string& why) {
  const ProgramRun r = runTessera(args);
  EXPECT_EQ(r.exitCode, 2) << args << "\n" << r.output;
  EXPECT_NE(r.output.find(why), std::string::npos) << args << "\n" << r.output;
}

TEST(CliHelp, ListsEveryCommand) {
  const ProgramRun r = runTessera("--help");
  EXPECT_EQ(r.exitCode, 0);
  for (const char* c : {"demo", "perft", "bench", "variants", "uci", "xboard"})
    EXPECT_NE(r.output.find(c), std::string::npos) << c;
}

TEST(CliHelp, EachCommandExplainsItsOptions) {
  EXPECT_NE(runTessera("perft --help").output.find("--depth N"), std::string::npos);
  EXPECT_NE(runTessera("perft --help").output.find("--divide"), std::string::npos);
  EXPECT_NE(runTessera("bench --help").output.find("--quick"), std::string::npos);
  EXPECT_NE(runTessera("demo --help").output.find("--plies N"), std::string::npos);
  EXPECT_EQ(runTessera("demo --help").exitCode, 0);
  EXPECT_NE(runTessera("xboard --help").output.find("xboard -fcp \"tessera xboard\""), std::string::npos);
}

TEST(CliHelp, OptionDescriptionsStartInOneColumnHelpIncluded) {
  for (const char* command : {"calibrate", "perft", "play"}) {
    const std::string text = runTessera(std::string(command) + " --help").output;
    std::istringstream lines(text.substr(text.find("options:\n") + 9));
    std::set<std::size_t> columns;
    for (std::string line; std::getline(lines, line) && line.rfind("  --", 0) == 0;) {
      const std::size_t gap = line.find("  ", 2);
      columns.insert(line.find_first_not_of(' ', gap));
    }
    EXPECT_EQ(columns.size(), 1u) << text;
    EXPECT_NE(text.find("\n  --help "), std::string::npos) << text;
  }
}

TEST(CliErrors, WrongArgumentsExitWithTwoAndSayWhy) {
  expectRefused("", "usage: tessera <command>");
  expectRefused("perfect", "unknown command 'perfect'");
  expectRefused("perft --depht 3", "unknown option '--depht'");
  expectRefused("perft --depth three", "--depth needs a whole number, got 'three'");
  expectRefused("perft --depth 40", "--depth must be between 1 and 10, got 40");
  expectRefused("perft", "--depth is required");
  expectRefused("perft --depth", "option '--depth' needs a value");
  expectRefused("perft --variant chez --depth 1", "unknown variant 'chez'");
  expectRefused("perft --depth 1 --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1'", "rank 1 has 7 squares");
  // A recording that is not there is refused before the camera pipeline starts (and before OpenCV
  // tries every video back end on it).
  expectRefused("replay --variant chess --frames /nonexistent/game", "--frames /nonexistent/game: no such folder or video file");
  expectRefused("play --variant chess --input frames:/nonexistent/game", "--input frames:/nonexistent/game: no such folder or video file");
  expectRefused("xboard --variant chess", "xboard takes no options");
  expectRefused("calibrate --input floppy", "unknown --input 'floppy': use frames:DIR, camera[:DEV], link[:DEV] or gpio");
  expectRefused("calibrate --input gpio", "--input: calibrate checks a camera's view: use camera[:DEV] or frames:DIR");
  expectRefused("calibrate --input frames:/nonexistent/game", "--input frames:/nonexistent/game: no such folder or video file");
}

TEST(CliErrors, AVideoFileThatIsNoVideoIsRefusedBeforeAGameStarts) {
  const std::string path = "/tmp/tessera-cli-corrupt-" + std::to_string(::getpid()) + ".mp4";
  std::ofstream(path, std::ios::binary) << std::string(4096, '\x5a') << "no video here";
  expectRefused("replay --variant chess --frames " + path, "--frames " + path + ": not a video OpenCV can decode");
  const std::string journal = path + ".journal";
  expectRefused("play --variant chess --input frames:" + path + " --journal " + journal,
                "--input frames:" + path + ": not a video OpenCV can decode");
  EXPECT_FALSE(std::ifstream(journal).good()) << "no game was started on it";
  std::remove(path.c_str());
}

TEST(CliMatch, PlayersMayChangeTheEvaluationWeightsAndBadOnesAreRefused) {
  const ProgramRun ok = runTessera("match --variant chess --a nodes=200,mobility=3 --b nodes=200 --games 2");
  EXPECT_EQ(ok.exitCode, 0) << ok.output;
  EXPECT_NE(ok.output.find("A = search 200 nodes mobility=3,shelter=8"), std::string::npos) << ok.output;
  EXPECT_NE(ok.output.find("A scores"), std::string::npos) << ok.output;
  EXPECT_NE(ok.output.find("game 2: A "), std::string::npos) << "each game is reported with how it ended";
  const std::string pgnPath = "/tmp/tessera-cli-match-" + std::to_string(::getpid()) + ".pgn";
  const ProgramRun saved = runTessera("match --variant chess --a nodes=200 --games 2 --pgn " + pgnPath);
  EXPECT_EQ(saved.exitCode, 0) << saved.output;
  std::ifstream in(pgnPath);
  const std::string games((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(games.find("[Round \"1\"]"), std::string::npos) << games;
  EXPECT_NE(games.find("[Round \"2\"]"), std::string::npos) << games;
  EXPECT_NE(games.find("[White \"B: greedy one-ply\"]"), std::string::npos) << "sides swapped in game 2";
  std::remove(pgnPath.c_str());
  expectRefused("match --variant chess --a nodes=200,colour=3 --games 2", "unknown evaluation weight 'colour'");
  expectRefused("match --variant chess --a nodes=200,mobility=lots --games 2", "a weight is a whole number");
  expectRefused("match --variant chess --a mobility=3 --games 2", "a player is 'greedy', 'time=MS', 'depth=D' or 'nodes=N'");
  // Limits beyond what analyze takes (an int would have wrapped the time): refused with the bound.
  expectRefused("match --variant chess --a time=99999999999 --games 2", "time is at most 3600000");
  expectRefused("match --variant chess --b depth=65 --games 2", "depth is at most 64");
  // Four players: the search options take 0 or 1 and show in the player's name.
  struct SearchOption {
    const char* given;
    const char* shown;
    const char* bad;
    const char* refusal;
  };
  for (const SearchOption& o : {SearchOption{"paranoid=1", "A = search depth 1 paranoid", "paranoid=2", "paranoid is 0 or 1"},
                                SearchOption{"othersAct=0", "A = search depth 1 othersAct=0", "othersAct=yes", "othersAct is 0 or 1"}}) {
    const std::string match = "match --variant chameleon-redux-4p --games 2 --a depth=1,";
    const ProgramRun good = runTessera(match + o.given);
    EXPECT_EQ(good.exitCode, 0) << good.output;
    EXPECT_NE(good.output.find(o.shown), std::string::npos) << good.output;
    expectRefused(match + o.bad, o.refusal);
  }
}

TEST(CliMatch, FourPlayersAPlayerMayTakeOneSideAgainstThree) {
  const ProgramRun one = runTessera("match --variant chameleon-redux-4p --a depth=1 --b depth=1 --games 4 --seats one");
  EXPECT_EQ(one.exitCode, 0) << one.output;
  EXPECT_NE(one.output.find("game 4: A scores "), std::string::npos) << one.output;
  EXPECT_EQ(one.output.find("game 5:"), std::string::npos) << "four games: one opening, A on each side" << one.output;
  EXPECT_NE(one.output.find("sides put out (A's:B's) by sides in (A-B): 1-3 "), std::string::npos) << one.output;
  expectRefused("match --variant chess --games 2 --seats one", "--seats one is for four-player variants");
  expectRefused("match --variant chameleon-redux-4p --games 2 --seats three", "--seats is 'two' or 'one', got 'three'");
}

TEST(CliTune, PrintsEveryTrialAndTheWeightsItEndsWith) {
  const ProgramRun r = runTessera("tune --variant shifting-chess --games 2 --nodes 200");
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("mobility 2 -> 3: "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("shelter 8 -> "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("tuned: mobility="), std::string::npos) << r.output;
  expectRefused("tune --variant chess --games 1", "--games must be between 2 and 100000, got 1");  // one pair at least
}

TEST(CliPerft, CountsAndDivides) {
  const ProgramRun r = runTessera("perft --depth 3");
  EXPECT_EQ(r.exitCode, 0);
  EXPECT_NE(r.output.find("perft 3: 8902 nodes"), std::string::npos) << r.output;
  const ProgramRun d = runTessera("perft --variant desert-dust --depth 2 --divide");
  EXPECT_NE(d.output.find("perft 2: 7970 nodes"), std::string::npos) << d.output;
  EXPECT_NE(d.output.find("e3e9: "), std::string::npos);
  const ProgramRun kiwi = runTessera("perft --depth 2 --fen=\"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\"");
  EXPECT_NE(kiwi.output.find("perft 2: 2039 nodes"), std::string::npos) << kiwi.output;
}

TEST(CliBench, TheEngineOnAFileOfPositionsGivesTheNodesToEachDepth) {
  const std::string path = ::testing::TempDir() + "/positions.txt";
  std::ofstream(path) << "# a comment\n\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n";
  const ProgramRun one = runTessera("bench --engine --positions " + path + " --depth 3");
  EXPECT_EQ(one.exitCode, 0) << one.output;
  const std::string prefix = "position 1, nodes to depth 1 to 3: ";
  const std::size_t line = one.output.find(prefix);
  ASSERT_NE(line, std::string::npos) << one.output;
  std::istringstream counts(one.output.substr(line + prefix.size()));
  long d1 = 0, d2 = 0, d3 = 0;
  counts >> d1 >> d2 >> d3;
  EXPECT_GT(d1, 20) << "the root and its 20 actions at least";
  EXPECT_LT(d1, d2);
  EXPECT_LT(d2, d3);
  // With one position the mean is its own figure.
  EXPECT_NE(one.output.find("geometric mean of the nodes to each depth (positions that reached it): 1: " +
                            std::to_string(d1) + " (1) 2: " + std::to_string(d2) + " (1) 3: " + std::to_string(d3) + " (1)"),
            std::string::npos)
      << one.output;
  EXPECT_NE(one.output.find("1 positions, " + std::to_string(d3) + " nodes"), std::string::npos) << one.output;

  std::ofstream(path) << "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1\n";
  expectRefused("bench --engine --positions " + path, path + " line 2: ");
  std::ofstream(path) << "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\n";  // stalemate
  expectRefused("bench --engine --positions " + path, "line 1: the game is over there");
  expectRefused("bench --engine --positions /nonexistent/positions.txt", "--positions: cannot read /nonexistent/positions.txt");
  expectRefused("bench --positions " + path, "--positions needs --engine");
  expectRefused("bench --engine --depth 3", "--depth go with --engine --positions FILE");
}

TEST(CliPerft, LoadsANewVariantFromAFile) {
  const std::string path = ::testing::TempDir() + "/mini.variants";
  std::ofstream(path) << "[mini]\nboard = 4x4\npiece = king K K royal\npiece = rook R R\n"
                         "start = 3k/4/4/KR2 w - - 0 1\n";
  const ProgramRun r = runTessera("perft --variant-file " + path + " --variant mini --depth 1");
  EXPECT_EQ(r.exitCode, 0) << r.output;
  // King a1: a2, b2 (b1 is the Rook's) = 2; Rook b1: b2, b3, b4 (check) and c1, d1 = 5.
  EXPECT_NE(r.output.find("perft 1: 7 nodes"), std::string::npos) << r.output;
  expectRefused("perft --variant-file /nonexistent/x --variant mini --depth 1", "cannot read variant file");
}

TEST(CliDemo, RefereesAFilmedDesertDustGameThroughTheCameraPipeline) {
  const std::string out = ::testing::TempDir() + "/demo-out";
  const ProgramRun r = runTessera("demo --plies 6 --out " + out);
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("Desert Dust (12x12)"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("action: 3... "), std::string::npos) << r.output;  // verdicts printed as they come
  EXPECT_NE(r.output.find("suggested: "), std::string::npos) << r.output;    // engine hints
  EXPECT_NE(r.output.find("record equals the scripted game (6 of 6 actions)"), std::string::npos) << r.output;
  const ProgramRun check = runTessera("pgn --check " + out + "/game.pgn");
  EXPECT_EQ(check.exitCode, 0) << check.output;
  EXPECT_NE(check.output.find("6 actions replayed, all legal"), std::string::npos) << check.output;
  EXPECT_TRUE(std::ifstream(out + "/display/frame-00001.png").good());
  EXPECT_TRUE(std::ifstream(out + "/display/latest.png").good());
}

}  // namespace

TEST(CliPgn, ChecksARecordAndNamesTheFirstBadAction) {
  const std::string good = ::testing::TempDir() + "/good.pgn";
  std::ofstream(good) << "[Event \"?\"]\n[Result \"0-1\"]\n[Variant \"chess\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
  const ProgramRun ok = runTessera("pgn --check " + good);
  EXPECT_EQ(ok.exitCode, 0) << ok.output;
  EXPECT_NE(ok.output.find("4 actions replayed, all legal; ends 0-1 by checkmate"), std::string::npos) << ok.output;

  const std::string bad = ::testing::TempDir() + "/bad.pgn";
  std::ofstream(bad) << "[Variant \"shifting-sands\"]\n\n1. Y@c3 R@d5 2. Yc3-c9 *\n";
  const ProgramRun refused = runTessera("pgn --check " + bad);
  EXPECT_EQ(refused.exitCode, 1);
  EXPECT_NE(refused.output.find("line 3, action 3 (2. Yc3-c9, White to act)"), std::string::npos) << refused.output;

  const std::string wrongResult = ::testing::TempDir() + "/wrong-result.pgn";
  std::ofstream(wrongResult) << "[Variant \"chess\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n";
  const ProgramRun lie = runTessera("pgn --check " + wrongResult);
  EXPECT_EQ(lie.exitCode, 1);
  EXPECT_NE(lie.output.find("gives the result 1-0 but the final position ends the game 0-1"), std::string::npos) << lie.output;

  expectRefused("pgn", "give --check FILE or --journal FILE");
  expectRefused("pgn --check /nonexistent.pgn", "cannot read '/nonexistent.pgn'");
}
