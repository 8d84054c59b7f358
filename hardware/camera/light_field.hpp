#pragma once
// The light falling on each part of the rectified board: what white paper would look like there
// (BGR, camera values). Held as a grid of values every half cell over the rectified image,
// bilinear in between, so that it can follow a shadow's edge across the board where a smooth fit
// to the margin (WhiteReference) cannot.
#include <opencv2/core.hpp>

#include "hardware/camera/rectified_board.hpp"
#include "hardware/camera/white_reference.hpp"

namespace tessera::camera {

class LightField {
 public:
  static constexpr float kSpacing = 0.5f;  // cells between grid points

  // The grid over `board`'s image, every point the margin's white there.
  void fromWhite(const RectifiedBoard& board, const WhiteReference& white);
  // A uniform light over `board`'s image (the colour spaces that do not divide by white use 255).
  void uniform(const RectifiedBoard& board, cv::Vec3f light);
  // A uniform light over the same grid as `other`.
  void uniform(const LightField& other, cv::Vec3f light);

  int columns() const { return grid_.cols; }
  int rows() const { return grid_.rows; }
  // Board point of grid point (column, row).
  cv::Point2f point(int column, int row) const { return {left_ + column * kSpacing, top_ - row * kSpacing}; }
  cv::Vec3f& at(int column, int row) { return grid_.at<cv::Vec3f>(row, column); }
  cv::Vec3f at(int column, int row) const { return grid_.at<cv::Vec3f>(row, column); }
  // The light at board point p, bilinear between the grid points.
  cv::Vec3f at(cv::Point2f p) const;
  // The light at every pixel of `board`'s image (CV_32FC3).
  void perPixel(const RectifiedBoard& board, cv::Mat& out) const;

 private:
  cv::Mat grid_;  // CV_32FC3
  float left_ = 0.0f, top_ = 0.0f;
};

}  // namespace tessera::camera
