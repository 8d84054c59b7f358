// The tessera program as a user runs it: help, exit codes, clear errors.
#include <gtest/gtest.h>

#include <poll.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>
#include "tests/host/tessera_program.hpp"

namespace {

struct ProgramRun {
  int exitCode = -1;
  std::string output;  // stdout and stderr together
};

ProgramRun runCommand(const std::string& cmd) {
  ProgramRun r;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) return r;
  std::array<char, 4096> buf;
  while (fgets(buf.data(), buf.size(), pipe)) r.output += buf.data();
  const int status = pclose(pipe);
  r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

// `tessera ARGS...` that would run until stopped (play waiting for a camera), read until it has
// said `said` and for `thenSeconds` more, then stopped; its output is what it said by then. Only
// waiting for the words keeps a slow machine (an emulated Arm) from being stopped before it speaks.
std::string outputOfRunUntilSaid(const std::vector<std::string>& args, const std::string& said, int thenSeconds) {
  using Clock = std::chrono::steady_clock;
  int fds[2];
  if (::pipe(fds) != 0) return "(no pipe)";
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(fds[1], STDOUT_FILENO);
    ::dup2(fds[1], STDERR_FILENO);
    ::close(fds[0]);
    ::close(fds[1]);
    tessera::testing::execTessera(args);
    ::_exit(127);
  }
  ::close(fds[1]);
  std::string output;
  const auto giveUp = Clock::now() + std::chrono::seconds(120);
  auto stopAt = giveUp;
  for (;;) {
    if (stopAt == giveUp && output.find(said) != std::string::npos) stopAt = Clock::now() + std::chrono::seconds(thenSeconds);
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(stopAt - Clock::now()).count();
    if (left <= 0) break;
    pollfd readable{fds[0], POLLIN, 0};
    if (::poll(&readable, 1, static_cast<int>(left)) <= 0) continue;
    std::array<char, 4096> buf;
    const ssize_t n = ::read(fds[0], buf.data(), buf.size());
    if (n <= 0) break;
    output.append(buf.data(), static_cast<std::size_t>(n));
  }
  ::kill(pid, SIGTERM);
  ::waitpid(pid, nullptr, 0);
  ::close(fds[0]);
  return output;
}

// A folder of one test's own, removed after it.
struct ScratchFolder {
  std::string path;
  explicit ScratchFolder(const std::string& name) : path("/tmp/tessera-cli-" + name + "-" + std::to_string(::getpid())) {
    std::filesystem::create_directories(path);
  }
  ~ScratchFolder() { std::filesystem::remove_all(path); }
};

ProgramRun runTessera(const std::string& args) {
  return runCommand(tessera::testing::tesseraShellCommand(args) + " 2>&1");
}

// A command that succeeds and says `said`.
ProgramRun expectSucceedsSaying(const std::string& args, const std::string& said) {
  const ProgramRun r = runTessera(args);
  EXPECT_EQ(r.exitCode, 0) << args << "\n" << r.output;
  EXPECT_NE(r.output.find(said), std::string::npos) << args << "\n" << r.output;
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
  // calibrate names only the inputs it takes.
  expectRefused("calibrate --input floppy",
                "--input 'floppy': calibrate checks a camera's view: use camera[:DEV] or frames:DIR|VIDEO");
  expectRefused("calibrate --input gpio",
                "--input 'gpio': calibrate checks a camera's view: use camera[:DEV] or frames:DIR|VIDEO");
  expectRefused("calibrate --input link:/dev/ttyACM0", "--input 'link:/dev/ttyACM0': calibrate checks a camera's view");
  expectRefused("calibrate --input frames:/nonexistent/game", "--input frames:/nonexistent/game: no such folder or video file");
  // The lens: a number in the range calibrate measures, and only where a camera reads the board.
  expectRefused("play --variant chess --input camera:0 --lens wide", "--lens 'wide': a number from -0.3 to 0.5, as tessera calibrate measures it");
  expectRefused("replay --variant chess --frames /tmp --lens 0.9", "--lens '0.9': a number from -0.3 to 0.5");
  expectRefused("play --variant chess --input link:/dev/ttyACM0 --lens 0.1", "is the camera's lens: it needs --input camera or frames");
  expectRefused("bench --camera --engine", "--camera and --engine are each a bench of their own: give one");
}

// camera: is always a V4L2 device: a number, /dev/videoN or another name of one such as the stable
// /dev/v4l/by-id/... a USB camera has. An unplugged one is waited for (play goes on until stopped).
TEST(CliErrors, ACameraIsAlwaysADeviceNeverAVideoFile) {
  for (const auto& [spec, said] : {std::pair<std::string, std::string>{"camera:97", "camera: /dev/video97 does not exist"},
                                   {"camera:/dev/v4l/by-id/usb-Tessera_Test-video-index0",
                                    "camera: /dev/v4l/by-id/usb-Tessera_Test-video-index0 does not exist (camera unplugged?)"},
                                   {"camera:/dev/null", "camera: /dev/null is not a V4L2 video device"}}) {
    const std::string output = outputOfRunUntilSaid({"play", "--variant", "chess", "--input", spec}, said, 1);
    EXPECT_NE(output.find(said), std::string::npos) << spec << "\n" << output;
    EXPECT_EQ(output.find("cannot read video"), std::string::npos) << spec << "\n" << output;
  }
  const ScratchFolder folder("camera-file");
  const std::string video = folder.path + "/game.mp4";
  std::ofstream(video) << "a video file";
  expectRefused("play --variant chess --input camera:" + video,
                "--input camera:" + video + ": not a camera device (a video or a folder of images is frames:" + video + ")");
  expectRefused("calibrate --input camera:" + folder.path, "not a camera device");
  expectRefused("play --variant chess --input camera:video0", "--input camera:video0: no such device");
}

// A camera missing all day is logged once, not at every retry (twice a second, in journald).
TEST(CliErrors, AMissingCameraIsLoggedOnceNotAtEveryRetry) {
  const std::string said = "camera: /dev/video97 does not exist (camera unplugged?); retrying every 2 s\n";
  // Long enough after the first message for two retries.
  const std::string output = outputOfRunUntilSaid({"play", "--variant", "chess", "--input", "camera:97"}, said, 5);
  int lines = 0;
  for (std::size_t at = output.find("camera: "); at != std::string::npos; at = output.find("camera: ", at + 1)) ++lines;
  EXPECT_EQ(lines, 1) << output;
  EXPECT_NE(output.find(said), std::string::npos) << output;
}

// camera:libcamera is the first camera libcamera lists (a Pi Camera Module), camera:libcamera:N the
// N-th; with none there, play says so and waits for one, as for a V4L2 camera. (The cameras
// themselves are tested against vimc in the VM: tests/camera/live/.)
TEST(CliErrors, ALibcameraCameraIsNamedByItsNumberAndWaitedFor) {
  expectRefused("play --variant chess --input camera:libcamera:", "--input camera:libcamera: needs the camera's number or id");
  const std::string said = "camera: libcamera sees no camera (unplugged, or its ribbon cable loose?); retrying every 2 s\n";
  const std::string output = outputOfRunUntilSaid({"play", "--variant", "chess", "--input", "camera:libcamera"}, said, 1);
  EXPECT_NE(output.find(said), std::string::npos) << output;
}

// `tessera cameras` on a machine with none: both kinds said to be missing, exit code 1.
TEST(CliCameras, AMachineWithoutCamerasSaysSo) {
  const ProgramRun r = runTessera("cameras");
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_NE(r.output.find("V4L2 cameras: none (no /dev/videoN captures video)\n"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("libcamera cameras: none\n"), std::string::npos) << r.output;
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

// Found by the second audit of `tessera play` (2026-11-28, evening): a journal that could not be
// created ended the program with 1 when the game started, where --pgn's was a usage error.
TEST(CliErrors, AJournalThatCannotBeCreatedIsAWrongArgument) {
  const ScratchFolder frames("journal-frames");
  expectRefused("play --variant chess --input frames:" + frames.path + " --journal /nonexistent/game.journal",
                "--journal: cannot write '/nonexistent/game.journal': No such file or directory");
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
  const ProgramRun checked = runTessera("pgn --check " + pgnPath);
  EXPECT_EQ(checked.exitCode, 0) << checked.output;
  EXPECT_NE(checked.output.find("game 2 (from line "), std::string::npos) << checked.output;
  EXPECT_NE(checked.output.find(pgnPath + ": 2 games, all legal"), std::string::npos) << checked.output;
  std::remove(pgnPath.c_str());
  expectRefused("match --variant chess --a nodes=200,colour=3 --games 2", "unknown evaluation weight 'colour'");
  expectRefused("match --variant chess --a nodes=200,mobility=lots --games 2", "a weight is a whole number");
  expectRefused("match --variant chess --a mobility=3 --games 2", "a player is 'greedy', 'time=MS', 'depth=D' or 'nodes=N'");
  // Limits beyond what analyze takes (an int would have wrapped the time): refused with the bound.
  expectRefused("match --variant chess --a time=99999999999 --games 2", "time is at most 3600000");
  expectRefused("match --variant chess --b depth=65 --games 2", "depth is at most 64");
  // The search options take 0 or 1 and show in the player's name (the first three are four players').
  struct SearchOption {
    const char* given;
    const char* shown;
    const char* bad;
    const char* refusal;
  };
  for (const SearchOption& o : {SearchOption{"paranoid=1", "A = search depth 1 paranoid", "paranoid=2", "paranoid is 0 or 1"},
                                SearchOption{"othersAct=0", "A = search depth 1 othersAct=0", "othersAct=yes", "othersAct is 0 or 1"},
                                SearchOption{"modelledRound=0", "A = search depth 1 modelledRound=0", "modelledRound=2",
                                             "modelledRound is 0 or 1"},
                                SearchOption{"staticCutoff=0", "A = search depth 1 staticCutoff=0", "staticCutoff=on",
                                             "staticCutoff is 0 or 1"}}) {
    const std::string match = "match --variant chameleon-redux-4p --games 2 --a depth=1,";
    const ProgramRun good = runTessera(match + o.given);
    EXPECT_EQ(good.exitCode, 0) << good.output;
    EXPECT_NE(good.output.find(o.shown), std::string::npos) << good.output;
    expectRefused(match + o.bad, o.refusal);
  }
  // Found by an audit (2026-11-28): the four-player switches were taken in a two-player match, where
  // they change nothing, and an odd count of games was rounded up without a word.
  expectRefused("match --variant chess --games 2 --a depth=1,paranoid=1", "paranoid switches the four-player search; chess has two sides");
  expectRefused("match --variant chess --games 2 --a depth=1,othersAct=0", "othersAct switches the four-player search");
  expectRefused("match --variant chess --games 2 --a depth=1,modelledRound=0", "modelledRound switches the four-player search");
  const ProgramRun odd = runTessera("match --variant chess --a depth=1 --b depth=1 --games 3");
  EXPECT_EQ(odd.exitCode, 0) << odd.output;
  EXPECT_NE(odd.output.find("3 games asked: 4 are played, 2 from each opening"), std::string::npos) << odd.output;
  EXPECT_NE(odd.output.find("game 4: "), std::string::npos) << odd.output;
  EXPECT_EQ(odd.output.find("material taken"), std::string::npos) << "four players only" << odd.output;
}

TEST(CliMatch, FourPlayersAPlayerMayTakeOneSideAgainstThree) {
  const ProgramRun one = runTessera("match --variant chameleon-redux-4p --a depth=1 --b depth=1 --games 4 --seats one");
  EXPECT_EQ(one.exitCode, 0) << one.output;
  EXPECT_NE(one.output.find("game 4: A scores "), std::string::npos) << one.output;
  EXPECT_EQ(one.output.find("game 5:"), std::string::npos) << "four games: one opening, A on each side" << one.output;
  EXPECT_NE(one.output.find("sides put out (A's:B's) by sides in (A-B): 1-3 "), std::string::npos) << one.output;
  EXPECT_NE(one.output.find("\nmaterial taken with all four in, in pawns: A's from B's "), std::string::npos) << one.output;
  expectRefused("match --variant chess --games 2 --seats one", "--seats one is for four-player variants");
  expectRefused("match --variant chameleon-redux-4p --games 2 --seats three", "--seats is 'two' or 'one', got 'three'");
}

TEST(CliAnalyze, PrintsEachDepthsLinesAndTheBestAction) {
  // A back-rank mate in one: the best line says mate, the second line is the best of the rest.
  const ProgramRun mate = runTessera("analyze --position '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1' --depth 3 --multipv 2");
  EXPECT_EQ(mate.exitCode, 0) << mate.output;
  for (const char* line : {"depth 1 line 1 score mate 1 ", "depth 3 line 1 score mate 1 ", "depth 3 line 2 score +"})
    EXPECT_NE(mate.output.find(line), std::string::npos) << line << "\n" << mate.output;
  EXPECT_NE(mate.output.find("pv Ra8#\n"), std::string::npos) << mate.output;
  EXPECT_NE(mate.output.find("best Ra8# ("), std::string::npos) << mate.output;
  EXPECT_EQ(mate.output.find("depth 4 "), std::string::npos) << "--depth 3 stops at 3";

  // A node limit stops the search; a variant's actions are written in its notation (drops here).
  const ProgramRun sands = runTessera("analyze --variant shifting-sands --nodes 3000");
  EXPECT_EQ(sands.exitCode, 0) << sands.output;
  EXPECT_NE(sands.output.find("best "), std::string::npos) << sands.output;
  EXPECT_NE(sands.output.find("@"), std::string::npos) << "the opening actions are colour drops" << sands.output;
  std::istringstream lines(sands.output);
  int depthLines = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("depth ", 0) != 0) continue;
    ++depthLines;
    EXPECT_LE(std::stol(line.substr(line.find(" nodes ") + 7)), 3000) << line;
  }
  EXPECT_GE(depthLines, 2) << sands.output;

  const ProgramRun four = runTessera("analyze --variant chameleon-redux-4p --depth 3 --multipv 3");
  EXPECT_EQ(four.exitCode, 0) << four.output;
  EXPECT_NE(four.output.find("depth 3 line 3 score "), std::string::npos) << four.output;
  // Four players: each leading action's modelled round, and the best of them played (not Qd4, the
  // best reply search's own first choice).
  const ProgramRun rounds = runTessera(
      "analyze --variant chameleon-redux-4p --nodes 60000 --position "
      "'1wP1nQ4/wRwK2nP1nKnP/1wP4nPnQ/wQwP1wP1nP2/8/1sPsPsQ1ePePeB/sPsK1sPeP1ePeK/2sQ5 s - - 0 13'");
  EXPECT_EQ(rounds.exitCode, 0) << rounds.output;
  EXPECT_NE(rounds.output.find("depth 4 line 1 score +2.11 nodes 11117 time "), std::string::npos) << rounds.output;
  EXPECT_NE(rounds.output.find("round Qd4 c5+ f6 e1: -3.80\n"), std::string::npos) << rounds.output;
  EXPECT_NE(rounds.output.find("round Qdc2 Ka6 Kf6 f4: +2.59\nbest Qdc2 "), std::string::npos) << rounds.output;
}

TEST(CliAnalyze, AFinishedGameSaysHowItEndedAndBadArgumentsAreRefused) {
  const ProgramRun mated = runTessera("analyze --position '7k/6Q1/6K1/8/8/8/8/8 b - - 0 1'");
  EXPECT_EQ(mated.exitCode, 0) << mated.output;
  EXPECT_NE(mated.output.find("the game is over (1-0 checkmate): no action to suggest"), std::string::npos) << mated.output;
  const ProgramRun stalemate = runTessera("analyze --position '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'");
  EXPECT_NE(stalemate.output.find("the game is over (1/2-1/2 stalemate)"), std::string::npos) << stalemate.output;
  // White still has actions, but the fifty-move limit has ended the game.
  const ProgramRun fifty = runTessera("analyze --position '7k/8/6K1/8/8/8/8/R7 w - - 100 80'");
  EXPECT_EQ(fifty.exitCode, 0) << fifty.output;
  EXPECT_NE(fifty.output.find("the game is over (1/2-1/2 fifty-move rule): no action to suggest"), std::string::npos)
      << fifty.output;
  EXPECT_EQ(fifty.output.find("best "), std::string::npos) << fifty.output;
  expectRefused("analyze --multipv 0", "--multipv must be between 1 and 64, got 0");
  expectRefused("analyze --depth 65", "--depth must be between 1 and 64, got 65");
  expectRefused("analyze --position xyz", "--position: position string, character 1: 'x' is no piece of chess");
  expectRefused("analyze --variant chess --time soon", "--time");
}

// The first bytes of a file, and a PNG's width and height from its header.
std::string fileStart(const std::string& path, std::size_t bytes) {
  std::ifstream in(path, std::ios::binary);
  std::string head(bytes, '\0');
  in.read(head.data(), static_cast<std::streamsize>(bytes));
  head.resize(static_cast<std::size_t>(in.gcount()));
  return head;
}

std::pair<long, long> pngSize(const std::string& path) {
  const std::string head = fileStart(path, 24);
  if (head.size() < 24 || head.compare(1, 3, "PNG") != 0) return {0, 0};
  const auto word = [&](std::size_t at) {
    long v = 0;
    for (std::size_t i = at; i < at + 4; ++i) v = v * 256 + static_cast<unsigned char>(head[i]);
    return v;
  };
  return {word(16), word(20)};
}

TEST(CliPrint, WritesTheBoardSheetAndTheCutOutsAsPngOrPdfAndRefusesAnyOtherFile) {
  const ScratchFolder folder("print");
  const std::string& dir = folder.path;
  // Tiled Squares has Tiles and Anti-Tiles to cut out: a second sheet beside the board.
  const ProgramRun png = runTessera("print --variant tiled-squares --out " + dir + "/tiled.png --cell-mm 25 --dpi 100");
  EXPECT_EQ(png.exitCode, 0) << png.output;
  EXPECT_NE(png.output.find("tiled-squares: 25 mm cells at 100 dpi, 80 pieces to cut out"), std::string::npos) << png.output;
  const auto [width, height] = pngSize(dir + "/tiled.png");
  const long cell = 98;  // 25 mm at 100 dpi
  EXPECT_GE(width, 8 * cell) << "eight cells across, at the size asked for, and the markers";
  EXPECT_LE(width, 14 * cell);
  EXPECT_GE(height, 8 * cell);
  EXPECT_GT(pngSize(dir + "/tiled-cutouts.png").first, 0) << png.output;
  // Chess has nothing to cut out: one sheet.
  const ProgramRun chess = runTessera("print --out " + dir + "/chess.png");
  EXPECT_EQ(chess.exitCode, 0) << chess.output;
  EXPECT_NE(chess.output.find("0 pieces to cut out"), std::string::npos) << chess.output;
  EXPECT_NE(chess.output.find("the board sheet is 52 x 56 cm: for a home printer, --paper a4 (or letter) splits it"),
            std::string::npos)
      << chess.output;
  EXPECT_FALSE(std::ifstream(dir + "/chess-cutouts.png").good());
  // One PDF with both sheets as pages.
  const ProgramRun pdf = runTessera("print --variant shifting-sands --out " + dir + "/sands.pdf --dpi 72");
  EXPECT_EQ(pdf.exitCode, 0) << pdf.output;
  EXPECT_NE(pdf.output.find("sands.pdf (2 pages)"), std::string::npos) << pdf.output;
  EXPECT_EQ(fileStart(dir + "/sands.pdf", 5), "%PDF-");
  EXPECT_NE(runTessera("print --out " + dir + "/chess.pdf --dpi 72").output.find("chess.pdf (1 page)\n"),
            std::string::npos);

  expectRefused("print --out " + dir + "/board", "--out is a .png or .pdf file, got '" + dir + "/board'");
  expectRefused("print --out " + dir + "/board.txt", "--out is a .png or .pdf file");
  expectRefused("print --variant chess", "--out is required");
  expectRefused("print --out " + dir + "/no/such/dir/board.png", "cannot write '" + dir + "/no/such/dir/board.png'");
  expectRefused("print --out " + dir + "/b.png --dpi 1200", "--dpi must be between 72 and 600, got 1200");
}

// The board and its cut-outs are two files: neither is written unless both can be. An extension
// is read in either case.
TEST(CliPrint, BothSheetsAreCheckedBeforeEitherIsWrittenAndExtensionsAreReadInAnyCase) {
  const ScratchFolder folder("print-two");
  const std::string& dir = folder.path;
  std::filesystem::create_directories(dir + "/t2-cutouts.png");
  expectRefused("print --variant tiled-squares --dpi 72 --out " + dir + "/t2.png",
                "--out: '" + dir + "/t2-cutouts.png' is a folder, not a file");
  EXPECT_FALSE(std::filesystem::exists(dir + "/t2.png")) << "the board was written all the same";
  expectSucceedsSaying("print --dpi 72 --out " + dir + "/board.PNG", "wrote " + dir + "/board.PNG");
  EXPECT_GT(pngSize(dir + "/board.PNG").first, 0);
  expectSucceedsSaying("print --dpi 72 --out " + dir + "/board.Pdf", "wrote " + dir + "/board.Pdf (1 page)");
  EXPECT_EQ(fileStart(dir + "/board.Pdf", 5), "%PDF-");
}

TEST(CliPrint, OnHomePrinterPaperABoardLargerThanAPageIsSplitOverPages) {
  const ScratchFolder folder("print-paper");
  const std::string& dir = folder.path;
  // Chess at 40 mm cells is a 52 x 56 cm sheet: 4 x 3 A4 pages, each overlapping the next by 15 mm.
  expectSucceedsSaying("print --paper A4 --dpi 100 --out " + dir + "/chess.pdf", "chess.pdf (12 a4 pages: the board on 12)");
  const std::string pdfinfo = runCommand("pdfinfo -l 12 " + dir + "/chess.pdf").output;
  EXPECT_NE(pdfinfo.find("Pages:           12"), std::string::npos) << pdfinfo;
  // A4 is 595.28 x 841.89 points; a page is a whole number of pixels at 100 dpi (0.72 points).
  const std::size_t last = pdfinfo.find("Page   12 size:");
  ASSERT_NE(last, std::string::npos) << pdfinfo;
  double width = 0, height = 0;
  ASSERT_EQ(std::sscanf(pdfinfo.c_str() + last + 15, " %lf x %lf pts", &width, &height), 2) << pdfinfo;
  EXPECT_NEAR(width, 595.28, 0.72);
  EXPECT_NEAR(height, 841.89, 0.72);
  // Shifting Sands on Letter: the board's pages, then the colour squares to cut out.
  const ProgramRun sands = expectSucceedsSaying("print --variant shifting-sands --paper letter --dpi 72 --out " + dir +
                                                    "/sands.pdf",
                                                " letter pages: the board on ");
  EXPECT_NE(sands.output.find(", the pieces to cut out on "), std::string::npos) << sands.output;

  expectRefused("print --paper a5 --out " + dir + "/b.pdf", "--paper is one of a4, a3, letter, legal, got 'a5'");
  expectRefused("print --paper a4 --out " + dir + "/b.png", "--paper makes the pages of a PDF: --out FILE.pdf");
}

TEST(CliPrint, TheLargestSheetIsWrittenWithoutHoldingItWholeInMemory) {
  // Desert Dust at 60 mm cells and 600 dpi is a poster of 22,672 x 25,506 pixels: 1.73 GB as one
  // image, which a small Pi does not have. It is drawn and written a band at a time.
  const ScratchFolder folder("print-large");
  const std::string& dir = folder.path;
  expectSucceedsSaying("print --variant desert-dust --cell-mm 60 --dpi 600 --out " + dir + "/dd.png", "wrote " + dir + "/dd.png");
  EXPECT_EQ(pngSize(dir + "/dd.png"), std::make_pair(22672L, 25506L));
  rusage children{};
  ASSERT_EQ(getrusage(RUSAGE_CHILDREN, &children), 0);
  const long wholeSheetKb = 22672L * 25506L * 3 / 1024;
  EXPECT_LT(children.ru_maxrss, wholeSheetKb / 4) << "largest resident size of the program, kB";
}

TEST(CliVariants, ListsEveryBuiltInVariantWithItsBoardAndTitle) {
  const ProgramRun r = runTessera("variants");
  EXPECT_EQ(r.exitCode, 0) << r.output;
  for (const char* line : {"chess  (8x8, 6 piece types)  Orthodox chess\n", "desert-dust  (12x12, 21 piece types)  Desert Dust\n",
                           "chameleon-redux-4p  (8x8, 6 piece types)  Chameleon Chess Redux, four players\n",
                           "tiled-squares  ", "shifting-sands  ", "shifting-chess  ", "chameleon-redux  "})
    EXPECT_NE(r.output.find(line), std::string::npos) << line << r.output;
}

TEST(CliUci, AnswersTheProtocolOnStandardInputAndOutput) {
  const ProgramRun r = runTessera(
      "uci <<'END'\nuci\nisready\nsetoption name UCI_Variant value desert-dust\nposition startpos\ngo depth 2\nquit\nEND");
  EXPECT_EQ(r.exitCode, 0) << r.output;
  for (const char* line : {"id name Tessera\n", "var chameleon-redux-4p var tiled-squares", "uciok\n", "readyok\n", "bestmove "})
    EXPECT_NE(r.output.find(line), std::string::npos) << line << r.output;
  // The variant chosen was played: the answer is one of Desert Dust's 90 actions from its start.
  const std::size_t at = r.output.find("bestmove ");
  ASSERT_NE(at, std::string::npos) << r.output;
  const std::string best = r.output.substr(at + 9, r.output.find('\n', at) - at - 9);
  const ProgramRun divide = runTessera("perft --variant desert-dust --depth 1 --divide");
  EXPECT_NE(("\n" + divide.output).find("\n" + best + ": 1\n"), std::string::npos) << best << "\n" << divide.output;
}

TEST(CliTune, PrintsEveryTrialAndTheWeightsItEndsWith) {
  const ProgramRun r = runTessera("tune --variant shifting-chess --games 2 --nodes 200");
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("mobility 2 -> 3: "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("shelter 8 -> "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("tuned: mobility="), std::string::npos) << r.output;
  expectRefused("tune --variant chess --games 1", "--games must be between 2 and 100000, got 1");  // one pair at least
}

TEST(CliTune, TriesOnlyTheWeightsNamedAndAWeightAtZeroAtAStepOfItsOwnSize) {
  const ProgramRun r = runTessera("tune --variant shifting-chess --games 2 --nodes 200 --weights sector");
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("sector 0 -> 10: "), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("mobility 2 ->"), std::string::npos) << "only the weight named" << r.output;
  expectRefused("tune --variant chess --weights sector",
                "--weights: 'sector' is not an evaluation weight of chess (mobility, shelter, pawnStep, flankPawnStep, kingHome, passed)");
  expectRefused("tune --variant chess --weights mobility,,shelter", "--weights: an empty name in 'mobility,,shelter'");
  expectRefused("tune --variant chess --weights shelter,", "--weights: an empty name in 'shelter,'");
  expectRefused("tune --variant chess --weights=", "--weights: no weight named");
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
  const ScratchFolder scratch("demo");
  const std::string out = scratch.path + "/demo-out";
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

  // Audit 2026-11-28: a record with no result at its end passed.
  const std::string open = ::testing::TempDir() + "/open-ended.pgn";
  std::ofstream(open) << "[Variant \"chess\"]\n\n1. e4 e5 2. Nf3\n";
  const ProgramRun unclosed = runTessera("pgn --check " + open);
  EXPECT_EQ(unclosed.exitCode, 1) << unclosed.output;
  EXPECT_NE(unclosed.output.find(open + ": no result closes the movetext (PGN ends each game with one: 1-0, 0-1, 1/2-1/2 or *"),
            std::string::npos)
      << unclosed.output;

  expectRefused("pgn", "give --check FILE or --journal FILE");
  expectRefused("pgn --check /nonexistent.pgn", "cannot read '/nonexistent.pgn'");
}

TEST(CliPgn, BytesThatAreNoTextAreNamedInTheMessageNotPrinted) {
  // A NUL used to end the message where it stood ("action 1 (1. "), and a byte that is no UTF-8
  // reached the terminal as it was.
  const std::string spoilt = ::testing::TempDir() + "/spoilt.pgn";
  const char record[] = "1. e4 e\0\xff" "5 *\n";
  std::ofstream(spoilt, std::ios::binary) << std::string(record, sizeof record - 1);
  const ProgramRun r = runTessera("pgn --check " + spoilt);
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_NE(r.output.find("line 1, action 2 (1... e\\x00\\xFF5, Black to act): move text 'e\\x00\\xFF5' has an "
                          "unexpected character '\\x00'"),
            std::string::npos)
      << r.output;
  EXPECT_EQ(r.output.find('\0'), std::string::npos);
  EXPECT_EQ(r.output.find('\xff'), std::string::npos);
  // The position string is read byte by byte: the first byte of a '♔' is named.
  expectRefused("analyze --position '♔'", "character 1: unexpected '\\xE2' in the placement");
}

// Audit 2026-11-28: a file of several games was read as one, so a bad action in game 2 passed and
// a Desert Dust game after a chess game was blamed on the chess game's first action.
TEST(CliPgn, ChecksEveryGameOfAFileAndNamesEachBadOne) {
  const std::string games = ::testing::TempDir() + "/games.pgn";
  std::ofstream(games) << "[Event \"1\"]\n[Variant \"chess\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n"  // lines 1-5
                          "[Event \"2\"]\n[Variant \"chess\"]\n\n1. c4 Nh6 2. f4 Nc6 3. Kz9 Qq0 *\n\n"  // lines 6-10
                          "[Event \"3\"]\n[Variant \"desert-dust\"]\n\n1. Jh6 Ok8 2. Sc5 Ak6 *\n\n"      // lines 11-15
                          "[Event \"4\"]\n[Variant \"chess\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n";          // lines 16-19
  const ProgramRun r = runTessera("pgn --check " + games);
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_NE(r.output.find(games + ": game 1 (from line 1): chess, 4 actions replayed, all legal\n"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(games + ": game 2 (from line 6), line 9, action 5 (3. Kz9, White to act): "), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find(games + ": game 3 (from line 11): desert-dust, 4 actions replayed, all legal\n"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find(games + ": game 4 (from line 16), line 19: the record gives the result 1-0"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find(games + ": 4 games, 2 bad: games 2, 4\n"), std::string::npos) << r.output;
}

TEST(CliPgn, AFileWithNoGameOrAFolderIsNoGoodRecord) {
  const ScratchFolder folder("no-game");
  for (const char* text : {"", "[Event \"?\"]\n[Result \"*\"]\n[Variant \"chess\"]\n\n"}) {
    std::ofstream(folder.path + "/empty.pgn") << text;
    const ProgramRun r = runTessera("pgn --check " + folder.path + "/empty.pgn");
    EXPECT_EQ(r.exitCode, 1) << r.output;
    EXPECT_EQ(r.output, "no game record in " + folder.path + "/empty.pgn\n");
  }
  const ProgramRun r = runTessera("pgn --check " + folder.path);
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_EQ(r.output, folder.path + " is a directory, not a game record\n");
}

TEST(CliPgn, AHugeBadWordIsQuotedShort) {
  const ScratchFolder folder("huge-word");
  std::ofstream(folder.path + "/huge.pgn") << "[Variant \"chess\"]\n\n1. c4 " << std::string(20'000'000, 'a') << " Nh6 *\n";
  const ProgramRun r = runTessera("pgn --check " + folder.path + "/huge.pgn");
  EXPECT_EQ(r.exitCode, 1) << r.output.substr(0, 500);
  EXPECT_LT(r.output.size(), 300u) << r.output.substr(0, 500);
  EXPECT_NE(r.output.find("(1... " + std::string(60, 'a') + "..., Black to act)"), std::string::npos) << r.output.substr(0, 500);
}

TEST(CliPgn, OutGoesOnlyWithJournal) {
  const ScratchFolder folder("check-out");
  std::ofstream(folder.path + "/game.pgn") << "1. e4 *\n";
  expectRefused("pgn --check " + folder.path + "/game.pgn --out " + folder.path + "/x.pgn",
                "--out goes with --journal; --check writes nothing");
  EXPECT_FALSE(std::filesystem::exists(folder.path + "/x.pgn"));
}
