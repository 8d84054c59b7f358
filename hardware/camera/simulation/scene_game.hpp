#pragma once
// Films a scripted game: the start position standing still, then for every action a hand
// reaching in from the mover's side, the board changing under it, the hand leaving, and the new
// position standing still long enough for the camera to settle and read it twice.
#include <functional>
#include <vector>

#include <opencv2/core.hpp>

#include "core/rules/position.hpp"
#include "hardware/camera/simulation/scene_renderer.hpp"

namespace tessera::scene {

// A lamp switched on (or off) during the game: the scene's light changes to this one.
struct LampSwitch {
  int afterAction = -1;  // in the stillness after this many actions (-1: never), halfway through it
  double gain = 1.0;
  cv::Vec3d tint{1, 1, 1};
  cv::Point2d gradient{0, 0};
};

struct FilmOptions {
  double framesPerSecond = 10.0;
  int stillFrames = 14;  // after each action: enough for two readings at the default settle time
  int handFrames = 6;    // reaching in, moving, leaving
  LampSwitch lamp;
  // Still frames after the action of that index, where given instead of `stillFrames` (a quick
  // reply: too short a stillness for any reading); the start's stillness is `stillFrames`.
  std::vector<int> stillFramesAfter;
};

using FrameSink = std::function<void(const cv::Mat& image, double seconds)>;

// Plays `actions` from `start` and sends every frame to `sink`.
void filmGame(SceneRenderer& renderer, const Position& start, const std::vector<Move>& actions,
              const FilmOptions& options, const FrameSink& sink);

}  // namespace tessera::scene
