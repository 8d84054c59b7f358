#pragma once
// The program's commands run in the test's own process over games filmed into folders of frames,
// for the tests of `play`, `replay`, `pgn` and `demo`.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <opencv2/imgcodecs.hpp>

#include "core/rules/position_text.hpp"
#include "hardware/camera/simulation/distinct_play.hpp"
#include "hardware/camera/simulation/scene_game.hpp"
#include "host/commands/commands.hpp"

namespace tessera::testing {

namespace fs = std::filesystem;

struct Filmed {
  std::vector<Move> script;
  int frames = 0;
};

// Films a seeded game the camera can follow into `dir` as JPEG frames.
inline Filmed filmInto(const Variant& variant, const fs::path& dir, int plies, unsigned seed) {
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::mt19937 rng(seed);
  Position pos = startPosition(variant);
  Filmed f;
  f.script = scene::playDistinctly(pos, plies, rng);
  scene::SceneRenderer renderer(variant, scene::randomStyle(rng, {800, 600}, scene::sheetCells(variant), false), seed);
  scene::filmGame(renderer, startPosition(variant), f.script, {}, [&](const cv::Mat& image, double) {
    char name[32];
    std::snprintf(name, sizeof name, "frame-%05d.jpg", f.frames++);
    cv::imwrite((dir / name).string(), image, {cv::IMWRITE_JPEG_QUALITY, 90});
  });
  return f;
}

// What a command printed and returned.
struct CommandRun {
  int code = -1;
  std::string out, err;
};

// Runs the command `command` (play, replay, pgn, demo...) with `args`, as the program would.
inline CommandRun run(const char* command, const std::vector<std::string>& args) {
  const auto commands = commands::allCommands();
  const auto it = std::find_if(commands.begin(), commands.end(), [&](const auto& c) { return c.name == command; });
  std::ostringstream out, err;
  CommandRun r;
  r.code = it->run(args, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

// A path in this test process's own scratch folder.
inline fs::path scratch(const std::string& name) {
  return fs::temp_directory_path() / ("tessera-play-" + std::to_string(::getpid())) / name;
}

}  // namespace tessera::testing
