#pragma once
// What one cell (or swatch) looks like, in a chosen colour space: the mean colour of a small
// patch in each of its four corners (where a piece standing in the cell rarely reaches) and of
// its centre (where the top of a piece is). Cells and swatches are sampled
// with the same patches, so an anti-tile's white cross shows in both alike.
#include <array>

#include <opencv2/core.hpp>

#include "hardware/camera/colour_space.hpp"
#include "hardware/camera/rectified_board.hpp"
#include "hardware/camera/white_reference.hpp"

namespace tessera::camera {

constexpr int kBorderPatches = 4;

struct CellAppearance {
  std::array<cv::Vec3f, kBorderPatches> border;
  cv::Vec3f centre;
  float centreLightness = 0.0f;  // L* of the centre divided by white: light and dark pieces differ here
  float centreSpread = 0.0f;     // standard deviation of grey over the middle half of the cell, in 0..100
};

class CellSampler {
 public:
  explicit CellSampler(ColourSpace space) : space_(space) {}
  ColourSpace space() const { return space_; }
  // Prepares the sums for one rectified frame.
  void prepare(const RectifiedBoard& board, const WhiteReference& white);
  // The cell or swatch whose lower-left corner is board point `corner`.
  CellAppearance sample(cv::Point2f corner) const;

 private:
  cv::Vec3f meanBgr(const cv::Rect& r) const;
  cv::Vec3f inSpace(cv::Vec3f bgr, cv::Point2f where) const;

  ColourSpace space_;
  const RectifiedBoard* board_ = nullptr;
  const WhiteReference* white_ = nullptr;
  cv::Mat sum_, greySum_, greySquares_, grey_;
};

}  // namespace tessera::camera
