// A long replayed game under trouble: camera frames failing and coming back, a page's WebSocket
// connecting and dropping in a loop, and the process killed (SIGKILL) mid-game and started again
// on the board as it then stands. The final record equals the scripted game.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include <opencv2/imgcodecs.hpp>

#include "core/record/pgn.hpp"
#include "core/rules/game.hpp"
#include "core/rules/position_text.hpp"
#include "hardware/camera/simulation/distinct_play.hpp"
#include "hardware/camera/simulation/scene_game.hpp"
#include "host/record/game_journal.hpp"
#include "tests/host/tessera_program.hpp"

namespace tessera {
namespace {

namespace fs = std::filesystem;
using tcp = boost::asio::ip::tcp;

constexpr int kStill = 14, kHand = 7;  // frames per stillness and per hand (scene::FilmOptions)

pid_t startPlay(const std::vector<std::string>& args, const fs::path& log) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    ::dup2(fd, 1);
    ::dup2(fd, 2);
    std::vector<std::string> playArgs{"play"};
    playArgs.insert(playArgs.end(), args.begin(), args.end());
    tessera::testing::execTessera(playArgs);
    ::_exit(127);
  }
  return pid;
}

// Connects a page to the web port and drops it at once, again and again, until told to stop.
void pageChurn(unsigned short port, const std::atomic<bool>& stop, std::atomic<int>& connected) {
  while (!stop) {
    try {
      boost::asio::io_context io;
      boost::beast::websocket::stream<tcp::socket> ws(io);
      ws.next_layer().connect(tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port));
      ws.handshake("localhost", "/ws");
      boost::beast::flat_buffer buffer;
      ws.read(buffer);
      ++connected;
      ws.next_layer().close();
    } catch (const std::exception&) {
      // Not listening (yet, or any more): try again.
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

unsigned short freePort() {
  boost::asio::io_context io;
  tcp::acceptor a(io, tcp::endpoint(tcp::v4(), 0));
  return a.local_endpoint().port();
}

TEST(Soak, ALongGameSurvivesCameraDropoutsPageChurnAndAKill) {
  const Variant& variant = builtinVariant("chess");
  const fs::path dir = fs::temp_directory_path() / ("tessera-soak-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "all");
  std::mt19937 rng(23);
  Position pos = startPosition(variant);
  const std::vector<Move> script = scene::playDistinctly(pos, 30, rng);
  Game played(variant);
  for (const Move& m : script) played.play(m);
  scene::SceneRenderer renderer(variant, scene::randomStyle(rng, {800, 600}, scene::sheetCells(variant), false), 23);
  int frames = 0;
  scene::filmGame(renderer, startPosition(variant), script, {}, [&](const cv::Mat& image, double) {
    char name[40];
    std::snprintf(name, sizeof name, "frame-%05d.jpg", frames);
    cv::imwrite((dir / "all" / name).string(), image, {cv::IMWRITE_JPEG_QUALITY, 90});
    // Every 50th frame the camera fails: a torn file where a frame should follow.
    if (++frames % 50 == 0) std::ofstream(dir / "all" / (std::string(name) + "-torn.jpg")) << "broken";
  });

  const fs::path journal = dir / "game.journal", pgn = dir / "game.pgn", log = dir / "play.log";
  const unsigned short port = freePort();
  std::atomic<bool> stop{false};
  std::atomic<int> pages{0};
  std::thread churn(pageChurn, port, std::cref(stop), std::ref(pages));
  const auto args = [&](const fs::path& frameDir) {
    return std::vector<std::string>{"--variant", "chess", "--input", "frames:" + frameDir.string(), "--journal",
                                    journal.string(), "--pgn", pgn.string(), "--http", std::to_string(port)};
  };
  // First run: killed without warning once a third of the game is on the journal.
  const pid_t first = startPlay(args(dir / "all"), log);
  const auto journaled = [&] {
    std::ifstream j(journal);
    const std::string text((std::istreambuf_iterator<char>(j)), std::istreambuf_iterator<char>());
    int n = 0;
    for (std::size_t at = text.find("\naction "); at != std::string::npos; at = text.find("\naction ", at + 1)) ++n;
    return n;
  };
  for (int i = 0; i < 3000 && journaled() < static_cast<int>(script.size()) / 3; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  ::kill(first, SIGKILL);
  int status = 0;
  ::waitpid(first, &status, 0);
  const std::size_t recorded = GameJournal::recover(journal.string()).game->actions().size();
  EXPECT_GT(recorded, 0u);
  EXPECT_LT(recorded, script.size()) << "the kill came too late to test the restart";

  // The camera, back after the restart, sees the board as it stands: from the stillness after the
  // last recorded action on.
  const int resumeAt = kStill + static_cast<int>(recorded) * (kHand + kStill) - kStill / 2;
  fs::create_directories(dir / "rest");
  for (const auto& entry : fs::directory_iterator(dir / "all")) {
    const int index = std::stoi(entry.path().filename().string().substr(6, 5));
    if (index >= resumeAt) fs::copy_file(entry.path(), dir / "rest" / entry.path().filename());
  }
  const std::vector<std::string> second = args(dir / "rest");
  const pid_t again = startPlay(second, log);
  ::waitpid(again, &status, 0);
  stop = true;
  churn.join();
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);

  std::ifstream in(pgn);
  const std::string record((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::ifstream logIn(log);
  const std::string logText((std::istreambuf_iterator<char>(logIn)), std::istreambuf_iterator<char>());
  EXPECT_EQ(record, writePgn(played)) << logText;
  EXPECT_NE(logText.find("resumed from"), std::string::npos);
  EXPECT_NE(logText.find("camera: cannot read image"), std::string::npos) << logText;
  EXPECT_GT(pages.load(), 5) << "pages connected and dropped while the game went on";
  fs::remove_all(dir);
}

}  // namespace
}  // namespace tessera

namespace tessera {
namespace {

TEST(Robustness, AMissingCameraIsReportedWhileThePageIsServedAndTheProgramStopsCleanly) {
  const fs::path dir = fs::temp_directory_path() / ("tessera-nocam-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const unsigned short port = freePort();
  const pid_t pid = startPlay({"--variant", "chess", "--input", "camera:/dev/video97", "--http", std::to_string(port),
                               "--journal", (dir / "game.journal").string()},
                              dir / "play.log");
  std::atomic<bool> stop{false};
  std::atomic<int> pages{0};
  std::thread churn(pageChurn, port, std::cref(stop), std::ref(pages));
  for (int i = 0; i < 200 && pages < 3; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  stop = true;
  churn.join();
  EXPECT_GE(pages.load(), 3) << "the page is served without a camera";
  ::kill(pid, SIGTERM);
  int status = 0;
  ::waitpid(pid, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  std::ifstream in(dir / "play.log");
  const std::string log((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(log.find("camera: "), std::string::npos) << log;
  EXPECT_NE(log.find("/dev/video97"), std::string::npos) << log;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace tessera
