#include "swatch_reader.hpp"

namespace tessera::camera {

SwatchReferences readSwatches(const CellSampler& sampler, const BoardLayout& layout) {
  SwatchReferences refs;
  for (std::size_t i = 0; i < layout.swatches.size(); ++i) {
    const int kind = static_cast<int>(layout.swatches[i]);
    refs.look[kind] = sampler.sample(layout.swatchOrigin(static_cast<int>(i)));
    refs.present[kind] = true;
  }
  return refs;
}

}  // namespace tessera::camera
