#pragma once
// Whether a piece stands in a cell, and which set it belongs to. The centre of the cell is
// compared with the centre of the swatch of the cell's own surface, seen in the same frame: an
// empty cell looks like its swatch whatever the surface (an anti-tile's cross included), a
// piece does not: its top's colour differs, or the shading and edge of its round top spread the
// grey values (a boxwood piece on a light square differs by the spread alone). The
// side follows from the top's lightness relative to the white paper: light pieces are far above
// mid-grey and dark ones far below, on any surface.
#include "core/observation/observation.hpp"
#include "hardware/camera/cell_sampler.hpp"

namespace tessera::camera {

struct OccupantReading {
  Occupant occupant = Occupant::Unknown;
  float confidence = 0.0f;
  float difference = 0.0f;  // how unlike the empty swatch the centre is
};

struct OccupantOptions {
  float occupiedDifference = 12.0f;  // colour distance plus spread difference, WhiteLab units
  float spreadWeight = 1.0f;
  float lightPieceLightness = 52.0f;  // L* of the top above which a piece is light
};

// The measure compared with occupiedDifference.
float emptyDifference(const CellAppearance& cell, const CellAppearance& emptySwatch, const OccupantOptions& options);

OccupantReading classifyOccupant(const CellAppearance& cell, const CellAppearance& emptySwatch,
                                 const OccupantOptions& options = {});

}  // namespace tessera::camera
