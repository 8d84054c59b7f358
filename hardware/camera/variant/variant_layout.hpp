#pragma once
// The printed board a variant needs: its size, its swatch strip and the surfaces its cells show.
#include "core/rules/variant.hpp"
#include "hardware/camera/board_layout.hpp"

namespace tessera::camera {

BoardLayout layoutForVariant(const Variant& variant);

}  // namespace tessera::camera

#include "hardware/camera/board_sheet.hpp"

namespace tessera::camera {

// What the board sheet prints on each cell: the board colours, or void where tiles or sector
// cards are laid on it (Tiled Squares, Shifting Chess).
std::vector<Surface> printedCells(const Variant& variant);

// The pieces to cut out for a variant: its paper colour squares (the pool), tiles and anti-tiles
// (one of each per cell of the board), sector cards (one per sector at the start).
std::vector<CutOut> cutOutsFor(const Variant& variant);

}  // namespace tessera::camera
