#include "host/commands/camera_bench.hpp"

#include <algorithm>
#include <cstdio>
#include <random>
#include <vector>

#include "core/rules/position_text.hpp"
#include "hardware/camera/board_reader.hpp"
#include "hardware/camera/simulation/random_play.hpp"
#include "hardware/camera/simulation/room_accuracy.hpp"
#include "hardware/camera/simulation/scene_renderer.hpp"
#include "hardware/camera/variant/variant_layout.hpp"

namespace tessera::commands {
namespace {

struct FrameTimes {
  double mean = 0, p99 = 0, worst = 0;
};

// `frames` frames of each variant's board, a random position under a random camera and light, seen
// through `barrel` and read through the same lens, one after another by one reader as in play (after
// the first, which searches the whole frame).
FrameTimes timeFrames(int frames, cv::Size size, double barrel) {
  std::vector<double> ms;
  std::mt19937 rng(70);
  for (const std::string& name : builtinVariantNames()) {
    const Variant& variant = builtinVariant(name);
    Position pos = startPosition(variant);
    scene::playRandomly(pos, 20, rng);
    scene::SceneStyle style = scene::randomStyle(rng, size, scene::sheetCells(variant));
    style.lensBarrel = barrel;
    scene::SceneRenderer renderer(variant, style, rng());
    camera::ReaderOptions options;
    options.reportSides = variant.sides == 2;
    options.lens = camera::Lens{barrel};
    camera::BoardReader reader(camera::layoutForVariant(variant), options);
    const cv::Mat frame = renderer.render(pos);
    reader.read(frame);
    for (int i = 0; i < frames; ++i) {
      const camera::FrameReading r = reader.read(frame);
      ms.push_back(r.locateMs + r.classifyMs);
    }
  }
  FrameTimes t;
  if (ms.empty()) return t;
  for (double m : ms) t.mean += m / static_cast<double>(ms.size());
  std::sort(ms.begin(), ms.end());
  t.p99 = ms[std::min(ms.size() - 1, ms.size() * 99 / 100)];
  t.worst = ms.back();
  return t;
}

}  // namespace

double benchCamera(std::ostream& out, bool quick) {
  scene::RoomAccuracyOptions options;
  options.boardsPerVariant = quick ? 1 : 3;
  options.seed = 70;
  options.expectPreviousPosition = true;
  options.calibrateLens = true;
  char line[160];
  std::snprintf(line, sizeof line,
                "camera accuracy: %d board(s) of each variant per room at 1280x720, told the previous position, the lens "
                "measured\n",
                options.boardsPerVariant);
  out << line << scene::roomAccuracyTable(scene::measureRoomAccuracy(options));
  const FrameTimes t = timeFrames(quick ? 5 : 30, {1280, 720}, 0.0);
  std::snprintf(line, sizeof line, "camera, ms per 1280x720 frame (locate and read, board followed): mean %.2f, 99th percentile %.2f, slowest %.2f\n",
                t.mean, t.p99, t.worst);
  out << line;
  const FrameTimes wide = timeFrames(quick ? 5 : 30, {1280, 720}, 0.2);
  std::snprintf(line, sizeof line, "camera, the same through a wide lens (0.2) read through it: mean %.2f, 99th percentile %.2f, slowest %.2f\n",
                wide.mean, wide.p99, wide.worst);
  out << line;
  return t.mean;
}

}  // namespace tessera::commands
