#include "hardware/camera/cell_sampler.hpp"

namespace tessera::camera {

namespace {

// The corners are where a piece standing in the cell reaches least (the edge middles are often
// covered by a wide base, which then looks like a surface of the piece's colour).
constexpr float kIn = 0.07f, kOut = 0.22f;
constexpr std::array<CellPatch, kBorderPatches> kCorners{{
    {kIn, kIn, kOut, kOut},
    {1 - kOut, kIn, 1 - kIn, kOut},
    {kIn, 1 - kOut, kOut, 1 - kIn},
    {1 - kOut, 1 - kOut, 1 - kIn, 1 - kIn},
}};
// Narrow, and as far from the anti-tile's diagonals as a patch can be, so that its cross stays out
// of them when the tile lies up to 15% off its cell and turned by 10 degrees.
constexpr float kEdge0 = 0.42f, kEdge1 = 0.58f, kEdgeIn = 0.05f, kEdgeOut = 0.18f;
constexpr std::array<CellPatch, kEdgePatches> kEdges{{
    {kEdge0, kEdgeIn, kEdge1, kEdgeOut},
    {1 - kEdgeOut, kEdge0, 1 - kEdgeIn, kEdge1},
    {kEdge0, 1 - kEdgeOut, kEdge1, 1 - kEdgeIn},
    {kEdgeIn, kEdge0, kEdgeOut, kEdge1},
}};
constexpr CellPatch kCentre{0.33f, 0.33f, 0.67f, 0.67f};
// The grey spread is taken over the middle half, wider than the colour patch, so that it takes in
// the edge of a piece's top: a boxwood piece on a light square has about the square's colour and
// a flat-looking top (tests/camera/boxwood_pieces_test.cpp).
constexpr CellPatch kSpread{0.25f, 0.25f, 0.75f, 0.75f};

}  // namespace

const std::array<CellPatch, kBorderPatches>& cornerPatches() { return kCorners; }
const std::array<CellPatch, kEdgePatches>& edgePatches() { return kEdges; }
const CellPatch& centrePatch() { return kCentre; }

cv::Vec3f CellSampler::patch(cv::Point2f corner, const CellPatch& p) const {
  return reflectance_->mean(corner.x + p[0], corner.y + p[1], corner.x + p[2], corner.y + p[3]);
}

CellAppearance CellSampler::sample(cv::Point2f corner) const {
  CellAppearance a;
  for (int i = 0; i < kBorderPatches; ++i) a.border[i] = toColourSpace(space_, patch(corner, kCorners[i]));
  for (int i = 0; i < kEdgePatches; ++i) a.edges[i] = toColourSpace(space_, patch(corner, kEdges[i]));
  const cv::Vec3f centre = patch(corner, kCentre);
  a.centre = toColourSpace(space_, centre);
  a.centreReflectance = centre;
  a.centreLightness = labFromBgr(centre)[0];
  const float middleGrey = reflectance_->medianGrey(corner.x + kSpread[0], corner.y + kSpread[1], corner.x + kSpread[2],
                                                   corner.y + kSpread[3]);
  a.middleLightness = labFromBgr({middleGrey, middleGrey, middleGrey})[0];
  a.centreSpread = 100.0f * reflectance_->greySpread(corner.x + kSpread[0], corner.y + kSpread[1], corner.x + kSpread[2],
                                                     corner.y + kSpread[3]);
  return a;
}

float CellSampler::shadedSurfaceShare(cv::Point2f corner, cv::Vec3f surface) const {
  // As dark as a deep shadow, as bright as a lamp's spot the light field missed; colours within 6%.
  constexpr float kDeepestShade = 0.2f, kBrightest = 1.1f, kColourTolerance = 0.06f;
  return reflectance_->shareOfShadedSurface(corner.x + kSpread[0], corner.y + kSpread[1], corner.x + kSpread[2],
                                            corner.y + kSpread[3], surface, kDeepestShade, kBrightest, kColourTolerance);
}

float CellSampler::unevenlyLitSurfaceShare(cv::Point2f corner, cv::Vec3f surface) const {
  constexpr float kDeepestShade = 0.2f, kBrightest = 2.5f, kColourTolerance = 0.06f;
  return reflectance_->shareOfShadedSurface(corner.x + kSpread[0], corner.y + kSpread[1], corner.x + kSpread[2],
                                            corner.y + kSpread[3], surface, kDeepestShade, kBrightest, kColourTolerance);
}

float CellSampler::middleSharpness(cv::Point2f corner) const {
  return reflectance_->sharpness(corner.x + kSpread[0], corner.y + kSpread[1], corner.x + kSpread[2], corner.y + kSpread[3]);
}

}  // namespace tessera::camera
