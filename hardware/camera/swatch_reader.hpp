#pragma once
// Reads the swatch strip: how each printed surface looks under the light of this frame.
#include <array>

#include "hardware/camera/board_layout.hpp"
#include "hardware/camera/cell_sampler.hpp"

namespace tessera::camera {

constexpr int kSurfaceKinds = static_cast<int>(Surface::AntiTile) + 1;

struct SwatchReferences {
  std::array<CellAppearance, kSurfaceKinds> look{};
  std::array<bool, kSurfaceKinds> present{};
  const CellAppearance* of(Surface s) const {
    return present[static_cast<int>(s)] ? &look[static_cast<int>(s)] : nullptr;
  }
};

SwatchReferences readSwatches(const CellSampler& sampler, const BoardLayout& layout);

}  // namespace tessera::camera
