#pragma once
// Reads the display image back like a person would: the colour at a square's centre, at its
// border, between two squares.
#include <opencv2/core.hpp>

#include "host/views/display/board_layout_px.hpp"

namespace tessera::display {

inline cv::Vec3b pixelAt(const cv::Mat& img, cv::Point p) { return img.at<cv::Vec3b>(p); }

inline bool near(const cv::Vec3b& seen, const cv::Scalar& expected, int tolerance = 12) {
  for (int c = 0; c < 3; ++c)
    if (std::abs(seen[c] - static_cast<int>(expected[c])) > tolerance) return false;
  return true;
}

// A point inside the square's border band (where frames are drawn).
inline cv::Point borderPoint(const PixelLayout& layout, Square sq) {
  const cv::Rect r = layout.cellRect(sq);
  return {r.x + r.width / 2, r.y + 2};
}

// A point of the square away from its centre, its border and the anti-tile cross.
inline cv::Point plainPoint(const PixelLayout& layout, Square sq) {
  const cv::Rect r = layout.cellRect(sq);
  return {r.x + r.width / 2, r.y + r.height / 4};
}

// A point on a piece's body beside its letter.
inline cv::Point pieceBodyPoint(const PixelLayout& layout, Square sq) {
  const cv::Point c = layout.cellCentre(sq);
  return {c.x - layout.cell * 3 / 10, c.y};
}

}  // namespace tessera::display
