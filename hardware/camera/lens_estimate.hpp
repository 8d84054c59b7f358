#pragma once
// Measures a lens's distortion from the printed sheet, whose lines are straight on paper: the
// edges of the play area, the lines between cells of different surfaces, the swatch strip's edges.
// The board is found by its markers, each line's edge is searched for across it at many points of
// the frame, and the lens is the one (lens.hpp) under which those points lie straightest.
#include <optional>

#include <opencv2/core.hpp>

#include "hardware/camera/board_layout.hpp"
#include "hardware/camera/lens.hpp"

namespace tessera::camera {

struct LensEstimate {
  Lens lens;
  int points = 0;            // edge points found on the sheet's straight lines
  int lines = 0;             // lines with enough of them
  double crookedBefore = 0;  // pixels: the points' root mean square distance from their lines with no correction
  double crookedAfter = 0;   // the same, straightened by `lens`
};

// Nothing when the board is not found or too few lines show an edge.
std::optional<LensEstimate> estimateLens(const cv::Mat& frame, const BoardLayout& layout);

}  // namespace tessera::camera
