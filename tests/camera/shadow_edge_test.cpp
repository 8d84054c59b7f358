// A shadow's edge across a bare cell (a piece's long shadow under a low lamp) is not a piece, and a
// piece's side is told by what covers most of its top, on a made-up rectified board under white
// paper of 204: blue cells, one crossed by a shadow, one with a boxwood top, one with an ebony top
// and its highlight, one with a boxwood top in shade.
#include <gtest/gtest.h>

#include "hardware/camera/cell_sampler.hpp"
#include "hardware/camera/occupant_classifier.hpp"

namespace tessera::camera {
namespace {

const cv::Vec3b kBlue(170, 60, 30);

struct BlueBoard {
  RectifiedBoard board;
  LightField paperWhite;
  ReflectanceImage reflectance;
  CellSampler sampler{ColourSpace::WhiteLab};

  BlueBoard() {
    board.left = -1.0f;
    board.top = 9.0f;
    board.image = cv::Mat(10 * board.pixelsPerCell, 10 * board.pixelsPerCell, CV_8UC3, kBlue);
  }
  // Every pixel of board rectangle [x0, x1] x [y0, y1] for which `inside(dx, dy)` holds (dx, dy
  // from the rectangle's centre, in cells) becomes `colour(pixel)`.
  template <typename Inside, typename Colour>
  void paint(float x0, float y0, float x1, float y1, Inside inside, Colour colour) {
    const cv::Rect r = board.pixels(x0, y0, x1, y1);
    const float cx = r.x + r.width / 2.0f, cy = r.y + r.height / 2.0f;
    for (int y = r.y; y < r.y + r.height; ++y)
      for (int x = r.x; x < r.x + r.width; ++x) {
        const float dx = (x + 0.5f - cx) / board.pixelsPerCell, dy = (y + 0.5f - cy) / board.pixelsPerCell;
        if (inside(dx, dy)) board.image.at<cv::Vec3b>(y, x) = colour(board.image.at<cv::Vec3b>(y, x), dx, dy);
      }
  }
  // A round top of `colour` over the middle of the cell whose lower-left corner is (f, r).
  void top(int f, int r, cv::Vec3b colour) {
    paint(f + 0.2f, r + 0.2f, f + 0.8f, r + 0.8f, [](float dx, float dy) { return dx * dx + dy * dy < 0.09f; },
          [colour](cv::Vec3b, float, float) { return colour; });
  }
  void prepare() {
    paperWhite.uniform(board, {204, 204, 204});
    reflectance.prepare(board, paperWhite);
    sampler.prepare(reflectance);
  }
  OccupantReading read(int f, int r, bool surfaceLikeAPiece = false) const {
    const CellAppearance swatch = sampler.sample({0, 0});  // a bare, evenly lit blue cell
    const cv::Point2f corner(static_cast<float>(f), static_cast<float>(r));
    const SurfaceEvidence evidence{sampler.shadedSurfaceShare(corner, swatch.centreReflectance), surfaceLikeAPiece};
    return classifyOccupant(sampler.sample(corner), swatch, evidence);
  }
};

cv::Vec3b darker(cv::Vec3b c, float by) {
  return cv::Vec3b(static_cast<uchar>(c[0] * by), static_cast<uchar>(c[1] * by), static_cast<uchar>(c[2] * by));
}

// A soft-edged band of shadow, 40% of a cell wide and half as bright at its core, across the
// middle of the cell at (2, 3) and on beyond it.
void shadowBand(BlueBoard& b) {
  b.paint(1.0f, 3.0f, 5.0f, 4.0f, [](float, float dy) { return std::abs(dy) < 0.3f; },
          [](cv::Vec3b c, float, float dy) { return darker(c, 0.5f + 0.5f * std::max(0.0f, std::abs(dy) - 0.1f) / 0.2f); });
}

TEST(ShadowEdge, AShadowBandAcrossABareCellIsReadAsBareNotAsAPiece) {
  BlueBoard b;
  shadowBand(b);
  b.prepare();
  const CellAppearance crossed = b.sampler.sample({2, 3}), swatch = b.sampler.sample({0, 0});
  // The colour test alone takes it for a piece: the band darkens and spreads the middle.
  EXPECT_GT(emptyDifference(crossed, swatch, OccupantOptions{}), OccupantOptions{}.occupiedDifference);
  EXPECT_GT(b.sampler.shadedSurfaceShare({2, 3}, swatch.centreReflectance), 0.95f);
  const OccupantReading reading = b.read(2, 3);
  EXPECT_EQ(reading.occupant, Occupant::Empty);
  EXPECT_GE(reading.confidence, 0.3f);  // the session's least confidence for a cell to count
}

TEST(ShadowEdge, OnASurfaceAPieceCanLookLikeInShadeTheShadowIsNotTakenForBarePaper) {
  BlueBoard b;
  shadowBand(b);
  b.prepare();
  EXPECT_NE(b.read(2, 3, /*surfaceLikeAPiece=*/true).occupant, Occupant::Empty);
}

TEST(ShadowEdge, APieceStandingInTheShadowBandIsStillAPiece) {
  BlueBoard b;
  b.top(3, 3, cv::Vec3b(120, 175, 205));  // boxwood
  shadowBand(b);
  b.prepare();
  // Its side may be unsure in the band's core (the band is not divided out here, as the light field
  // would), but it is a piece, never bare paper.
  const OccupantReading reading = b.read(3, 3);
  EXPECT_EQ(reading.occupant, Occupant::Light);
  EXPECT_GT(reading.confidence, 0.0f);
}

TEST(ShadowEdge, ABoxwoodTopInShadeIsLightAndAnEbonyTopWithAHighlightIsDark) {
  BlueBoard b;
  b.top(4, 5, darker(cv::Vec3b(120, 175, 205), 0.6f));  // boxwood in shade: about L* 50
  b.top(6, 5, cv::Vec3b(25, 25, 30));                   // ebony, with a highlight over a sixth of its top
  b.paint(6.35f, 5.35f, 6.65f, 5.65f, [](float dx, float dy) { return dx * dx + dy * dy < 0.015f; },
          [](cv::Vec3b, float, float) { return cv::Vec3b(250, 250, 250); });
  b.prepare();
  const OccupantReading shaded = b.read(4, 5), ebony = b.read(6, 5);
  EXPECT_EQ(shaded.occupant, Occupant::Light);
  EXPECT_EQ(ebony.occupant, Occupant::Dark);
  EXPECT_GE(ebony.confidence, 0.3f);
}

}  // namespace
}  // namespace tessera::camera
