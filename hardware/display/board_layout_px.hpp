#pragma once
// Where things are in the display image: the board with file and rank labels around it, and the
// status band below (message, result, clock). White sits at the bottom, as the players see it.
#include <opencv2/core.hpp>

#include "core/geometry.hpp"

namespace tessera::display {

struct PixelLayout {
  int cell = 64;     // pixels per square
  int margin = 28;   // around the board, for the coordinates
  int statusHeight = 96;
  BoardSize size;

  cv::Size imageSize() const;
  cv::Rect cellRect(Square sq) const;
  cv::Point cellCentre(Square sq) const;
  cv::Rect statusRect() const;
};

// A layout that fits `size` into roughly `target` pixels (an 800x480 Pi screen, a 1080p monitor).
PixelLayout fitLayout(BoardSize size, cv::Size target = {720, 820});

}  // namespace tessera::display
