#pragma once
// Follows the light where a smooth fit to the margin cannot: a shadow across part of the board (a
// person beside the table, a lamp's shade), a lamp's fall-off, a tint. The printed sheet is known
// everywhere: the white margin all round, the swatches, and every cell shows one of the swatches'
// colours. So every bare patch of paper says how much light reaches it: the white margin directly,
// a cell's corner once the swatch it matches is known. A cell's swatch is found from the colour
// alone, which a shadow does not change (the brightness it does); the patches are then pooled on
// the light field's grid with a median that leaves out what does not fit (a piece's foot or its
// shadow in a corner, a misjudged cell). When the referee says what it expects on the board (the
// position as it stands), a cell's swatch is the expected one wherever the cell's colour agrees,
// and the centres of cells expected bare are lit patches too; the reading of the cells themselves
// never takes anything from the expectation.
#include "core/observation/observation.hpp"
#include "hardware/camera/board_layout.hpp"
#include "hardware/camera/light_field.hpp"
#include "hardware/camera/reflectance_image.hpp"

namespace tessera::camera {

struct ShadingOptions {
  float reach = 0.8f;         // cells: patches further from a grid point do not count there
  float falloff = 0.4f;       // cells: the Gaussian weight's width
  float inlierShare = 0.15f;  // a patch's light within this share of the median counts
  float tintReach = 1.5f;     // the same for the light's colour, which changes more slowly
  float tintFalloff = 0.7f;
};

// `firstLook` is the board divided by `light` as it stands (the margin's white); `light` is
// multiplied by the shading found. `expected`, if given, is what the referee expects each cell to
// show. Returns how many patches were pooled.
int shadeLocally(const ReflectanceImage& firstLook, const BoardLayout& layout, LightField& light,
                 const ShadingOptions& options = {}, const Observation* expected = nullptr);

}  // namespace tessera::camera
