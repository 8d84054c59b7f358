#pragma once
// Renders what the camera above the table would see: the printed board drawn from the spec
// (../shared/design/board-spec.md) for a Position, pieces seen from above (round tops, shading, a
// cast shadow), hands and arms, uneven and coloured light, then a camera pose within the spec,
// lens blur, sensor noise and JPEG compression. Test code only: the camera library never sees it.
#include <random>
#include <vector>

#include <opencv2/core.hpp>

#include "core/observation/observation.hpp"
#include "core/rules/position.hpp"

namespace tessera::scene {

// A shadow cast over part of the sheet by something off the board (a person beside the table, the
// shade of a lamp): `depth` darker at its core, fading over `softness` cells at its edge, and tinted
// (the light that still reaches it is often another light, bluer or warmer).
struct CastShadow {
  enum class Shape { Band, Blob };
  Shape shape = Shape::Band;
  cv::Point2d centre{0.5, 0.5};  // sheet fractions: a point of the band's edge, or the blob's middle
  double angleDeg = 0.0;         // the band's edge direction (the shadow lies to its left), the blob's turn
  cv::Point2d radii{0.2, 0.15};  // the blob's half axes, sheet fractions
  double depth = 0.35;           // share of the light taken away at the core
  double softness = 1.0;         // cells over which the edge fades
  cv::Vec3d tint{1, 1, 1};       // BGR multipliers of the light left in the shadow
};

// Everything that stays the same for one recording: camera, light, print and piece looks.
struct SceneStyle {
  cv::Size imageSize{1280, 720};
  double cellMm = 40.0;       // 25..60 mm per the spec
  double distanceMm = 700.0;  // 400..1000
  double tiltDeg = 15.0;      // 0..30 from vertical
  double azimuthDeg = 0.0;    // where the camera leans toward
  double rollDeg = 0.0;       // board rotation in the image: any
  double fill = 0.85;         // share of the image the sheet spans in its tighter direction
  cv::Point2d centreShift{0, 0};  // -1..1 of the free image margin

  double lightGain = 1.0;             // overall exposure
  cv::Vec3d lightTint{1, 1, 1};       // BGR multipliers: warm lamp, cool daylight
  cv::Point2d lightGradient{0, 0};    // relative change per board width / height
  cv::Point2d spotCentre{0.5, 0.5};   // in sheet fractions
  double spotStrength = 0.0;          // darkening toward the sheet corners, 0..0.4
  cv::Point2d shadowOffset{0.05, -0.05};  // cast shadow of a piece, in cells
  std::vector<CastShadow> shadows;        // shadows of things off the board

  double blurSigma = 0.8;   // pixels
  double noiseSigma = 3.0;  // grey levels
  int jpegQuality = 85;     // 0: no compression
  // Radial lens distortion: the share by which a point at the image's corner lies farther out (> 0:
  // barrel, a wide lens bowing straight lines outward) or nearer in (< 0: pincushion) than a
  // pinhole camera would put it. 0.1 is a cheap webcam; 0.25 a wide lens such as the Pi Camera Wide.
  double lensBarrel = 0.0;

  double pieceRadius = 0.38;   // base, in cells
  double topRadius = 0.23;     // the round top
  double placementJitter = 0.05;  // pieces are not put down exactly in the middle
  cv::Vec3d lightPiece{196, 222, 240};  // BGR albedo of the light set (boxwood)
  cv::Vec3d darkPiece{38, 42, 52};      // ebonised

  // Loose paper (colour squares, tiles, anti-tiles, sector cards) as players lay it: off its cell by
  // up to `paperShift` of a cell, turned by up to `paperTurnDeg`, and curled so that its light
  // changes across it by up to `paperCurl` with a thin shadow under its lifted edge. All 0: laid
  // exactly, as if printed.
  double paperShift = 0.0;
  double paperTurnDeg = 0.0;
  double paperCurl = 0.0;
};

// The rooms a board is read in, beyond the spec's camera and light ranges of randomStyle:
// each condition changes a style as such a room would.
enum class RoomCondition {
  Plain,           // randomStyle as it is
  ShadowBand,      // a soft shadow across part of the board (a person beside the table)
  ShadowBlob,      // a soft round shadow (a lamp's shade, a head)
  StrongGradient,  // a lamp at one side: 2:1 across the board, vignetting, white balance off
  Barrel,          // a wide lens
  Pincushion,      // a tele lens's opposite bend
  MessyPaper,      // loose paper laid off its cell and turned, curled; pieces off centre; long piece shadows
  Everything,      // all of the above at once (one lens)
};
constexpr RoomCondition kRoomConditions[] = {RoomCondition::Plain,      RoomCondition::ShadowBand,
                                             RoomCondition::ShadowBlob, RoomCondition::StrongGradient,
                                             RoomCondition::Barrel,     RoomCondition::Pincushion,
                                             RoomCondition::MessyPaper, RoomCondition::Everything};
const char* roomConditionName(RoomCondition c);
// Changes `style` as the room condition would, drawing from `rng`.
void applyRoomCondition(SceneStyle& style, RoomCondition condition, std::mt19937& rng);

// A random style within the spec for a sheet `sheetCells` cells across at its widest (see
// sheetCells()). `hard` widens light and pose ranges to the spec's limits.
SceneStyle randomStyle(std::mt19937& rng, cv::Size imageSize, double sheetCells, bool hard = true);
double sheetCells(const Variant& variant);

// A hand reaching over the board: the fingertips at `tip` (cells, board coordinates), the arm
// coming in from direction `fromAngleDeg` (0: from the right of the board, 90: from beyond the
// last rank).
struct Hand {
  cv::Point2d tip;
  double fromAngleDeg = 270.0;
  cv::Vec3d skin{120, 150, 205};
};

class SceneRenderer {
 public:
  SceneRenderer(const Variant& variant, SceneStyle style, unsigned seed);
  const SceneStyle& style() const { return style_; }
  // A lamp switched on or off, clouds, evening: the same scene under another light.
  void changeLight(double gain, cv::Vec3d tint, cv::Point2d gradient);

  // One camera frame (BGR) of `pos` with the hands over it.
  cv::Mat render(const Position& pos, const std::vector<Hand>& hands = {});
  // The print and pieces as seen exactly from above, before light and camera (for inspection).
  cv::Mat topDown(const Position& pos, const std::vector<Hand>& hands = {});
  // Where the camera sees board point p (cells).
  cv::Point2d imagePoint(cv::Point2d board) const;
  // Covers a marker in the next renders (a sleeve resting on it), or not.
  void coverMarker(int id, bool covered) {
    covered_[id] = covered;
    litSheet_.release();
  }

 private:
  void drawPrint(cv::Mat& sheet, const Position& pos) const;
  void drawLoosePaper(cv::Mat& sheet, const Position& pos) const;
  void distort(cv::Mat& image) const;
  double shadowCover(const CastShadow& shadow, cv::Point2d cell) const;  // 0..1 at board point `cell`
  void drawPiece(cv::Mat& sheet, cv::Point2d centre, bool light) const;
  void drawHand(cv::Mat& sheet, const Hand& hand) const;
  void applyLight(cv::Mat& sheet) const;
  cv::Point2d toTexture(cv::Point2d board) const;
  void computeCamera();

  const Variant* variant_;
  SceneStyle style_;
  std::mt19937 rng_;
  int texelsPerCell_ = 40;
  double left_, right_, bottom_, top_;  // texture extent, cells
  cv::Matx33d textureToImage_;
  cv::Matx33d boardToImage_;
  cv::Mat lightField_;
  cv::Mat litSheet_;  // the last still board, lit
  std::uint64_t litKey_ = 0;
  std::vector<cv::Mat> markers_;
  bool covered_[4] = {false, false, false, false};
  std::vector<cv::Point2d> jitter_;  // per square, fixed per renderer so still frames agree
  struct PaperLie {
    cv::Point2d shift;
    double turn = 0.0;     // radians
    double curlAngle = 0.0;
  };
  std::vector<PaperLie> paperLie_;
  std::vector<Surface> printed_;  // what the sheet prints on each cell, rank by rank  // per square (per sector slot for sector cards), fixed per renderer
  cv::Mat distortionMapX_, distortionMapY_;
};

}  // namespace tessera::scene
