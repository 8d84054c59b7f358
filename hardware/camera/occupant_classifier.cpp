#include "occupant_classifier.hpp"

#include <algorithm>
#include <cmath>

namespace tessera::camera {

float emptyDifference(const CellAppearance& cell, const CellAppearance& emptySwatch, const OccupantOptions& options) {
  return static_cast<float>(cv::norm(cell.centre - emptySwatch.centre)) +
         options.spreadWeight * std::abs(cell.centreSpread - emptySwatch.centreSpread);
}

OccupantReading classifyOccupant(const CellAppearance& cell, const CellAppearance& emptySwatch,
                                 const SurfaceEvidence& surface, const OccupantOptions& options) {
  OccupantReading r;
  r.difference = emptyDifference(cell, emptySwatch, options);
  const float margin = (r.difference - options.occupiedDifference) / options.occupiedDifference;
  if (margin < 0) {
    r.occupant = Occupant::Empty;
    r.confidence = std::clamp(-margin * 2.0f, 0.0f, 1.0f);
    return r;
  }
  if (!surface.likeAPiece && surface.shadedShare >= options.shadowDoubts) {
    const bool bare = surface.shadedShare >= options.shadowExplains;
    r.occupant = bare ? Occupant::Empty : Occupant::Unknown;
    r.confidence = bare ? 0.5f : 0.0f;
    return r;
  }
  if (surface.sharpness && surface.unevenlyLitShare >= options.unevenLightShare &&
      *surface.sharpness < options.smoothShadingDoubts) {
    const bool bare = *surface.sharpness < options.smoothShading;
    r.occupant = bare ? Occupant::Empty : Occupant::Unknown;
    r.confidence = bare ? 0.5f : 0.0f;
    return r;
  }
  const float side = (cell.middleLightness - options.lightPieceLightness) / options.sideMargin;
  r.occupant = side > 0 ? Occupant::Light : Occupant::Dark;
  r.confidence = std::clamp(std::min(margin * 2.0f, std::abs(side)), 0.0f, 1.0f);
  return r;
}

}  // namespace tessera::camera
