// What one cell looks like in each colour space, on a made-up rectified board of known colours:
// the camera's own values scaled to 0..100, or divided by the paper's white first; and how much
// the middle of the cell varies (a piece's top is not one flat colour, a bare square is).
#include <gtest/gtest.h>

#include "hardware/camera/cell_sampler.hpp"

namespace tessera::camera {
namespace {

struct PaintedBoard {
  RectifiedBoard board;
  LightField cameraScale, paperWhite;
  ReflectanceImage camera, byWhite;
  PaintedBoard() {
    board.left = -1.0f;
    board.top = 9.0f;
    board.image = cv::Mat(10 * board.pixelsPerCell, 10 * board.pixelsPerCell, CV_8UC3, cv::Scalar(51, 102, 204));
    prepare();
  }
  void prepare() {
    cameraScale.uniform(board, {255, 255, 255});
    paperWhite.uniform(board, {204, 204, 204});
    camera.prepare(board, cameraScale);
    byWhite.prepare(board, paperWhite);
  }
};

TEST(CellSampler, TheCameraSpacesScaleTheValuesAndTheWhiteSpacesDivideByThePaper) {
  PaintedBoard p;
  CellSampler camera(ColourSpace::CameraRgb), byWhite(ColourSpace::WhiteRgb), lab(ColourSpace::WhiteLab);
  camera.prepare(p.camera);
  byWhite.prepare(p.byWhite);
  lab.prepare(p.byWhite);
  const CellAppearance c = camera.sample({2, 3}), w = byWhite.sample({2, 3}), l = lab.sample({2, 3});
  for (int i = 0; i < kBorderPatches; ++i) {
    for (int ch = 0; ch < 3; ++ch) {
      EXPECT_NEAR(c.border[i][ch], 100.0f * (51 << ch) / 255.0f, 0.01f) << "patch " << i;
      EXPECT_NEAR(w.border[i][ch], 100.0f * (51 << ch) / 204.0f, 0.01f) << "patch " << i;
    }
    EXPECT_EQ(l.border[i], labFromBgr({0.25f, 0.5f, 1.0f}));
  }
  EXPECT_NEAR(c.centre[2], 80.0f, 0.01f);
  EXPECT_FLOAT_EQ(c.centreSpread, 0.0f);  // one flat colour
}

TEST(CellSampler, TheMiddleOfACellWithAPieceVariesAndItsCornersDoNot) {
  PaintedBoard p;
  // A piece's top in the cell whose lower-left corner is (2, 3): a light and dark checker over its
  // middle half, its corners left bare.
  const cv::Rect middle = p.board.pixels(2.25f, 3.25f, 2.75f, 3.75f);
  for (int y = middle.y; y < middle.y + middle.height; ++y)
    for (int x = middle.x; x < middle.x + middle.width; ++x)
      p.board.image.at<cv::Vec3b>(y, x) = ((x / 2 + y / 2) % 2) ? cv::Vec3b(230, 230, 230) : cv::Vec3b(20, 20, 20);
  p.prepare();
  CellSampler sampler(ColourSpace::WhiteLab);
  sampler.prepare(p.byWhite);
  const CellAppearance piece = sampler.sample({2, 3}), bare = sampler.sample({4, 3});
  EXPECT_GT(piece.centreSpread, 30.0f);
  EXPECT_FLOAT_EQ(bare.centreSpread, 0.0f);
  for (int i = 0; i < kBorderPatches; ++i) EXPECT_EQ(piece.border[i], bare.border[i]) << "patch " << i;
  for (int i = 0; i < kEdgePatches; ++i) EXPECT_EQ(piece.edges[i], bare.edges[i]) << "edge " << i;
}

}  // namespace
}  // namespace tessera::camera
