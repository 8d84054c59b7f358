#pragma once
// Which surface a cell shows: its corner patches are compared with the same patches of every
// swatch the variant can show, and the closest swatch wins. The worst-matching corner does not
// count, so a piece's rim or its shadow reaching into one corner does not matter.
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

// The distance between a cell and a swatch as the classifier measures it.
float surfaceDistance(const CellAppearance& cell, const CellAppearance& swatch, int patchesCounted);

}  // namespace tessera::camera
