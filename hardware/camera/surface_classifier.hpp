#pragma once
// Which surface a cell shows: its corner patches are compared with the same patches of every
// swatch the variant can show, and the closest swatch wins. The worst-matching corner does not
// count, so a piece's rim or its shadow reaching into one corner does not matter. An anti-tile is
// compared by the middles of its edges instead (black, however it lies: its cross runs corner to
// corner and moves with the tile when the tile is laid off its cell or turned).
#include <vector>

#include "hardware/camera/cell_sampler.hpp"
#include "hardware/camera/swatch_reader.hpp"

namespace tessera::camera {

struct SurfaceReading {
  Surface surface = Surface::Unknown;
  float confidence = 0.0f;
  float distance = 0.0f;  // to the chosen swatch, in the colour space's units
};

struct SurfaceOptions {
  int patchesCounted = 3;  // of the four corner patches, the closest ones
};

SurfaceReading classifySurface(const CellAppearance& cell, const SwatchReferences& swatches,
                               const std::vector<Surface>& candidates, const SurfaceOptions& options = {});

// The distance between a cell's corners and a swatch's as the classifier measures it.
float surfaceDistance(const CellAppearance& cell, const CellAppearance& swatch, int patchesCounted);
// The same for swatch `surface`: by the edges' middles for an anti-tile, the corners otherwise.
float surfaceDistance(const CellAppearance& cell, const CellAppearance& swatch, Surface surface, int patchesCounted);

}  // namespace tessera::camera
