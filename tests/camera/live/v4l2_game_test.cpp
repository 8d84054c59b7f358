// `tessera play` reading a whole game from a real V4L2 device, the kernel's vivid driver, whose output
// is looped to its capture node and shown the frames of a filmed game; half way through the device
// is unplugged (its driver unbound, the nodes gone while tessera holds them open) and plugged back in.
// The game must go on where it was and its record be the game filmed. Runs where vivid is loaded:
// scripts/test-camera-vm.sh, in the project's VM; skipped elsewhere.
#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <cstdlib>
#include <sstream>
#include <thread>

#include "core/record/pgn.hpp"
#include "core/rules/game.hpp"
#include "tests/camera/live/game_film.hpp"
#include "tests/camera/live/platform_device.hpp"
#include "tests/camera/live/running_tessera.hpp"
#include "tests/camera/live/vivid_screen.hpp"

namespace tessera::testing {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

// The actions the record at `path` holds so far (none while it is not there or half written).
std::vector<Move> recordedActions(const std::string& path) {
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  try {
    const PgnGame read = readPgn(text.str());
    return read.game ? read.game->actions() : std::vector<Move>{};
  } catch (const std::exception&) {
    return {};
  }
}

bool waitForActions(const std::string& pgn, std::size_t count, std::chrono::seconds timeout) {
  const auto end = Clock::now() + timeout;
  while (Clock::now() < end) {
    if (recordedActions(pgn).size() >= count) return true;
    std::this_thread::sleep_for(200ms);
  }
  return false;
}

// Shows the frames on the screen, each for `slowdown` times as long as it was filmed for: the VM
// emulates its CPU, and tessera reads a frame there in a good part of a second, where a Pi takes a
// few milliseconds; the stabiliser must still see each still board for half a second, twice.
void show(const std::vector<FilmFrame>& frames, VividScreen& screen, double slowdown) {
  const auto began = Clock::now();
  for (const FilmFrame& frame : frames) {
    const std::chrono::duration<double> due(frame.seconds * slowdown);
    std::this_thread::sleep_until(began + std::chrono::duration_cast<Clock::duration>(due));
    ASSERT_TRUE(screen.show(frame.image)) << "a frame could not be shown: " << screen.problem();
  }
}

TEST(V4l2Camera, AWholeGameIsReadFromTheDeviceThroughAnUnplug) {
  if (!platformDeviceExists("vivid.0"))
    GTEST_SKIP() << "no vivid device: scripts/test-camera-vm.sh runs this test in a VM that loads it";
  const auto nodes = findVividNodes();
  ASSERT_TRUE(nodes) << "vivid is loaded but has no capture and output node";

  const std::string folder = "/tmp/tessera-v4l2-game-" + std::to_string(::getpid());
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  const std::string pgn = folder + "/game.pgn";

  auto screen = std::make_unique<VividScreen>(*nodes);
  // scripts/test-camera-vm.sh draws the film before the VM boots; without it, it is drawn here.
  const char* filmFile = std::getenv("TESSERA_LIVE_FILM");
  const GameFilm film = filmFile ? readGameFilm(filmFile) : makeGameFilm(screen->size());
  ASSERT_EQ(film.script.size(), 10u);
  ASSERT_EQ(film.firstHalf.front().image.size(), screen->size());
  const std::vector<FilmFrame>& before = film.firstHalf;
  const std::vector<FilmFrame>& after = film.secondHalf;
  const char* slowdownText = std::getenv("TESSERA_LIVE_SLOWDOWN");
  const double slowdown = slowdownText ? std::atof(slowdownText) : 1.0;

  ASSERT_TRUE(screen->show(before.front().image)) << screen->problem();
  RunningTessera play({"play", "--variant", "chess", "--input", "camera:" + nodes->capture, "--pgn", pgn, "--journal",
                       folder + "/game.journal"});
  show(before, *screen, slowdown);
  ASSERT_TRUE(waitForActions(pgn, film.firstHalfActions, 180s)) << "the first half was not read:\n" << play.output();

  // The cable pulled while tessera is reading: its nodes go, tessera says so and waits.
  ASSERT_TRUE(unplugPlatformDevice("vivid", "vivid.0"));
  screen.reset();
  const std::string gone = "camera: " + nodes->capture + " does not exist (camera unplugged?); retrying every 2 s";
  EXPECT_TRUE(play.waitFor(gone, 60s)) << play.output();
  const std::size_t whileGone = play.output().size();
  std::this_thread::sleep_for(5s);  // two retries
  EXPECT_EQ(play.output().size(), whileGone) << "the same problem was logged again:\n" << play.output();

  ASSERT_TRUE(plugPlatformDevice("vivid", "vivid.0"));
  std::optional<VividNodes> back;
  for (const auto end = Clock::now() + 20s; !back && Clock::now() < end; std::this_thread::sleep_for(100ms))
    back = findVividNodes();
  ASSERT_TRUE(back) << "vivid's nodes did not come back";
  EXPECT_EQ(back->capture, nodes->capture);
  screen = std::make_unique<VividScreen>(*back);
  show(after, *screen, slowdown);
  EXPECT_TRUE(waitForActions(pgn, film.script.size(), 180s)) << play.output();
  EXPECT_TRUE(play.waitFor("camera: frames again", 1s, whileGone)) << play.output();

  EXPECT_EQ(play.stop(), 0) << play.output();
  EXPECT_EQ(recordedActions(pgn), film.script) << play.output();
  std::printf("%s", play.output().c_str());
  std::filesystem::remove_all(folder);
}

}  // namespace
}  // namespace tessera::testing
