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

// A point on a piece's base, which every figurine stands on (figurines.cpp: 80 to 93 of 100 units
// high, 16 to 84 wide, drawn nine tenths of a square), left of where a badge may lie.
inline cv::Point pieceBodyPoint(const PixelLayout& layout, Square sq) {
  const cv::Rect r = layout.cellRect(sq);
  const int size = layout.cell * 9 / 10, inset = (layout.cell - size) / 2;
  return {r.x + inset + size * 30 / 100, r.y + inset + size * 865 / 1000};
}

}  // namespace tessera::display
