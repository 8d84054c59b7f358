// `tessera replay` over a folder of rendered frames of a scripted game writes the game's record.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <random>
#include <sstream>

#include <opencv2/imgcodecs.hpp>

#include "core/game.hpp"
#include "core/pgn.hpp"
#include "core/position_text.hpp"
#include "distinct_play.hpp"
#include "host/commands/commands.hpp"
#include "tests/support/scene_game.hpp"

namespace tessera::camera {
namespace {

TEST(ReplayCommand, WritesTheRecordOfAFilmedGame) {
  const Variant& variant = builtinVariant("tiled-squares");
  std::mt19937 rng(17);
  Position scriptPos = startPosition(variant);
  const std::vector<Move> script = scene::playDistinctly(scriptPos, 8, rng);
  Game played(variant);
  for (const Move& m : script) played.play(m);

  const auto dir = std::filesystem::temp_directory_path() / ("tessera-replay-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  scene::SceneRenderer renderer(variant, scene::randomStyle(rng, {800, 600}, scene::sheetCells(variant), false), 3);
  int n = 0;
  scene::filmGame(renderer, startPosition(variant), script, {}, [&](const cv::Mat& image, double) {
    char name[32];
    std::snprintf(name, sizeof name, "frame-%05d.jpg", n++);
    cv::imwrite((dir / name).string(), image, {cv::IMWRITE_JPEG_QUALITY, 90});
  });

  const auto commands = commands::allCommands();
  const auto replay = std::find_if(commands.begin(), commands.end(), [](const auto& c) { return c.name == "replay"; });
  ASSERT_NE(replay, commands.end());
  std::ostringstream out, err;
  const int code = replay->run({"--variant", "tiled-squares", "--frames", dir.string(), "--fps", "10"}, out, err);
  std::filesystem::remove_all(dir);
  EXPECT_EQ(code, 0) << err.str();
  EXPECT_EQ(out.str(), writePgn(played)) << err.str();
  EXPECT_NE(err.str().find(std::to_string(n) + " frames"), std::string::npos) << err.str();
}

// A recording cut short to a single picture is counted in the singular, and holds no action.
TEST(ReplayCommand, ASingleFrameIsCountedAsOne) {
  const Variant& variant = builtinVariant("chess");
  std::mt19937 rng(5);
  const auto dir = std::filesystem::temp_directory_path() / ("tessera-replay-one-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  scene::SceneRenderer renderer(variant, scene::randomStyle(rng, {800, 600}, scene::sheetCells(variant), false), 3);
  cv::imwrite((dir / "frame-00000.jpg").string(), renderer.render(startPosition(variant)), {cv::IMWRITE_JPEG_QUALITY, 90});

  const auto commands = commands::allCommands();
  const auto replay = std::find_if(commands.begin(), commands.end(), [](const auto& c) { return c.name == "replay"; });
  ASSERT_NE(replay, commands.end());
  std::ostringstream out, err;
  const int code = replay->run({"--variant", "chess", "--frames", dir.string()}, out, err);
  std::filesystem::remove_all(dir);
  EXPECT_EQ(code, 0) << err.str();
  EXPECT_NE(err.str().find(": 1 frame, 0 without a readable board"), std::string::npos) << err.str();
  EXPECT_NE(err.str().find("; 0 actions\n"), std::string::npos) << err.str();
}

}  // namespace
}  // namespace tessera::camera
