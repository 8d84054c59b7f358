#pragma once
// What one cell (or swatch) looks like, in a chosen colour space: the mean colour of a small
// patch in each of its four corners (where a piece standing in the cell rarely reaches), of a
// patch at the middle of each edge (dark all round on an anti-tile, however its cross lies) and
// of its centre (where the top of a piece is). Cells and swatches are sampled with the same
// patches, from the board divided by the light at every pixel (ReflectanceImage), so a shadow
// across part of a cell changes nothing.
#include <array>

#include <opencv2/core.hpp>

#include "hardware/camera/colour_space.hpp"
#include "hardware/camera/reflectance_image.hpp"

namespace tessera::camera {

constexpr int kBorderPatches = 4;
constexpr int kEdgePatches = 4;

// A patch as fractions of the cell, [x0, y0, x1, y1] from the lower-left corner.
using CellPatch = std::array<float, 4>;
const std::array<CellPatch, kBorderPatches>& cornerPatches();
const std::array<CellPatch, kEdgePatches>& edgePatches();
const CellPatch& centrePatch();

struct CellAppearance {
  std::array<cv::Vec3f, kBorderPatches> border;  // the corners
  std::array<cv::Vec3f, kEdgePatches> edges;     // the middles of the edges
  cv::Vec3f centre;
  cv::Vec3f centreReflectance;   // the centre's mean BGR reflectance, before any colour space
  float centreLightness = 0.0f;  // L* of the centre's reflectance
  // L* of the median grey over the middle half of the cell: what most of a piece's top shows, so a
  // boxwood top in shade stays far lighter than an ebony top with a highlight (light and dark
  // pieces differ here).
  float middleLightness = 0.0f;
  float centreSpread = 0.0f;     // standard deviation of grey reflectance over the middle half of the cell, in 0..100
};

class CellSampler {
 public:
  explicit CellSampler(ColourSpace space) : space_(space) {}
  ColourSpace space() const { return space_; }
  // Samples from `reflectance` from now on (it must outlive the samples taken).
  void prepare(const ReflectanceImage& reflectance) { reflectance_ = &reflectance; }
  // The cell or swatch whose lower-left corner is board point `corner`.
  CellAppearance sample(cv::Point2f corner) const;
  // The share of the middle half of that cell that shows bare `surface` (a swatch's
  // centreReflectance) in a shadow or a little brighter: a shadow's edge across a bare cell, not a
  // piece, when most of it does.
  float shadedSurfaceShare(cv::Point2f corner, cv::Vec3f surface) const;
  // The share of the middle half that shows `surface` under any light, from a deep shadow to a
  // lamp's spot twice as bright as the light field says.
  float unevenlyLitSurfaceShare(cv::Point2f corner, cv::Vec3f surface) const;
  // ReflectanceImage::sharpness over the middle half.
  float middleSharpness(cv::Point2f corner) const;

 private:
  cv::Vec3f patch(cv::Point2f corner, const CellPatch& p) const;

  ColourSpace space_;
  const ReflectanceImage* reflectance_ = nullptr;
};

}  // namespace tessera::camera
