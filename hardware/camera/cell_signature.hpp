#pragma once
// A cell's look in a few numbers, to tell whether it changed between two still boards whatever the
// light did meanwhile: the mean reflectance of its 3x3 blocks (a change of light scales them all
// alike; a piece arriving or leaving, or a paper square laid, changes some of them or their colour)
// and the grey spread of its middle (a piece's round top shows there however near its colour is
// to the square's).
#include <array>

#include <opencv2/core.hpp>

#include "hardware/camera/reflectance_image.hpp"

namespace tessera::camera {

struct CellSignature {
  std::array<cv::Vec3f, 9> blocks{};
  float spread = 0.0f;  // in 0..100, as CellAppearance::centreSpread

  void add(const CellSignature& other);
  void scale(float factor);
};

// The cell whose lower-left corner is board point `corner`.
CellSignature signatureOf(const ReflectanceImage& reflectance, cv::Point2f corner);

struct ChangeOptions {
  float structure = 0.15f;  // a block's brightness against the cell's (log): a piece's foot, a square's edge
  float colour = 0.15f;     // a block's colour against its brightness (log): a paper square laid or lifted
  float spread = 5.0f;      // the middle's grey spread: a piece's top
  // A cell's change of brightness against its neighbours' (log): light changes smoothly from cell
  // to cell, a Tile laid on the void or a pale square on a paler cell changes one cell alone.
  float gainJump = 0.1f;
};

// The cell's change of brightness (log), the median over its blocks.
float gainBetween(const CellSignature& before, const CellSignature& after);

// Whether the cell looks otherwise than it did, beyond one change of brightness over it.
bool changedBetween(const CellSignature& before, const CellSignature& after, const ChangeOptions& options = {});

}  // namespace tessera::camera
