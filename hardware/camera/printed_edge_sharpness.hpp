#pragma once
// How sharp the sheet's own printed edges look in this frame: ReflectanceImage::sharpness across
// the edge between a bare light square and a bare dark square beside it (a quarter of a cell each
// side of it, along the middle half of the edge), the median over the board. The camera's focus, its
// resolution, motion and compression soften these edges as they soften a piece's outline, so a
// cell's sharpness is judged against them (OccupantOptions::smoothShading).
#include "core/observation/observation.hpp"
#include "hardware/camera/reflectance_image.hpp"

namespace tessera::camera {

// 0 when fewer than four such edges are seen (bare light and dark squares side by side, read at
// least `sureEmpty` sure): boards of colours only, or a board covered with pieces.
float printedEdgeSharpness(const ReflectanceImage& reflectance, const Observation& cells, float sureEmpty = 0.9f);

}  // namespace tessera::camera
