#pragma once
// The board seen straight from above: the camera frame warped by the board homography so that
// every cell is a square of pixelsPerCell pixels. It covers the play area, a one-cell band of
// white margin around it (the white reference), the swatch strip below and a row of margin below
// the strip.
#include <optional>

#include <opencv2/core.hpp>

#include "hardware/camera/board_layout.hpp"
#include "hardware/camera/lens.hpp"

namespace tessera::camera {

struct RectifiedBoard {
  cv::Mat image;  // BGR, 8 bits
  int pixelsPerCell = 24;
  float left = 0.0f;  // board x of the image's left edge
  float top = 0.0f;   // board y of the image's top edge

  // Board point (cell units) to rectified pixel.
  cv::Point2f toPixel(cv::Point2f board) const {
    return {(board.x - left) * pixelsPerCell, (top - board.y) * pixelsPerCell};
  }
  // Pixels of the board rectangle [x0, x1] x [y0, y1], clipped to the image.
  cv::Rect pixels(float x0, float y0, float x1, float y1) const;
};

// The area a rectified board covers, in cell units.
struct RectifiedArea {
  float left, right, bottom, top;
};
RectifiedArea rectifiedArea(const BoardLayout& layout);

// boardToImage maps board cells to the frame as a lens without distortion would show it.
void rectify(const cv::Mat& frame, const cv::Matx33d& boardToImage, const BoardLayout& layout, int pixelsPerCell,
             RectifiedBoard& out);

// The same through a lens with distortion: each rectified pixel is taken where the lens bends its
// straight place to. The maps are kept while the board does not move (by more than a quarter pixel).
class LensRectifier {
 public:
  explicit LensRectifier(Lens lens) : lens_(lens) {}
  void rectify(const cv::Mat& frame, const cv::Matx33d& boardToImage, const BoardLayout& layout, int pixelsPerCell,
               RectifiedBoard& out);

 private:
  Lens lens_;
  std::optional<cv::Matx33d> mapsFor_;
  cv::Size frameSize_;
  int pixelsPerCell_ = 0;
  cv::Mat mapX_, mapY_;
};

}  // namespace tessera::camera
