#pragma once
// A camera straight above the board in even light, with a little blur, noise and JPEG loss: the
// scene for tests about something other than hard conditions.
#include "hardware/camera/simulation/scene_renderer.hpp"

namespace tessera::camera {

inline scene::SceneStyle plainStyle(cv::Size imageSize) {
  scene::SceneStyle style;
  style.imageSize = imageSize;
  style.tiltDeg = 0.0;
  style.blurSigma = 0.5;
  style.noiseSigma = 2.0;
  style.jpegQuality = 90;
  return style;
}

}  // namespace tessera::camera
