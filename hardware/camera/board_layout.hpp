#pragma once
// Where everything lies on the printed board (../shared/design/board-spec.md), in cell units:
// x runs along the files from the left edge of file a, y along the ranks from the lower edge of
// rank 1. The locator, the rectifier and the classifiers all read positions from here.
#include <array>
#include <vector>

#include <opencv2/core.hpp>

#include "core/observation/observation.hpp"

namespace tessera::camera {

struct BoardLayout {
  int files = 8;
  int ranks = 8;
  // The swatch strip, left to right from under file a.
  std::vector<Surface> swatches;
  // The surfaces a cell may show in this variant: the classifier chooses among these only.
  std::vector<Surface> cellSurfaces;

  static constexpr float kMarkerSide = 0.7f;  // in cells
  static constexpr int kMarkerCount = 4;

  // Centre of marker `id` (0 outside a1, 1 outside the last file on rank 1, 2 outside the last
  // file on the last rank, 3 outside file a on the last rank).
  cv::Point2f markerCentre(int id) const;
  // The marker's corners in ArUco order (its own top-left, top-right, bottom-right, bottom-left),
  // printed upright with its top toward the last rank.
  std::array<cv::Point2f, 4> markerCorners(int id) const;
  // Lower-left corner of swatch i: the third row of cells below rank 1.
  cv::Point2f swatchOrigin(int i) const { return {static_cast<float>(i), -3.0f}; }

  // The part of the board the rectified image covers: the play area and the swatch strip.
  float left() const { return 0.0f; }
  float right() const { return static_cast<float>(std::max<int>(files, static_cast<int>(swatches.size()))); }
  float bottom() const { return -3.0f; }
  float top() const { return static_cast<float>(ranks); }

  int swatchIndex(Surface s) const;  // -1 when the strip does not carry it
};

// The swatch strips of the spec: the standard one, and the Chameleon four-colour board's.
std::vector<Surface> standardSwatches();
std::vector<Surface> fourColourSwatches();

}  // namespace tessera::camera
