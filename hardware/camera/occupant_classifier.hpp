#pragma once
// Whether a piece stands in a cell, and which set it belongs to. The centre of the cell is
// compared with the centre of the swatch of the cell's own surface, seen in the same frame: an
// empty cell looks like its swatch whatever the surface (an anti-tile's cross included), a
// piece does not: its top's colour differs, or the shading and edge of its round top spread the
// grey values (a boxwood piece on a light square differs by the spread alone). A cell that
// differs only because a shadow's edge crosses it (a piece's long shadow under a low lamp) is told
// by its pixels: most of them are the surface's own colour, only darker. Where a piece's top has
// the surface's colour under other light (boxwood on a light square in shade), the shading tells:
// a shadow's soft edge or a lamp's spot on paper is smooth, a piece's outline and its curved top
// are as sharp as the sheet's printed edges. The side follows from
// the lightness of what covers most of the middle of the cell, relative to the white paper: light
// pieces lie above it and dark ones below, on any surface and in shade.
#include <optional>

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
  float lightPieceLightness = 47.0f;  // L* of the middle above which a piece is light
  float sideMargin = 15.0f;           // L* from lightPieceLightness at which the side is sure
  // Shares of the middle half that show the bare surface in shade (shadedSurfaceShare) at which
  // the difference is the light's, not a piece's: from shadowDoubts the cell is unsure, from
  // shadowExplains it is bare. Not on a surface that pieces look like in shade (boxwood on a light
  // square has the colour of the square in shade, and a top's shading is a shadow's).
  float shadowDoubts = 0.6f;
  float shadowExplains = 0.85f;
  // The share of the middle half showing the surface under any light (SurfaceEvidence::
  // unevenlyLitShare) from which the cell's sharpness tells a piece from uneven light, and the
  // sharpness, relative to the printed edges', below which the cell is bare (smoothShading) or
  // unsure (smoothShadingDoubts). Set on the ray-traced scenes (docs/camera.md).
  float unevenLightShare = 0.85f;
  float smoothShading = 0.55f;
  float smoothShadingDoubts = 0.85f;
};

// What the cell's surface tells about a piece standing on it.
struct SurfaceEvidence {
  float shadedShare = 0.0f;     // CellSampler::shadedSurfaceShare against the surface's swatch
  bool likeAPiece = false;      // a piece's top can look like this surface in shade: the share tells nothing
  float unevenlyLitShare = 0.0f;  // CellSampler::unevenlyLitSurfaceShare against the surface's swatch
  // CellSampler::middleSharpness over printedEdgeSharpness; none until the printed edges are measured.
  std::optional<float> sharpness;
};

// The measure compared with occupiedDifference.
float emptyDifference(const CellAppearance& cell, const CellAppearance& emptySwatch, const OccupantOptions& options);

OccupantReading classifyOccupant(const CellAppearance& cell, const CellAppearance& emptySwatch,
                                 const SurfaceEvidence& surface = {}, const OccupantOptions& options = {});

}  // namespace tessera::camera
