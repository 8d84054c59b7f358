#include "rectified_board.hpp"

#include <cmath>

#include <opencv2/imgproc.hpp>

namespace tessera::camera {

cv::Rect RectifiedBoard::pixels(float x0, float y0, float x1, float y1) const {
  const cv::Point2f a = toPixel({x0, y1});
  const cv::Point2f b = toPixel({x1, y0});
  const cv::Rect r(cv::Point(static_cast<int>(std::lround(a.x)), static_cast<int>(std::lround(a.y))),
                   cv::Point(static_cast<int>(std::lround(b.x)), static_cast<int>(std::lround(b.y))));
  return r & cv::Rect(0, 0, image.cols, image.rows);
}

RectifiedArea rectifiedArea(const BoardLayout& layout) {
  // A cell of white margin beyond the play area on every side and below the swatch strip.
  return {-1.0f, std::max(layout.files + 1.0f, layout.right()), layout.bottom() - 1.0f, layout.ranks + 1.0f};
}

void rectify(const cv::Mat& frame, const cv::Matx33d& boardToImage, const BoardLayout& layout, int pixelsPerCell,
             RectifiedBoard& out) {
  const RectifiedArea area = rectifiedArea(layout);
  out.pixelsPerCell = pixelsPerCell;
  out.left = area.left;
  out.top = area.top;
  const double p = pixelsPerCell;
  // Rectified pixel centre (u + 0.5, v + 0.5) is board point (left + (u + 0.5) / p, top - (v + 0.5) / p).
  const cv::Matx33d pixelToBoard(1.0 / p, 0, area.left + 0.5 / p, 0, -1.0 / p, area.top - 0.5 / p, 0, 0, 1);
  const cv::Matx33d pixelToImage = boardToImage * pixelToBoard;
  const cv::Size size(static_cast<int>(std::lround((area.right - area.left) * p)),
                      static_cast<int>(std::lround((area.top - area.bottom) * p)));
  cv::warpPerspective(frame, out.image, cv::Mat(pixelToImage), size, cv::INTER_LINEAR | cv::WARP_INVERSE_MAP,
                      cv::BORDER_REPLICATE);
}

namespace {

// Whether the area's corners lie farther apart under the two homographies than a quarter of a pixel:
// the markers' corners jitter by a fraction of a pixel from frame to frame, and maps built for a board
// that moved less serve as well (a quarter pixel of the frame is about a tenth of the rectified one).
bool moved(const cv::Matx33d& before, const cv::Matx33d& now, const RectifiedArea& area) {
  constexpr double kStillPixels = 0.25;
  for (const cv::Vec3d& corner : {cv::Vec3d(area.left, area.bottom, 1), cv::Vec3d(area.right, area.bottom, 1),
                                 cv::Vec3d(area.left, area.top, 1), cv::Vec3d(area.right, area.top, 1)}) {
    const cv::Vec3d a = before * corner, b = now * corner;
    if (std::hypot(a[0] / a[2] - b[0] / b[2], a[1] / a[2] - b[1] / b[2]) > kStillPixels) return true;
  }
  return false;
}

}  // namespace

void LensRectifier::rectify(const cv::Mat& frame, const cv::Matx33d& boardToImage, const BoardLayout& layout,
                            int pixelsPerCell, RectifiedBoard& out) {
  if (lens_.straight()) {
    tessera::camera::rectify(frame, boardToImage, layout, pixelsPerCell, out);
    return;
  }
  const RectifiedArea area = rectifiedArea(layout);
  out.pixelsPerCell = pixelsPerCell;
  out.left = area.left;
  out.top = area.top;
  if (!mapsFor_ || moved(*mapsFor_, boardToImage, area) || frameSize_ != frame.size() || pixelsPerCell_ != pixelsPerCell) {
    const double p = pixelsPerCell;
    const cv::Size size(static_cast<int>(std::lround((area.right - area.left) * p)),
                        static_cast<int>(std::lround((area.top - area.bottom) * p)));
    mapX_.create(size, CV_32F);
    mapY_.create(size, CV_32F);
    for (int v = 0; v < size.height; ++v)
      for (int u = 0; u < size.width; ++u) {
        const cv::Vec3d q = boardToImage * cv::Vec3d(area.left + (u + 0.5) / p, area.top - (v + 0.5) / p, 1.0);
        const cv::Point2f seen = lens_.bend({static_cast<float>(q[0] / q[2]), static_cast<float>(q[1] / q[2])}, frame.size());
        mapX_.at<float>(v, u) = seen.x;
        mapY_.at<float>(v, u) = seen.y;
      }
    mapsFor_ = boardToImage;
    frameSize_ = frame.size();
    pixelsPerCell_ = pixelsPerCell;
  }
  cv::remap(frame, out.image, mapX_, mapY_, cv::INTER_LINEAR, cv::BORDER_REPLICATE);
}

}  // namespace tessera::camera
