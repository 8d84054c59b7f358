#pragma once
// Draws a BoardScene into a BGR image: terrain (board and paper colours, tiles, void, anti-tiles,
// sector outlines), the last action, legal destinations, pieces with their letters, the engine's
// arrows, the squares to put right after a mismatch, and the status band.
#include <opencv2/core.hpp>

#include "host/views/display/board_layout_px.hpp"
#include "host/views/display/board_scene.hpp"

namespace tessera::display {

class BoardPainter {
 public:
  explicit BoardPainter(PixelLayout layout) : layout_(layout) {}
  const PixelLayout& layout() const { return layout_; }
  cv::Mat draw(const BoardScene& scene) const;

 private:
  void drawTerrain(cv::Mat& img, const Position& pos) const;
  void drawSectors(cv::Mat& img, const Position& pos) const;
  void drawFrame(cv::Mat& img, Square sq, const cv::Scalar& colour, int inset) const;
  void drawMovable(cv::Mat& img, Square sq) const;
  void drawLegalTarget(cv::Mat& img, const Position& pos, Square sq) const;
  void drawCorrections(cv::Mat& img, const BoardScene& scene) const;
  void drawPieces(cv::Mat& img, const Position& pos) const;
  void drawArrows(cv::Mat& img, const std::vector<Arrow>& arrows) const;
  void drawPlaced(cv::Mat& img, const std::vector<Arrow>& arrows, const Arrow& drop, int thickness) const;
  void drawCoordinates(cv::Mat& img) const;
  void drawStatus(cv::Mat& img, const BoardScene& scene) const;
  void drawPanel(cv::Mat& img, const BoardScene& scene) const;

  PixelLayout layout_;
};

}  // namespace tessera::display
