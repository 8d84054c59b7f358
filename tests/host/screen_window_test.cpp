// `tessera play --screen` on a virtual X screen (Xvfb, which keeps its framebuffer in a file):
// the full-screen window shows the board, with the last action framed, while a game is refereed;
// keys and touches on it reach the game.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "core/rules/position_text.hpp"
#include "hardware/camera/simulation/distinct_play.hpp"
#include "hardware/camera/simulation/scene_game.hpp"
#include "host/views/display/board_layout_px.hpp"
#include "host/views/display/board_palette.hpp"
#include "host/views/screen_view.hpp"
#include "tests/host/tessera_program.hpp"
#include "tests/host/virtual_screen.hpp"

namespace tessera {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using testing::VirtualScreen;

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

// A recorded game of `plies` actions (chess unless told), as camera frames in `dir`/frames.
void filmGame(const fs::path& dir, int plies, const char* variantName = "chess") {
  fs::remove_all(dir);
  fs::create_directories(dir / "frames");
  const Variant& variant = builtinVariant(variantName);
  std::mt19937 rng(23);
  Position pos = startPosition(variant);
  const std::vector<Move> script = scene::playDistinctly(pos, plies, rng);
  scene::SceneRenderer renderer(variant, scene::randomStyle(rng, {800, 600}, scene::sheetCells(variant), false), 23);
  int n = 0;
  scene::filmGame(renderer, startPosition(variant), script, {}, [&](const cv::Mat& image, double) {
    char name[32];
    std::snprintf(name, sizeof name, "frame-%05d.jpg", n++);
    cv::imwrite((dir / "frames" / name).string(), image);
  });
}

// `tessera play --screen` over the recording in `dir`/frames, its output in `dir`/play.log; the
// screen 800x900 and the game chess unless told.
pid_t startPlay(const fs::path& dir, const std::string& display, const char* linger, const std::vector<std::string>& more = {},
                const char* variant = "chess", const char* screenSize = "800x900") {
  const fs::path log = dir / "play.log";
  const pid_t play = ::fork();
  if (play == 0) {
    const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(fd, 1);
    ::dup2(fd, 2);
    ::setenv("DISPLAY", display.c_str(), 1);
    std::vector<std::string> args{"play", "--variant", variant, "--input", "frames:" + (dir / "frames").string(), "--screen",
                                  "--screen-size", screenSize, "--screen-inches", "15.6", "--linger", linger};
    args.insert(args.end(), more.begin(), more.end());
    tessera::testing::execTessera(args);
    ::_exit(127);
  }
  return play;
}

bool waitForLog(const fs::path& dir, const std::string& text, std::chrono::milliseconds timeout = 20s) {
  for (auto waited = 0ms; waited < timeout; waited += 50ms) {
    if (readFile(dir / "play.log").find(text) != std::string::npos) return true;
    std::this_thread::sleep_for(50ms);
  }
  return false;
}

// Presses `key` on the virtual screen as a keyboard would (XTEST), over the full-screen window.
int pressKey(const std::string& display, const std::string& key) {
  const std::string command = "DISPLAY=" + display + " xdotool mousemove 400 400 key " + key + " >/dev/null 2>&1";
  return std::system(command.c_str());
}

// Touches the screen at `at` (a finger on a touch screen is a left click to the window).
int tap(const std::string& display, cv::Point at) {
  const std::string command = "DISPLAY=" + display + " xdotool mousemove " + std::to_string(at.x) + " " +
                              std::to_string(at.y) + " click 1 >/dev/null 2>&1";
  return std::system(command.c_str());
}

TEST(ScreenWindow, ShowsTheBoardFullScreenWhileTheGameIsRefereed) {
  if (::access("/usr/bin/Xvfb", X_OK) != 0) GTEST_SKIP() << "no Xvfb (scripts/setup-tests.sh installs it)";
  const fs::path dir = fs::temp_directory_path() / ("tessera-screen-" + std::to_string(::getpid()));
  filmGame(dir, 2);
  VirtualScreen screenServer(dir);
  ASSERT_TRUE(screenServer.ready());
  const pid_t play = startPlay(dir, screenServer.display, "3");
  waitForLog(dir, "recording ended");
  std::this_thread::sleep_for(500ms);  // the window is drawn
  const cv::Mat screen = readXwd(readFile(dir / "Xvfb_screen0"));
  int status = 0;
  ::waitpid(play, &status, 0);

  ASSERT_FALSE(screen.empty()) << "could not read the framebuffer";
  cv::imwrite((dir / "screen.png").string(), screen);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << readFile(dir / "play.log");
  EXPECT_NE(readFile(dir / "play.log").find("action: 1... "), std::string::npos) << readFile(dir / "play.log");
  EXPECT_GT(pixelsNear(screen, display::surfaceColour(Surface::LightSquare)), 20000) << "the board fills the screen";
  EXPECT_GT(pixelsNear(screen, display::kLastAction), 300) << "the last action is framed";
  fs::remove_all(dir);
}

TEST(ScreenWindow, KeysAskForAHintTakeBackAndQuitAndATouchShowsWhereAPieceCanGo) {
  if (::access("/usr/bin/Xvfb", X_OK) != 0) GTEST_SKIP() << "no Xvfb (scripts/setup-tests.sh installs it)";
  if (std::system("command -v xdotool >/dev/null") != 0) GTEST_SKIP() << "no xdotool (scripts/setup-tests.sh installs it)";
  const fs::path dir = fs::temp_directory_path() / ("tessera-keys-" + std::to_string(::getpid()));
  filmGame(dir, 2);
  VirtualScreen screenServer(dir);
  ASSERT_TRUE(screenServer.ready());
  const auto started = std::chrono::steady_clock::now();
  const pid_t play = startPlay(dir, screenServer.display, "60");
  ASSERT_TRUE(waitForLog(dir, "recording ended")) << readFile(dir / "play.log");
  std::this_thread::sleep_for(500ms);
  ASSERT_EQ(pressKey(screenServer.display, "h"), 0);
  EXPECT_TRUE(waitForLog(dir, "hint: suggested: 2. ")) << readFile(dir / "play.log");
  // The recording is 1. d4 g6: White to act, its g1 Knight can go to f3 and h3.
  const display::PixelLayout layout = display::fitLayout({8, 8}, {800, 900});
  // The full-screen window shows the image scaled to fit the 800x900 screen, its shape kept, centred.
  const cv::Size image = layout.imageSize();
  const double scale = std::min(800.0 / image.width, 900.0 / image.height);
  const auto onScreen = [&](cv::Point p) {
    return cv::Point(static_cast<int>((800 - image.width * scale) / 2 + p.x * scale),
                     static_cast<int>((900 - image.height * scale) / 2 + p.y * scale));
  };
  const cv::Point g1 = onScreen(layout.cellCentre(makeSquare(6, 0)));
  ASSERT_EQ(tap(screenServer.display, g1), 0);
  EXPECT_TRUE(waitForLog(dir, "message: White from g1: N")) << readFile(dir / "play.log");
  std::this_thread::sleep_for(300ms);  // drawn
  const cv::Mat shown = readXwd(readFile(dir / "Xvfb_screen0"));
  ASSERT_FALSE(shown.empty());
  cv::imwrite((dir / "g1-tapped.png").string(), shown);
  const cv::Vec3b h3 = shown.at<cv::Vec3b>(onScreen(layout.cellCentre(makeSquare(7, 2))));  // f3 may be under the hint's arrow
  EXPECT_LT(cv::norm(cv::Vec3d(h3[0], h3[1], h3[2]) - cv::Vec3d(display::kLegalTarget[0], display::kLegalTarget[1],
                                                                  display::kLegalTarget[2])), 40)
      << "h3's dot, at " << h3;
  ASSERT_EQ(tap(screenServer.display, onScreen({layout.margin / 2, layout.margin / 2})), 0);  // beside the board
  EXPECT_TRUE(waitForLog(dir, "message: actions from g1 hidden")) << readFile(dir / "play.log");
  // Take back: the Pawn still on g6 is to go back to g7.
  ASSERT_EQ(pressKey(screenServer.display, "t"), 0);
  EXPECT_TRUE(waitForLog(dir, "took back 1 action")) << readFile(dir / "play.log");
  EXPECT_TRUE(waitForLog(dir, "move the piece on g6 back to g7")) << readFile(dir / "play.log");
  ASSERT_EQ(pressKey(screenServer.display, "q"), 0);
  int status = 0;
  ::waitpid(play, &status, 0);
  const auto ran = std::chrono::steady_clock::now() - started;
  EXPECT_LT(ran, 50s) << "q ends the program before the 60 s linger";
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << readFile(dir / "play.log");
  EXPECT_NE(readFile(dir / "play.log").find("\n1 action;"), std::string::npos) << readFile(dir / "play.log");
  fs::remove_all(dir);
}

// The 7-inch Pi screen has no room for Desert Dust's move list and the legend of its 21 fairy
// pieces at once: the key l, or a touch on the panel, shows the legend in the move list's place for
// a few seconds (docs/display.md). Seen on the screen: the legend's figurines, drawn in White's
// colour in the panel's lower part, appear and go again.
TEST(ScreenWindow, KeyLOrATouchOnThePanelShowsTheLegendForAFewSeconds) {
  if (::access("/usr/bin/Xvfb", X_OK) != 0) GTEST_SKIP() << "no Xvfb (scripts/setup-tests.sh installs it)";
  if (std::system("command -v xdotool >/dev/null") != 0) GTEST_SKIP() << "no xdotool (scripts/setup-tests.sh installs it)";
  const fs::path dir = fs::temp_directory_path() / ("tessera-legend-" + std::to_string(::getpid()));
  filmGame(dir, 2, "desert-dust");
  VirtualScreen screenServer(dir);
  ASSERT_TRUE(screenServer.ready());
  const pid_t play = startPlay(dir, screenServer.display, "60", {}, "desert-dust", "800x480");
  ASSERT_TRUE(waitForLog(dir, "recording ended")) << readFile(dir / "play.log");
  std::this_thread::sleep_for(500ms);
  // The window is told its size (--screen-size 800x480): the image drawn for it at the screen's top left.
  const display::PixelLayout layout = display::fitLayout({12, 12}, {800, 480});
  const cv::Rect panel = layout.statusRect();
  const cv::Rect lower(panel.x, panel.y + panel.height / 2, panel.width, panel.height / 2);
  const auto whiteFigurines = [&] {
    const cv::Mat shown = readXwd(readFile(dir / "Xvfb_screen0"));
    return shown.empty() ? -1 : pixelsNear(shown(lower), display::pieceFill(0, 2), 6);
  };
  const int before = whiteFigurines();
  ASSERT_GE(before, 0) << "could not read the framebuffer";
  ASSERT_EQ(pressKey(screenServer.display, "l"), 0);
  std::this_thread::sleep_for(500ms);
  const int legend = whiteFigurines();
  EXPECT_GT(legend, before + 200) << "the legend's figurines in the panel after the key l (" << before << " before)";
  std::this_thread::sleep_for(std::chrono::seconds(views::ScreenView::kLegendSeconds));
  EXPECT_LT(whiteFigurines(), before + 100) << "the move list back after " << views::ScreenView::kLegendSeconds << " s";
  // A touch on the panel shows it again.
  ASSERT_EQ(tap(screenServer.display, {lower.x + lower.width / 2, lower.y + lower.height / 2}), 0);
  std::this_thread::sleep_for(500ms);
  EXPECT_GT(whiteFigurines(), before + 200) << "the legend after a touch on the panel";
  ASSERT_EQ(pressKey(screenServer.display, "q"), 0);
  int status = 0;
  ::waitpid(play, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << readFile(dir / "play.log");
  fs::remove_all(dir);
}

// What a QR code reader (zbarimg, as a phone's camera app) finds on the screen; "" when nothing.
std::string qrCodeOn(const cv::Mat& screen, const fs::path& file) {
  cv::imwrite(file.string(), screen);
  std::string text;
  if (FILE* reader = ::popen(("/usr/bin/zbarimg --raw -q " + file.string() + " 2>/dev/null").c_str(), "r")) {
    char buffer[256];
    while (std::fgets(buffer, sizeof buffer, reader)) text += buffer;
    ::pclose(reader);
  }
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

// Issue 72: with the web page served, the screen shows the pairing code and a QR code of the
// page's address with it, which a phone's reader reads; the key p makes a new code and the screen
// shows it.
TEST(ScreenWindow, ShowsThePairingCodeAndItsQrCodeAndKeyPMakesANewOne) {
  if (::access("/usr/bin/Xvfb", X_OK) != 0) GTEST_SKIP() << "no Xvfb (scripts/setup-tests.sh installs it)";
  if (std::system("command -v xdotool >/dev/null") != 0) GTEST_SKIP() << "no xdotool (scripts/setup-tests.sh installs it)";
  if (::access("/usr/bin/zbarimg", X_OK) != 0) GTEST_SKIP() << "no zbarimg (scripts/setup-tests.sh installs zbar-tools)";
  const fs::path dir = fs::temp_directory_path() / ("tessera-pairing-" + std::to_string(::getpid()));
  filmGame(dir, 2);
  VirtualScreen screenServer(dir);
  ASSERT_TRUE(screenServer.ready());
  const pid_t play = startPlay(dir, screenServer.display, "60", {"--http", "0"});
  ASSERT_TRUE(waitForLog(dir, "recording ended")) << readFile(dir / "play.log");
  std::this_thread::sleep_for(500ms);
  const auto codes = [&] {
    std::vector<std::string> found;
    const std::string log = readFile(dir / "play.log");
    for (std::size_t at = log.find("pairing code: "); at != std::string::npos; at = log.find("pairing code: ", at + 1))
      found.push_back(log.substr(at + 14, 6));
    return found;
  };
  const std::string log = readFile(dir / "play.log");
  const auto port = log.find("web page: http://localhost:");
  ASSERT_NE(port, std::string::npos) << log;
  const std::string address = "http://127.0.0.1:" + log.substr(port + 27, log.find('/', port + 27) - port - 27) + "/#pair=";
  ASSERT_EQ(codes().size(), 1u) << log;
  EXPECT_EQ(qrCodeOn(readXwd(readFile(dir / "Xvfb_screen0")), dir / "pairing.png"), address + codes()[0])
      << "the recording is served to this computer alone: 127.0.0.1";

  ASSERT_EQ(pressKey(screenServer.display, "p"), 0);
  for (int i = 0; i < 100 && codes().size() < 2; ++i) std::this_thread::sleep_for(50ms);
  ASSERT_EQ(codes().size(), 2u) << readFile(dir / "play.log");
  EXPECT_NE(codes()[1], codes()[0]);
  std::this_thread::sleep_for(300ms);  // drawn
  EXPECT_EQ(qrCodeOn(readXwd(readFile(dir / "Xvfb_screen0")), dir / "paired-again.png"), address + codes()[1]);
  ASSERT_EQ(pressKey(screenServer.display, "q"), 0);
  int status = 0;
  ::waitpid(play, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << readFile(dir / "play.log");
  fs::remove_all(dir);
}

}  // namespace
}  // namespace tessera
