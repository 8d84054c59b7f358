#pragma once
// Where things are in the display image: the board with file and rank labels around it, and the
// status band below (message, result, clock). White sits at the bottom, as the players see it.
#include <optional>

#include <opencv2/core.hpp>

#include "core/rules/geometry.hpp"

namespace tessera::display {

struct PixelLayout {
  int cell = 64;     // pixels per square
  int margin = 28;   // around the board, for the coordinates
  int statusHeight = 128;  // portrait: the band below the board (what the landscape panel shows, in two columns)
  int left = 0;            // portrait: the board moved right by this much, centred in the frame's width
  int panelWidth = 0;     // landscape (a screen wider than tall): the status panel right of the board
  // Landscape: the cap height, in pixels, of the panel's headline (what the game waits for, or its
  // result) where it must be bigger than the pieces' letters to read from afar; 0: as big as theirs.
  int headlineCap = 0;
  // The size the panel's text is measured against, as the landscape panel's is against a square
  // (its side rows 0.42 of it, say); 0: a square. The portrait band, read close up, sets it smaller.
  int panelCell = 0;
  BoardSize size;

  cv::Size imageSize() const;
  cv::Rect cellRect(Square sq) const;
  cv::Point cellCentre(Square sq) const;
  // The square under a pixel (a tap, a click), or none off the board.
  std::optional<Square> squareAt(cv::Point pixel) const;
  cv::Rect statusRect() const;
};

// A layout that fits `size` into `target` pixels. A portrait target (the default, for PNG frames and
// /board.png) puts the board at the top, centred, and under it a band with what the landscape
// panel shows, in two columns; a landscape one (an 800x480 Pi screen, a
// 1080p monitor) gives the board the full height and the status a panel beside it, in letters
// sized to the squares so that they read from two metres (docs/display.md).
PixelLayout fitLayout(BoardSize size, cv::Size target = {720, 820});

// The cap height, in pixels, of letters that read from `metres` away on a screen of `pixels` whose
// diagonal is `inches`: 16 minutes of arc, the smallest character height ISO 9241-303 accepts, and
// a tenth more because a screen's stated size is its panel's, a little larger than what lights up.
int readableCapHeight(double inches, cv::Size pixels, double metres);

}  // namespace tessera::display
