// On a light square a boxwood top has the square's own colour in shade, so colour cannot tell it
// from a shadow's edge or a lamp's spot across bare paper. Their shading can: paper under uneven
// light is smooth, a piece's outline is as sharp as the sheet's printed edges, however sharp the
// camera sees those. A made-up rectified chess board under white paper of 204: light squares
// crossed by a soft shadow band and by a lamp's spot, and boxwood tops, seen sharp and seen blurred.
#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "hardware/camera/cell_sampler.hpp"
#include "hardware/camera/occupant_classifier.hpp"
#include "hardware/camera/printed_edge_sharpness.hpp"

namespace tessera::camera {
namespace {

const cv::Vec3b kLightSquare(130, 170, 195), kDarkSquare(50, 85, 125);

cv::Vec3b scaled(cv::Vec3b c, float by) {
  return cv::Vec3b(cv::saturate_cast<uchar>(c[0] * by), cv::saturate_cast<uchar>(c[1] * by), cv::saturate_cast<uchar>(c[2] * by));
}

bool light(int f, int r) { return (f + r) % 2 == 1; }

struct ChessSheet {
  RectifiedBoard board;
  LightField paperWhite;
  ReflectanceImage reflectance;
  CellSampler sampler{ColourSpace::WhiteLab};
  Observation cells{8, 8};

  ChessSheet() {
    board.left = -1.0f;
    board.top = 9.0f;
    board.image = cv::Mat(10 * board.pixelsPerCell, 10 * board.pixelsPerCell, CV_8UC3, cv::Vec3b(204, 204, 204));
    for (int r = 0; r < 8; ++r)
      for (int f = 0; f < 8; ++f) {
        board.image(board.pixels(f, r, f + 1, r + 1)) = light(f, r) ? kLightSquare : kDarkSquare;
        cells.at(f, r).surface = light(f, r) ? Surface::LightSquare : Surface::DarkSquare;
        cells.at(f, r).occupant = Occupant::Empty;
        cells.at(f, r).occupantConfidence = 1.0f;
      }
  }
  // Every pixel of the cell at (f, r), and `spill` cells around it, becomes colour(pixel, dx, dy),
  // (dx, dy) from the cell's centre, in cells.
  template <typename Colour>
  void paint(int f, int r, float spill, Colour colour) {
    const cv::Rect area = board.pixels(f - spill, r - spill, f + 1 + spill, r + 1 + spill);
    const cv::Rect cell = board.pixels(f, r, f + 1, r + 1);
    const float cx = cell.x + cell.width / 2.0f, cy = cell.y + cell.height / 2.0f;
    for (int y = area.y; y < area.y + area.height; ++y)
      for (int x = area.x; x < area.x + area.width; ++x) {
        const float dx = (x + 0.5f - cx) / board.pixelsPerCell, dy = (y + 0.5f - cy) / board.pixelsPerCell;
        board.image.at<cv::Vec3b>(y, x) = colour(board.image.at<cv::Vec3b>(y, x), dx, dy);
      }
  }
  // A soft band of shadow along the files, through the cell's middle and on into its neighbours:
  // 60% as bright at its core, its edges ramps a fifth of a cell wide.
  void shadowBand(int f, int r) {
    paint(f, r, 1.0f, [](cv::Vec3b c, float dx, float) {
      const float depth = std::clamp((0.3f - std::abs(dx - 0.1f)) / 0.2f, 0.0f, 1.0f);
      return scaled(c, 1.0f - 0.4f * depth);
    });
  }
  // A lamp's spot the light field missed: up to 1.3 times as bright, fading over half a cell.
  void lampSpot(int f, int r) {
    paint(f, r, 0.0f, [](cv::Vec3b c, float dx, float dy) {
      const float d = std::sqrt(dx * dx + dy * dy);
      return scaled(c, 1.0f + 0.3f * std::clamp(1.0f - d / 0.5f, 0.0f, 1.0f));
    });
  }
  // A boxwood top: the light square's colour at 70%, a round outline inside the middle half of
  // the cell and a lit rim on one side.
  void boxwoodTop(int f, int r) {
    paint(f, r, 0.0f, [](cv::Vec3b c, float dx, float dy) {
      const float d2 = dx * dx + dy * dy;
      if (d2 >= 0.045f) return c;
      return scaled(kLightSquare, dx + dy > 0.15f ? 0.95f : 0.7f);
    });
    cells.at(f, r).occupant = Occupant::Light;
  }
  void blur(double sigma) { cv::GaussianBlur(board.image, board.image, cv::Size(), sigma); }

  void prepare() {
    paperWhite.uniform(board, {204, 204, 204});
    reflectance.prepare(board, paperWhite);
    sampler.prepare(reflectance);
  }
  // The cell read as BoardReader reads it once the printed edges are measured.
  OccupantReading read(int f, int r) const {
    const CellAppearance swatch = sampler.sample({1, 0});  // a bare light square, evenly lit
    const cv::Point2f corner(static_cast<float>(f), static_cast<float>(r));
    SurfaceEvidence evidence{sampler.shadedSurfaceShare(corner, swatch.centreReflectance), true};
    evidence.unevenlyLitShare = sampler.unevenlyLitSurfaceShare(corner, swatch.centreReflectance);
    evidence.sharpness = sampler.middleSharpness(corner) / printedEdgeSharpness(reflectance, cells);
    return classifyOccupant(sampler.sample(corner), swatch, evidence);
  }
};

TEST(SmoothShading, AShadowBandAndALampsSpotOnBareLightSquaresAreReadAsBare) {
  ChessSheet sheet;
  sheet.shadowBand(3, 4);
  sheet.lampSpot(5, 2);
  sheet.prepare();
  ASSERT_GT(printedEdgeSharpness(sheet.reflectance, sheet.cells), 0.0f);
  for (const auto [f, r] : {std::pair{3, 4}, std::pair{5, 2}}) {
    // Without the shading the colour test takes it for a piece, and its surface share for nothing.
    const CellAppearance swatch = sheet.sampler.sample({1, 0});
    SurfaceEvidence colourOnly{sheet.sampler.shadedSurfaceShare({float(f), float(r)}, swatch.centreReflectance), true};
    EXPECT_NE(classifyOccupant(sheet.sampler.sample({float(f), float(r)}), swatch, colourOnly).occupant, Occupant::Empty)
        << f << "," << r;
    const OccupantReading reading = sheet.read(f, r);
    EXPECT_EQ(reading.occupant, Occupant::Empty) << f << "," << r;
    EXPECT_GE(reading.confidence, 0.3f);  // the session's least confidence for a cell to count
  }
}

TEST(SmoothShading, ABoxwoodTopIsAPieceSeenSharpOrBlurred) {
  for (const double blur : {0.0, 1.2}) {
    ChessSheet sheet;
    sheet.boxwoodTop(3, 4);
    sheet.boxwoodTop(5, 2);
    sheet.shadowBand(5, 2);  // and one of them in a shadow's band
    if (blur > 0) sheet.blur(blur);
    sheet.prepare();
    for (const auto [f, r] : {std::pair{3, 4}, std::pair{5, 2}}) {
      EXPECT_EQ(sheet.read(f, r).occupant, Occupant::Light) << f << "," << r << " blurred by " << blur;
    }
  }
}

TEST(SmoothShading, WithoutEnoughPrintedEdgesInSightNoCellIsJudgedByItsShading) {
  ChessSheet sheet;
  for (int r = 0; r < 8; ++r)
    for (int f = 0; f < 8; ++f)
      if (r > 0 || f > 2) sheet.cells.at(f, r).occupant = Occupant::Dark;  // a1, b1, c1 bare: 2 edges
  sheet.prepare();
  EXPECT_EQ(printedEdgeSharpness(sheet.reflectance, sheet.cells), 0.0f);
  sheet.cells.at(0, 1).occupant = Occupant::Empty;  // a2 too: 4 edges
  sheet.cells.at(1, 1).occupant = Occupant::Empty;
  EXPECT_GT(printedEdgeSharpness(sheet.reflectance, sheet.cells), 0.0f);
}

}  // namespace
}  // namespace tessera::camera
