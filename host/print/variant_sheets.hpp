#pragma once
// What `tessera print` prints for a variant: the surface of each cell of its board sheet, and the
// pieces to cut out. The sheet's layout (markers, swatches) is the camera's: layoutForVariant
// (hardware/camera/variant/variant_layout.hpp).
#include <vector>

#include "core/rules/variant.hpp"
#include "host/print/board_sheet.hpp"

namespace tessera::print {

// What the board sheet prints on each cell: the board colours, or void where tiles or sector
// cards are laid on it (Tiled Squares, Shifting Chess).
std::vector<Surface> printedCells(const Variant& variant);

// The pieces to cut out for a variant: its paper colour squares (the pool), tiles and anti-tiles
// (one of each per cell of the board), sector cards (one per sector at the start).
std::vector<CutOut> cutOutsFor(const Variant& variant);

}  // namespace tessera::print
