#pragma once
// The printed board a variant needs: its size, its swatch strip and the surfaces its cells show.
#include <vector>

#include "core/rules/variant.hpp"
#include "hardware/camera/board_layout.hpp"

namespace tessera::camera {

BoardLayout layoutForVariant(const Variant& variant);

// What the board sheet prints on each cell: the board colours, or void where tiles or sector
// cards are laid on it (Tiled Squares, Shifting Chess).
std::vector<Surface> printedCells(const Variant& variant);

}  // namespace tessera::camera
