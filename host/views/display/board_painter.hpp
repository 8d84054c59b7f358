#pragma once
// Draws a BoardScene into a BGR image: terrain (board and paper colours, tiles, void, anti-tiles,
// sector outlines), the last action, legal destinations, pieces with their letters, the engine's
// arrows, the squares to put right after a mismatch, and the status band.
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "host/views/display/board_layout_px.hpp"
#include "host/views/display/board_scene.hpp"

namespace tessera::display {

// A line of text as drawn: the pixels it covers and the box it was meant to stay in (for tests).
struct DrawnText {
  std::string text;
  cv::Rect drawn;
  cv::Rect box;
};

class BoardPainter {
 public:
  explicit BoardPainter(PixelLayout layout) : layout_(layout) {}
  const PixelLayout& layout() const { return layout_; }
  // `texts`: if given, every line of text the panel draws is added to it.
  cv::Mat draw(const BoardScene& scene, std::vector<DrawnText>* texts = nullptr) const;

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
  // The panel's parts, each from `y` down (moved past what it drew), none below `limit`.
  void drawSides(cv::Mat& img, const BoardScene& scene, const cv::Rect& box, int& y, int limit) const;
  void drawEvaluation(cv::Mat& img, const BoardScene& scene, const cv::Rect& box, int& y, int limit) const;
  void drawStanding(cv::Mat& img, const SideView& s, int side, int sides, const cv::Rect& gauge, double scale,
                    const cv::Rect& box) const;
  void drawPool(cv::Mat& img, const BoardScene& scene, const cv::Rect& box, int& y, int limit) const;
  // Returns the top of the legend drawn at the bottom (`bottom` when none fits in `room`).
  int drawLegend(cv::Mat& img, const BoardScene& scene, const cv::Rect& box, int top, int bottom, int room) const;
  void drawRecord(cv::Mat& img, const BoardScene& scene, const cv::Rect& box, int top, int bottom) const;
  void text(cv::Mat& img, const std::string& line, cv::Point origin, double scale, int thickness,
            const cv::Scalar& colour, const cv::Rect& box) const;

  // What the panel's text is sized against (PixelLayout::panelCell).
  int unit() const { return layout_.panelCell > 0 ? layout_.panelCell : layout_.cell; }

  PixelLayout layout_;
  mutable std::vector<DrawnText>* texts_ = nullptr;  // during draw()
};

}  // namespace tessera::display
