// `tessera play --input link:PORT` with the board firmware on the far end of a pseudo-terminal
// (tests/link/simulated_board.*): pieces moved on the switch board become the record, a capture
// is confirmed by the second reading, a lifted piece lights its destinations on the LEDs, and an
// action the board cannot see (the engine's Tile drop) is carried out and confirmed from the page.
#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <thread>

#include "simulated_board.hpp"
#include "tests/host/record_moves.hpp"
#include "tests/host/tessera_program.hpp"

namespace tessera {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

std::string readFile(const fs::path& p) {
  std::ifstream in(p);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

bool waitUntil(const std::function<bool()>& done, std::chrono::milliseconds limit = 5000ms) {
  const auto end = std::chrono::steady_clock::now() + limit;
  while (!done()) {
    if (std::chrono::steady_clock::now() > end) return false;
    std::this_thread::sleep_for(20ms);
  }
  return true;
}

fs::path freshFolder(const std::string& prefix) {
  const fs::path dir = fs::temp_directory_path() / (prefix + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// The pieces of an 8x8 game's start, as a board that senses occupancy reads them.
void setUpTheFirstAndLastTwoRanks(testing::SimulatedBoard& board) {
  for (int file = 0; file < 8; ++file)
    for (int rank : {0, 1, 6, 7}) board.setOccupied(file, rank, true);
}

// `tessera play ARGS` in a child process, its output in `log`.
pid_t startTessera(const std::vector<std::string>& args, const fs::path& log) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(fd, 1);
    ::dup2(fd, 2);
    // The program must not hold the simulated board's pty open: unplugging closes it.
    for (int other = 3; other < 1024; ++other) ::close(other);
    tessera::testing::execTessera(args);
    ::_exit(127);
  }
  return pid;
}

TEST(PlayOverTheLink, RefereesMovesOnTheSwitchBoardAndLightsTheLeds) {
  const fs::path dir = freshFolder("tessera-linkplay-");
  testing::SimulatedBoard board(dir / "board-tty", tessera::testing::quickBoardConfig());
  setUpTheFirstAndLastTwoRanks(board);

  const fs::path pgn = dir / "game.pgn", log = dir / "play.log";
  const pid_t pid = startTessera({"play", "--variant", "chess", "--input", "link:" + board.devicePath(), "--pgn", pgn.string()}, log);
  const auto recordHas = [&](const std::string& text) {
    return waitUntil([&] {
      const std::string record = readFile(pgn);
      try {
        return movesOfRecord(record) == text;
      } catch (const std::exception&) {
        return false;  // not written yet
      }
    });
  };
  const auto move = [&](int f1, int r1, int f2, int r2) {
    board.setOccupied(f1, r1, false);
    std::this_thread::sleep_for(100ms);
    board.setOccupied(f2, r2, true);
  };
  EXPECT_TRUE(waitUntil([&] { return readFile(log).find("link: ") != std::string::npos && fs::exists(pgn); }));
  std::this_thread::sleep_for(300ms);
  move(4, 1, 4, 3);  // e4
  EXPECT_TRUE(recordHas("1. e4 *")) << readFile(log);
  move(3, 6, 3, 4);  // d5
  EXPECT_TRUE(recordHas("1. e4 d5 *")) << readFile(log);
  board.setOccupied(4, 3, false);  // exd5: the capturer leaves e4; d5 stays occupied
  EXPECT_TRUE(recordHas("1. e4 d5 2. exd5 *")) << readFile(log);

  // The cable is pulled and plugged back in (the firmware reboots); the game goes on.
  board.unplug();
  std::this_thread::sleep_for(400ms);
  board.plugIn();
  EXPECT_TRUE(waitUntil([&] {
    const std::string text = readFile(log);
    const std::size_t lost = text.find("lost");
    return lost != std::string::npos && text.find("protocol version", lost) != std::string::npos;
  })) << readFile(log);
  std::this_thread::sleep_for(300ms);
  move(6, 7, 5, 5);  // Nf6
  EXPECT_TRUE(recordHas("1. e4 d5 2. exd5 Nf6 *")) << readFile(log);

  // White lifts the b1 Knight: a3 and c3 light up green (GRB order on the chain).
  const std::size_t framesBefore = board.ledFramesShown().size();
  board.setOccupied(1, 0, false);
  const auto green = [](const std::vector<std::uint8_t>& frame, int file, int rank) {
    const std::size_t at = static_cast<std::size_t>((rank * 8 + file) * 3);
    return frame.size() > at + 2 && frame[at] == 255 && frame[at + 1] == 0 && frame[at + 2] == 0;
  };
  EXPECT_TRUE(waitUntil([&] {
    const auto shown = board.ledFramesShown();
    return shown.size() > framesBefore && green(shown.back(), 0, 2) && green(shown.back(), 2, 2);
  })) << readFile(log);
  const auto shown = board.ledFramesShown();
  if (!shown.empty()) {
    EXPECT_FALSE(green(shown.back(), 1, 2)) << "b3 is no Knight move";
  }

  ::kill(pid, SIGTERM);
  int status = 0;
  ::waitpid(pid, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << readFile(log);
  fs::remove_all(dir);
}


// One HTTP request to the page's port; the reply, read until the server closes.
std::string httpExchange(int port, const std::string& request) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  std::string reply;
  if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
      ::write(fd, request.data(), request.size()) == static_cast<ssize_t>(request.size())) {
    char buffer[512];
    for (ssize_t n; (n = ::read(fd, buffer, sizeof buffer)) > 0;) reply.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return reply;
}

std::string post(int port, const std::string& target, const std::string& body, const std::string& extraHeaders = "") {
  return httpExchange(port, "POST " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) + "\r\n" + extraHeaders +
                            "Content-Length: " + std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body);
}

// A button of the web page pressed on a phone paired with the code the program printed (issue 72):
// `command` posted to the page's /command with the phone's token.
void pressButton(int port, const std::string& log, const std::string& command) {
  std::smatch code, token;
  ASSERT_TRUE(std::regex_search(log, code, std::regex("pairing code: (\\d{6})"))) << log;
  const std::string paired = post(port, "/pair", code[1]);
  ASSERT_TRUE(std::regex_search(paired, token, std::regex("\"token\":\"([0-9a-f]+)\""))) << paired;
  const std::string reply = post(port, "/command", command, "Authorization: Bearer " + token[1].str() + "\r\n");
  EXPECT_EQ(reply.rfind("HTTP/1.1 200 OK\r\n", 0), 0u) << reply;
}

// Found by an audit of playing against the engine (2026-11-29): the board cannot see a Tile, so
// the engine's Tile drop was announced and never accepted, and the game stood still for ever.
TEST(PlayOverTheLink, TheEnginesTileDropIsCarriedOutAndConfirmed) {
  const fs::path dir = freshFolder("tessera-linktiles-");
  testing::SimulatedBoard board(dir / "board-tty", tessera::testing::quickBoardConfig());
  setUpTheFirstAndLastTwoRanks(board);
  const fs::path pgn = dir / "game.pgn", log = dir / "play.log";
  const pid_t pid = startTessera({"play", "--variant", "tiled-squares", "--input", "link:" + board.devicePath(), "--mode",
                                  "engine", "--engine-side", "white", "--engine-ms", "50", "--http", "0", "--pgn", pgn.string()},
                                 log);
  std::smatch announced;
  const std::regex announcement("engine: the engine plays 1\\. (\\S+): put a[^\\n]*, then confirm");
  std::string text;
  EXPECT_TRUE(waitUntil([&] {
    text = readFile(log);
    return std::regex_search(text, announced, announcement);
  })) << text;
  EXPECT_NE(text.find("message: the board's sensors see the pieces, not Tiles and Anti-Tiles"), std::string::npos) << text;
  std::smatch page;
  if (announced.size() == 2 && std::regex_search(text, page, std::regex("web page: http://localhost:(\\d+)/"))) {
    const std::string action = announced[1];
    pressButton(std::stoi(page[1]), text, "confirm");
    EXPECT_TRUE(waitUntil([&] {
      try {
        return movesOfRecord(readFile(pgn)) == "1. " + action + " *";
      } catch (const std::exception&) {
        return false;
      }
    })) << readFile(log);
  }
  ::kill(pid, SIGTERM);
  int status = 0;
  ::waitpid(pid, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << readFile(log);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace tessera
