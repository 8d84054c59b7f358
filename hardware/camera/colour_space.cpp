#include "colour_space.hpp"

#include <algorithm>
#include <cmath>

namespace tessera::camera {

std::string_view colourSpaceName(ColourSpace space) {
  switch (space) {
    case ColourSpace::CameraRgb: return "camera-rgb";
    case ColourSpace::CameraLab: return "camera-lab";
    case ColourSpace::WhiteRgb: return "white-rgb";
    case ColourSpace::WhiteLab: return "white-lab";
  }
  return "?";
}

bool dividesByWhite(ColourSpace space) { return space == ColourSpace::WhiteRgb || space == ColourSpace::WhiteLab; }

namespace {
float linear(float c) {
  c = std::clamp(c, 0.0f, 1.5f);
  return c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f);
}
float labCurve(float t) { return t > 0.008856f ? std::cbrt(t) : 7.787f * t + 16.0f / 116.0f; }
}  // namespace

cv::Vec3f labFromBgr(cv::Vec3f bgr) {
  const float r = linear(bgr[2]), g = linear(bgr[1]), b = linear(bgr[0]);
  const float x = (0.4124f * r + 0.3576f * g + 0.1805f * b) / 0.95047f;
  const float y = 0.2126f * r + 0.7152f * g + 0.0722f * b;
  const float z = (0.0193f * r + 0.1192f * g + 0.9505f * b) / 1.08883f;
  const float fx = labCurve(x), fy = labCurve(y), fz = labCurve(z);
  return {116.0f * fy - 16.0f, 500.0f * (fx - fy), 200.0f * (fy - fz)};
}

cv::Vec3f toColourSpace(ColourSpace space, cv::Vec3f bgr) {
  switch (space) {
    case ColourSpace::CameraRgb:
    case ColourSpace::WhiteRgb: return bgr * 100.0f;
    case ColourSpace::CameraLab:
    case ColourSpace::WhiteLab: return labFromBgr(bgr);
  }
  return bgr;
}

}  // namespace tessera::camera
