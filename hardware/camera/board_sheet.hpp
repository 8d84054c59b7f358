#pragma once
// The sheets `tessera print` makes: the board sheet the camera reads (markers, swatch strip, the
// play area's printed surfaces) and the cut-out sheet (paper colour squares, tiles, anti-tiles,
// sector cards), drawn to ../shared/design/board-spec.md at a chosen resolution.
#include <vector>

#include <opencv2/core.hpp>

#include "hardware/camera/board_layout.hpp"

namespace tessera::camera {

// The printed reference colour of a surface, BGR.
cv::Scalar printedColour(Surface s);

// `cells[rank * files + file]`: what is printed on each cell of the play area.
cv::Mat drawBoardSheet(const BoardLayout& layout, const std::vector<Surface>& cells, int pixelsPerCell);

// One piece to cut out: a block of cells (1x1 for colour squares and tiles, 2x2 for a sector
// card) with the surfaces printed on them, rank by rank from the lower left.
struct CutOut {
  int width = 1, height = 1;
  std::vector<Surface> cells;
};

// Cut-outs laid out in rows on a sheet `sheetCells` cells wide, with thin grey cutting lines.
cv::Mat drawCutOutSheet(const std::vector<CutOut>& pieces, int sheetCells, int pixelsPerCell);

}  // namespace tessera::camera
