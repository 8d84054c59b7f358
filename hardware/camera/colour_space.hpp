#pragma once
// The colour spaces the classifiers can compare cells in. docs/camera.md has the measurement
// that chose the default.
#include <string_view>

#include <opencv2/core.hpp>

namespace tessera::camera {

enum class ColourSpace {
  CameraRgb,  // the camera's values as they are
  CameraLab,  // CIELAB of the camera's values
  WhiteRgb,   // divided by the white of the paper margin at the same place (the light there)
  WhiteLab,   // CIELAB of the white-divided values
};

std::string_view colourSpaceName(ColourSpace space);
bool dividesByWhite(ColourSpace space);

// `bgr` in 0..1 (already divided by white when the space asks for it) to the space's coordinates,
// scaled so that distances are comparable across spaces (RGB in 0..100).
cv::Vec3f toColourSpace(ColourSpace space, cv::Vec3f bgr);

// CIELAB of an sRGB colour given as BGR in 0..1.
cv::Vec3f labFromBgr(cv::Vec3f bgr);

}  // namespace tessera::camera
