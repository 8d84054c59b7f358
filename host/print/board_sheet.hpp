#pragma once
// The sheets `tessera print` makes: the board sheet the camera reads (markers, swatch strip, the
// play area's printed surfaces) and the cut-out sheet (paper colour squares, tiles, anti-tiles,
// sector cards), drawn to ../shared/design/board-spec.md at a chosen resolution.
#include <vector>

#include <opencv2/core.hpp>

#include "hardware/camera/board_layout.hpp"
#include "host/print/print_sheet.hpp"

namespace tessera::print {

// The printed reference colour of a surface, BGR.
cv::Scalar printedColour(Surface s);

// `cells[rank * files + file]`: what is printed on each cell of the play area.
PrintSheet boardSheet(const camera::BoardLayout& layout, const std::vector<Surface>& cells, int pixelsPerCell);

// One piece to cut out: a block of cells (1x1 for colour squares and tiles, 2x2 for a sector
// card) with the surfaces printed on them, rank by rank from the lower left.
struct CutOut {
  int width = 1, height = 1;
  std::vector<Surface> cells;
};

// Cut-outs laid out in rows on sheets `sheetCells` cells wide, with thin grey cutting lines and a
// quarter cell between pieces: one sheet as long as they need, or, with `maxCellsHigh`, as many
// sheets as they need, none longer. Throws std::invalid_argument when a piece cannot fit on a sheet.
std::vector<PrintSheet> cutOutSheets(const std::vector<CutOut>& pieces, double sheetCells, int pixelsPerCell,
                                     double maxCellsHigh = 0);

}  // namespace tessera::print
