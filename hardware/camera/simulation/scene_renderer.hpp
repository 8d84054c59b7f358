#pragma once
// Renders what the camera above the table would see: the printed board drawn from the spec
// (../shared/design/board-spec.md) for a Position, pieces seen from above (round tops, shading, a
// cast shadow), hands and arms, uneven and coloured light, then a camera pose within the spec,
// lens blur, sensor noise and JPEG compression. Test code only: the camera library never sees it.
#include <random>
#include <vector>

#include <opencv2/core.hpp>

#include "core/rules/position.hpp"

namespace tessera::scene {

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

  double blurSigma = 0.8;   // pixels
  double noiseSigma = 3.0;  // grey levels
  int jpegQuality = 85;     // 0: no compression

  double pieceRadius = 0.38;   // base, in cells
  double topRadius = 0.23;     // the round top
  double placementJitter = 0.05;  // pieces are not put down exactly in the middle
  cv::Vec3d lightPiece{196, 222, 240};  // BGR albedo of the light set (boxwood)
  cv::Vec3d darkPiece{38, 42, 52};      // ebonised
};

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
};

}  // namespace tessera::scene
