// `tessera play --input link:PORT` with the board firmware on the far end of a pseudo-terminal
// (tests/link/simulated_board.*): pieces moved on the switch board become the record, a capture
// is confirmed by the second reading, and a lifted piece lights its destinations on the LEDs.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
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

TEST(PlayOverTheLink, RefereesMovesOnTheSwitchBoardAndLightsTheLeds) {
  const fs::path dir = fs::temp_directory_path() / ("tessera-linkplay-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  testing::SimulatedBoard board(dir / "board-tty", tessera::testing::quickBoardConfig());
  for (int file = 0; file < 8; ++file)
    for (int rank : {0, 1, 6, 7}) board.setOccupied(file, rank, true);

  const fs::path pgn = dir / "game.pgn", log = dir / "play.log";
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(fd, 1);
    ::dup2(fd, 2);
    // The program must not hold the simulated board's pty open: unplugging closes it.
    for (int other = 3; other < 1024; ++other) ::close(other);
    tessera::testing::execTessera({"play", "--variant", "chess", "--input", "link:" + board.devicePath(), "--pgn", pgn.string()});
    ::_exit(127);
  }
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

}  // namespace
}  // namespace tessera
