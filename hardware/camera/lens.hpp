#pragma once
// A camera lens's radial distortion: a wide lens (the Pi Camera Module 3 Wide, cheap USB webcams)
// bows the board's straight lines outward (barrel), a long one inward (pincushion). One number
// describes it: a point seen at radius r from the image's centre (in half-diagonals) lies, for a
// lens without distortion, at r (1 + barrel r^2). `tessera calibrate` measures it from the printed
// sheet's straight lines (lens_estimate.hpp); the reader takes
// each cell from where the lens shows it.
#include <opencv2/core.hpp>

namespace tessera::camera {

// Less distortion than this bends a line across a 1280x720 frame by under a pixel: not corrected.
constexpr double kLeastBarrel = 0.02;

struct Lens {
  double barrel = 0.0;  // > 0 barrel, < 0 pincushion, 0 none

  bool straight() const { return barrel == 0.0; }
  // Where a point of the image, as the lens shows it, would be without the distortion.
  cv::Point2f straighten(cv::Point2f seen, cv::Size image) const;
  // Where the lens shows a point that would be at `straight` without the distortion.
  cv::Point2f bend(cv::Point2f straight, cv::Size image) const;
};

}  // namespace tessera::camera
