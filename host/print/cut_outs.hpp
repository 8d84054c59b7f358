#pragma once
// The pieces `tessera print` draws for a variant to cut out: its paper colour squares (the pool),
// tiles and anti-tiles (one of each per cell of the board), sector cards (one per sector at the
// start). The board sheet's cells are the camera's (printedCells, hardware/camera/variant).
#include <vector>

#include "core/rules/variant.hpp"
#include "host/print/board_sheet.hpp"

namespace tessera::print {

std::vector<CutOut> cutOutsFor(const Variant& variant);

}  // namespace tessera::print
