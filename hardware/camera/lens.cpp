#include "hardware/camera/lens.hpp"

#include <cmath>

namespace tessera::camera {

namespace {

struct ImageCentre {
  cv::Point2d middle;
  double halfDiagonal;
  explicit ImageCentre(cv::Size image)
      : middle(image.width / 2.0, image.height / 2.0), halfDiagonal(std::hypot(image.width / 2.0, image.height / 2.0)) {}
};

}  // namespace

cv::Point2f Lens::bend(cv::Point2f straight, cv::Size image) const {
  // The straight point lies at radius r (1 + barrel r^2) where the lens shows it at r: solve for r.
  const ImageCentre c(image);
  const cv::Point2d d = cv::Point2d(straight) - c.middle;
  const double want = std::hypot(d.x, d.y) / c.halfDiagonal;
  if (want < 1e-9 || barrel == 0.0) return straight;
  double r = want;
  for (int i = 0; i < 8; ++i) r -= (r + barrel * r * r * r - want) / (1 + 3 * barrel * r * r);
  const cv::Point2d seen = c.middle + d * (r / want);
  return {static_cast<float>(seen.x), static_cast<float>(seen.y)};
}

cv::Point2f Lens::straighten(cv::Point2f seen, cv::Size image) const {
  const ImageCentre c(image);
  const cv::Point2d d = cv::Point2d(seen) - c.middle;
  const double r2 = (d.x * d.x + d.y * d.y) / (c.halfDiagonal * c.halfDiagonal);
  const cv::Point2d straight = c.middle + d * (1 + barrel * r2);
  return {static_cast<float>(straight.x), static_cast<float>(straight.y)};
}

}  // namespace tessera::camera
