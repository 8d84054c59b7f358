#pragma once
// Draws a figurine (figurines.hpp) into a square of an image: its paths flattened into polygons,
// filled by the even-odd rule as the page's SVG fills them (fill-rule="evenodd"), anti-aliased.
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "host/views/display/figurines.hpp"

namespace tessera::display {

// The subpaths of a path (M, L, C, Q, Z, absolute), curves flattened, in the box's units. Throws
// std::invalid_argument for any other command or a missing number.
std::vector<std::vector<cv::Point2d>> flattenPath(const std::string& path);

// Draws `f` into `box` (a square; the figurine's 100 units across it) in the side's `fill` (bodies),
// `ink` (details) and `outline` (round the bodies; board_palette.hpp has each side's three).
void drawFigurine(cv::Mat& img, const cv::Rect& box, const Figurine& f, const cv::Scalar& fill, const cv::Scalar& ink,
                  const cv::Scalar& outline);

}  // namespace tessera::display
