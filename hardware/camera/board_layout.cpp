#include "board_layout.hpp"

#include <algorithm>

namespace tessera::camera {

cv::Point2f BoardLayout::markerCentre(int id) const {
  const float east = files + 0.5f;
  const float north = ranks + 0.5f;
  switch (id) {
    case 0: return {-0.5f, -0.5f};
    case 1: return {east, -0.5f};
    case 2: return {east, north};
    default: return {-0.5f, north};
  }
}

std::array<cv::Point2f, 4> BoardLayout::markerCorners(int id) const {
  const cv::Point2f c = markerCentre(id);
  const float h = kMarkerSide / 2;
  return {cv::Point2f{c.x - h, c.y + h}, cv::Point2f{c.x + h, c.y + h}, cv::Point2f{c.x + h, c.y - h},
          cv::Point2f{c.x - h, c.y - h}};
}

int BoardLayout::swatchIndex(Surface s) const {
  const auto it = std::find(swatches.begin(), swatches.end(), s);
  return it == swatches.end() ? -1 : static_cast<int>(it - swatches.begin());
}

std::vector<Surface> standardSwatches() {
  return {Surface::LightSquare, Surface::DarkSquare, Surface::Yellow, Surface::Purple,
          Surface::Red,         Surface::LightBlue,  Surface::DarkGreen, Surface::Blue,
          Surface::Void,        Surface::AntiTile};
}

std::vector<Surface> fourColourSwatches() {
  return {Surface::LightSquare, Surface::DarkSquare, Surface::Red,  Surface::Blue,
          Surface::Green,       Surface::Yellow,     Surface::Void, Surface::AntiTile};
}

}  // namespace tessera::camera
