#pragma once
// How bright and what colour the light is over each part of the board, read from the white paper
// margin around the play area and the blank rows above and below the swatch strip. A smooth field (quadratic
// in x and y, per channel) is fitted, so a lamp on one side or a warm evening light divides out.
#include <array>

#include <opencv2/core.hpp>

#include "hardware/camera/board_layout.hpp"
#include "hardware/camera/rectified_board.hpp"

namespace tessera::camera {

class WhiteReference {
 public:
  // Fits the field to the margin of `board`; returns false when too little white is visible.
  bool fit(const RectifiedBoard& board, const BoardLayout& layout);
  // The white paper's BGR (0..255) at board point p.
  cv::Vec3f at(cv::Point2f p) const;
  // A uniform field (for colour spaces that do not divide by white).
  void setUniform(cv::Vec3f white);

 private:
  std::array<cv::Vec<double, 6>, 3> coefficients_{};  // per channel: 1, x, y, xy, x^2, y^2
};

}  // namespace tessera::camera
