// `tessera play --screen` on a virtual X screen (Xvfb, which keeps its framebuffer in a file):
// the full-screen window shows the board, with the last action framed, while a game is refereed.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "core/position_text.hpp"
#include "hardware/display/board_palette.hpp"
#include "tests/camera/distinct_play.hpp"
#include "tests/support/scene_game.hpp"

namespace tessera {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

std::string readFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

std::uint32_t bigEndian(const std::string& data, std::size_t at) {
  return static_cast<std::uint32_t>(static_cast<unsigned char>(data[at])) << 24 |
         static_cast<std::uint32_t>(static_cast<unsigned char>(data[at + 1])) << 16 |
         static_cast<std::uint32_t>(static_cast<unsigned char>(data[at + 2])) << 8 |
         static_cast<std::uint32_t>(static_cast<unsigned char>(data[at + 3]));
}

// Xvfb's framebuffer file is an XWD image: a big-endian header, a colour map, then the pixels
// (32 bits each here, blue first).
cv::Mat readXwd(const std::string& data) {
  if (data.size() < 100) return {};
  const std::uint32_t headerSize = bigEndian(data, 0);
  const int width = static_cast<int>(bigEndian(data, 16)), height = static_cast<int>(bigEndian(data, 20));
  const std::uint32_t bitsPerPixel = bigEndian(data, 44), bytesPerLine = bigEndian(data, 48);
  const std::uint32_t colours = bigEndian(data, 76);
  const std::size_t pixels = headerSize + colours * 12;
  if (bitsPerPixel != 32 || data.size() < pixels + static_cast<std::size_t>(bytesPerLine) * height) return {};
  cv::Mat bgra(height, width, CV_8UC4, const_cast<char*>(data.data() + pixels), bytesPerLine);
  cv::Mat bgr;
  cv::cvtColor(bgra, bgr, cv::COLOR_BGRA2BGR);
  return bgr;
}

int pixelsNear(const cv::Mat& img, const cv::Scalar& colour, int tolerance = 12) {
  cv::Mat mask;
  const cv::Scalar t(tolerance, tolerance, tolerance);
  cv::inRange(img, colour - t, colour + t, mask);
  return cv::countNonZero(mask);
}

TEST(ScreenWindow, ShowsTheBoardFullScreenWhileTheGameIsRefereed) {
  if (::access("/usr/bin/Xvfb", X_OK) != 0) GTEST_SKIP() << "no Xvfb (scripts/setup.sh installs it)";
  const fs::path dir = fs::temp_directory_path() / ("tessera-screen-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "frames");
  const Variant& variant = builtinVariant("chess");
  std::mt19937 rng(23);
  Position pos = startPosition(variant);
  const std::vector<Move> script = scene::playDistinctly(pos, 2, rng);
  scene::SceneRenderer renderer(variant, scene::randomStyle(rng, {800, 600}, scene::sheetCells(variant), false), 23);
  int n = 0;
  scene::filmGame(renderer, startPosition(variant), script, {}, [&](const cv::Mat& image, double) {
    char name[32];
    std::snprintf(name, sizeof name, "frame-%05d.jpg", n++);
    cv::imwrite((dir / "frames" / name).string(), image);
  });

  const std::string display = ":" + std::to_string(50 + ::getpid() % 200);
  const pid_t xvfb = ::fork();
  if (xvfb == 0) {
    const int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, 1);
    ::dup2(null, 2);
    ::execl("/usr/bin/Xvfb", "Xvfb", display.c_str(), "-screen", "0", "800x900x24", "-fbdir", dir.c_str(),
            "-nolisten", "tcp", static_cast<char*>(nullptr));
    ::_exit(127);
  }
  const fs::path socket = "/tmp/.X11-unix/X" + display.substr(1);
  for (int i = 0; i < 100 && !fs::exists(socket); ++i) std::this_thread::sleep_for(50ms);
  ASSERT_TRUE(fs::exists(socket));

  const fs::path log = dir / "play.log";
  const pid_t play = ::fork();
  if (play == 0) {
    const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(fd, 1);
    ::dup2(fd, 2);
    ::setenv("DISPLAY", display.c_str(), 1);
    ::execl(TESSERA_BINARY, TESSERA_BINARY, "play", "--variant", "chess", "--input",
            ("frames:" + (dir / "frames").string()).c_str(), "--screen", "--linger", "3",
            static_cast<char*>(nullptr));
    ::_exit(127);
  }
  for (int i = 0; i < 400 && readFile(log).find("recording ended") == std::string::npos; ++i)
    std::this_thread::sleep_for(50ms);
  std::this_thread::sleep_for(500ms);  // the window is drawn
  const cv::Mat screen = readXwd(readFile(dir / "Xvfb_screen0"));
  int status = 0;
  ::waitpid(play, &status, 0);
  ::kill(xvfb, SIGTERM);
  ::waitpid(xvfb, nullptr, 0);

  ASSERT_FALSE(screen.empty()) << "could not read the framebuffer";
  cv::imwrite((dir / "screen.png").string(), screen);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << readFile(log);
  EXPECT_NE(readFile(log).find("action: 1... "), std::string::npos) << readFile(log);
  EXPECT_GT(pixelsNear(screen, display::surfaceColour(Surface::LightSquare)), 20000) << "the board fills the screen";
  EXPECT_GT(pixelsNear(screen, display::kLastAction), 300) << "the last action is framed";
  fs::remove_all(dir);
}

}  // namespace
}  // namespace tessera
