// `tessera replay` over a folder of rendered frames of a scripted game writes the game's record.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include <opencv2/imgcodecs.hpp>

#include "core/record/pgn.hpp"
#include "core/rules/game.hpp"
#include "core/rules/position_text.hpp"
#include "hardware/camera/simulation/distinct_play.hpp"
#include "hardware/camera/simulation/scene_game.hpp"
#include "host/commands/commands.hpp"

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

std::string contents(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A replay that fails (the board never found, no frame read, no images at all) leaves the record
// file it was to write as it was, and says why.
TEST(ReplayCommand, AFailedReplayLeavesTheRecordFileAsItWas) {
  const Variant& chess = builtinVariant("chess");
  std::mt19937 rng(9);
  const auto dir = std::filesystem::temp_directory_path() / ("tessera-replay-failed-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "chess");
  std::filesystem::create_directories(dir / "unreadable");
  std::filesystem::create_directories(dir / "empty");
  scene::SceneRenderer renderer(chess, scene::randomStyle(rng, {800, 600}, scene::sheetCells(chess), false), 3);
  const cv::Mat frame = renderer.render(startPosition(chess));
  for (int i = 0; i < 4; ++i)
    cv::imwrite((dir / "chess" / ("frame-" + std::to_string(i) + ".jpg")).string(), frame, {cv::IMWRITE_JPEG_QUALITY, 90});
  std::ofstream(dir / "unreadable" / "frame-0.jpg") << "not a jpeg";
  const std::string record = (dir / "game.pgn").string();
  const std::string earlier = "[Event \"an earlier game\"]\n\n1. e4 e5 *\n";
  std::ofstream(record, std::ios::binary) << earlier;

  const auto commands = commands::allCommands();
  const auto replay = std::find_if(commands.begin(), commands.end(), [](const auto& c) { return c.name == "replay"; });
  ASSERT_NE(replay, commands.end());
  const auto replayInto = [&](const std::string& variant, const std::string& frames, std::string& said) {
    std::ostringstream out, err;
    const int code = replay->run({"--variant", variant, "--frames", (dir / frames).string(), "--out", record}, out, err);
    said = out.str() + err.str();
    return code;
  };
  std::string said;
  EXPECT_EQ(replayInto("desert-dust", "chess", said), 1) << said;
  EXPECT_NE(said.find("the board was found in none of the 4 frames"), std::string::npos) << said;
  EXPECT_EQ(said.find("game.pgn: "), std::string::npos) << said;
  EXPECT_EQ(contents(record), earlier);

  EXPECT_EQ(replayInto("chess", "unreadable", said), 1) << said;
  EXPECT_NE(said.find("error: no frame of images in " + (dir / "unreadable").string() + " could be read"),
            std::string::npos) << said;
  EXPECT_EQ(contents(record), earlier);

  EXPECT_EQ(replayInto("chess", "empty", said), 1) << said;
  EXPECT_NE(said.find("error: no images in " + (dir / "empty").string() + " (.png, .jpg, .jpeg or .bmp)\n"),
            std::string::npos) << said;
  EXPECT_EQ(contents(record), earlier);

  // Where the replay succeeds, the record replaces the file whole.
  EXPECT_EQ(replayInto("chess", "chess", said), 0) << said;
  EXPECT_NE(said.find("game.pgn: 0 actions\n"), std::string::npos) << said;
  Game nothingPlayed(chess);
  EXPECT_EQ(contents(record), writePgn(nothingPlayed));
  EXPECT_FALSE(std::filesystem::exists(record + ".part"));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tessera::camera
