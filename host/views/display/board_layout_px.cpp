#include "board_layout_px.hpp"

#include <algorithm>
#include <cmath>

namespace tessera::display {

cv::Size PixelLayout::imageSize() const {
  return {2 * (left + margin) + size.files * cell + panelWidth, 2 * margin + size.ranks * cell + statusHeight};
}

cv::Rect PixelLayout::cellRect(Square sq) const {
  const int x = left + margin + fileOf(sq) * cell;
  const int y = margin + (size.ranks - 1 - rankOf(sq)) * cell;
  return {x, y, cell, cell};
}

cv::Point PixelLayout::cellCentre(Square sq) const {
  const cv::Rect r = cellRect(sq);
  return {r.x + r.width / 2, r.y + r.height / 2};
}

std::optional<Square> PixelLayout::squareAt(cv::Point pixel) const {
  const int x = pixel.x - left - margin, y = pixel.y - margin;
  if (x < 0 || y < 0 || cell <= 0) return std::nullopt;
  const int file = x / cell, rankFromTop = y / cell;
  if (file >= size.files || rankFromTop >= size.ranks) return std::nullopt;
  return makeSquare(file, size.ranks - 1 - rankFromTop);
}

cv::Rect PixelLayout::statusRect() const {
  const cv::Size s = imageSize();
  if (panelWidth > 0) return {s.width - panelWidth, 0, panelWidth, s.height};
  return {0, s.height - statusHeight, s.width, statusHeight};
}

PixelLayout fitLayout(BoardSize size, cv::Size target) {
  PixelLayout layout;
  layout.size = size;
  const int files = std::max(1, size.files), ranks = std::max(1, size.ranks);
  if (target.width * 4 >= target.height * 5) {
    // Landscape: the board as tall as the screen allows, at least 35% of the width for the panel.
    layout.statusHeight = 0;
    layout.margin = std::max(28, target.height / (ranks * 5));
    const int byHeight = (target.height - 2 * layout.margin) / ranks;
    const int byWidth = (target.width * 65 / 100 - 2 * layout.margin) / files;
    layout.cell = std::clamp(std::min(byWidth, byHeight), 24, 256);
    layout.panelWidth = std::max(0, target.width - 2 * layout.margin - files * layout.cell);
    return layout;
  }
  // Portrait: the band takes 29% of the height (a 12x12 board keeps squares of 48 pixels in 800x900),
  // its text sized to the band, not to the squares: it is read close up.
  layout.statusHeight = std::max(128, target.height * 29 / 100);
  const int byWidth = (target.width - 2 * layout.margin) / files;
  const int byHeight = (target.height - 2 * layout.margin - layout.statusHeight) / ranks;
  layout.cell = std::clamp(std::min(byWidth, byHeight), 24, 128);
  layout.left = std::max(0, (target.width - 2 * layout.margin - files * layout.cell) / 2);
  layout.panelCell = std::min(layout.cell, layout.statusHeight / 6);
  return layout;
}

int readableCapHeight(double inches, cv::Size pixels, double metres) {
  const double diagonalPixels = std::hypot(pixels.width, pixels.height);
  const double heightMm = inches * 25.4 * pixels.height / diagonalPixels;
  const double arc = 16.0 / 60.0 * M_PI / 180.0;
  const double capMm = 2 * metres * 1000 * std::tan(arc / 2) * 1.1;
  return static_cast<int>(std::ceil(capMm * pixels.height / heightMm));
}

}  // namespace tessera::display
