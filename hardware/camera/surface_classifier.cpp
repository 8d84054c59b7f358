#include "surface_classifier.hpp"

#include <algorithm>
#include <limits>

namespace tessera::camera {

namespace {

float bestPatchesDistance(const std::array<cv::Vec3f, kBorderPatches>& cell, const std::array<cv::Vec3f, kBorderPatches>& swatch,
                          int patchesCounted) {
  std::array<float, kBorderPatches> d;
  for (int p = 0; p < kBorderPatches; ++p) d[p] = static_cast<float>(cv::norm(cell[p] - swatch[p]));
  std::partial_sort(d.begin(), d.begin() + patchesCounted, d.end());
  float sum = 0;
  for (int p = 0; p < patchesCounted; ++p) sum += d[p];
  return sum / static_cast<float>(patchesCounted);
}

}  // namespace

float surfaceDistance(const CellAppearance& cell, const CellAppearance& swatch, int patchesCounted) {
  return bestPatchesDistance(cell.border, swatch.border, patchesCounted);
}

float surfaceDistance(const CellAppearance& cell, const CellAppearance& swatch, Surface surface, int patchesCounted) {
  if (surface == Surface::AntiTile) return bestPatchesDistance(cell.edges, swatch.edges, patchesCounted);
  return surfaceDistance(cell, swatch, patchesCounted);
}

SurfaceReading classifySurface(const CellAppearance& cell, const SwatchReferences& swatches,
                               const std::vector<Surface>& candidates, const SurfaceOptions& options) {
  SurfaceReading best;
  float bestDistance = std::numeric_limits<float>::max(), secondDistance = bestDistance;
  for (Surface s : candidates) {
    const CellAppearance* swatch = swatches.of(s);
    if (!swatch) continue;
    const float d = surfaceDistance(cell, *swatch, s, options.patchesCounted);
    if (d < bestDistance) {
      secondDistance = bestDistance;
      bestDistance = d;
      best.surface = s;
    } else if (d < secondDistance) {
      secondDistance = d;
    }
  }
  if (best.surface == Surface::Unknown) return best;
  best.distance = bestDistance;
  // Halfway between two swatches is a coin toss (0); twice as close to one as to the next is sure.
  best.confidence = secondDistance == std::numeric_limits<float>::max()
                        ? 1.0f
                        : std::clamp((secondDistance - bestDistance) / (bestDistance + 1e-3f), 0.0f, 1.0f);
  return best;
}

}  // namespace tessera::camera
