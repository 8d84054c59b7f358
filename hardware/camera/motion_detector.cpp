#include "motion_detector.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace tessera::camera {

namespace {

// Least-squares plane r = c0 + c1 x + c2 y through the blocks marked in `use` (normal equations:
// three unknowns, so a 3x3 solve).
cv::Vec3d fitPlane(const cv::Mat& ratio, const std::vector<char>& use) {
  cv::Matx33d ata = cv::Matx33d::zeros();
  cv::Vec3d atb(0, 0, 0);
  for (int y = 0; y < ratio.rows; ++y)
    for (int x = 0; x < ratio.cols; ++x) {
      if (!use[static_cast<std::size_t>(y * ratio.cols + x)]) continue;
      const cv::Vec3d t(1.0, static_cast<double>(x) / ratio.cols, static_cast<double>(y) / ratio.rows);
      ata += t * t.t();
      atb += t * static_cast<double>(ratio.at<float>(y, x));
    }
  cv::Vec3d plane(0, 0, 0);
  cv::solve(ata, atb, plane, cv::DECOMP_SVD);
  return plane;
}

// Blocks of one colour channel that changed beyond a smooth change of light, marked in `changed`.
void markChanged(const cv::Mat& before, const cv::Mat& after, const MotionOptions& options, std::vector<char>& changed) {
  cv::Mat ratio(before.size(), CV_32F);
  for (int y = 0; y < before.rows; ++y)
    for (int x = 0; x < before.cols; ++x)
      ratio.at<float>(y, x) = std::log((after.at<float>(y, x) + 1.0f) / (before.at<float>(y, x) + 1.0f));
  // Fit the light change, then fit again without the blocks that changed for another reason, so
  // that a hand does not tilt the plane. A hand over more than about a sixth of the board tilts
  // the first fit so far that most blocks count as changed; that is motion all the same, and only
  // whether there is motion is used.
  std::vector<char> use(static_cast<std::size_t>(ratio.total()), 1);
  std::vector<char> moved(use.size(), 0);
  for (int pass = 0; pass < 2; ++pass) {
    const cv::Vec3d plane = fitPlane(ratio, use);
    int count = 0;
    for (int y = 0; y < ratio.rows; ++y)
      for (int x = 0; x < ratio.cols; ++x) {
        const std::size_t i = static_cast<std::size_t>(y * ratio.cols + x);
        const double fitted = plane[0] + plane[1] * x / ratio.cols + plane[2] * y / ratio.rows;
        const double expected = before.at<float>(y, x) * std::exp(fitted);
        // A dark block's ratio is mostly noise: it must also change by some grey levels.
        moved[i] = std::abs(ratio.at<float>(y, x) - fitted) > options.threshold &&
                   std::abs(after.at<float>(y, x) - expected) > options.minimumLevels;
        use[i] = !moved[i];
        count += moved[i];
      }
    if (count * 2 > static_cast<int>(ratio.total())) break;  // most of the board moved: no plane to trust
  }
  for (std::size_t i = 0; i < moved.size(); ++i) changed[i] |= moved[i];
}

}  // namespace

int changedBlocks(const cv::Mat& before, const cv::Mat& after, const MotionOptions& options) {
  if (before.empty() || after.empty() || before.size() != after.size() || before.type() != after.type()) return -1;
  // Coloured light scales each channel by its own factor, so each gets its own plane.
  std::vector<cv::Mat> b, a;
  cv::split(before, b);
  cv::split(after, a);
  std::vector<char> changed(before.total(), 0);
  for (std::size_t c = 0; c < b.size(); ++c) markChanged(b[c], a[c], options, changed);
  int count = 0;
  for (char m : changed) count += m;
  return count;
}

}  // namespace tessera::camera
