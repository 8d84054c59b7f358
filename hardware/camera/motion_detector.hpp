#pragma once
// Did anything move between two readings of the board? Block means of each colour channel are
// compared as log ratios; a smooth change of light over the whole board (a lamp, a cloud, the
// camera's exposure, warmer or cooler light) is a plane in each channel's ratios and is fitted
// away, so only local change counts as motion.
#include <opencv2/core.hpp>

namespace tessera::camera {

struct MotionOptions {
  float threshold = 0.12f;  // log-ratio residual of a block that counts as change
  float minimumLevels = 8.0f;  // and it must differ by this many grey levels from the light's change
  int blocksNeeded = 2;     // this many changed blocks make motion (one can be noise)
};

// `before` and `after`: CV_32FC3 block means. How many blocks changed beyond the light change;
// -1 when the two cannot be compared.
int changedBlocks(const cv::Mat& before, const cv::Mat& after, const MotionOptions& options);

}  // namespace tessera::camera
