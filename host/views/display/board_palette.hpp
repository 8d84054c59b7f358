#pragma once
// The display's colours (BGR), chosen to read from two metres: strong contrast between the
// surfaces, and marks in colours no surface uses.
#include <opencv2/core.hpp>

#include "core/observation/observation.hpp"

namespace tessera::display {

cv::Scalar surfaceColour(Surface s);
// Piece body and detail (letter) colours per side (four players get four sets).
cv::Scalar pieceFill(int side, int sides);
cv::Scalar pieceInk(int side, int sides);
// The line round a figurine's body: dark for every side, as on the boards players know.
cv::Scalar pieceOutline(int side, int sides);

inline const cv::Scalar kBackground{40, 40, 40};
inline const cv::Scalar kLastAction{0, 200, 255};    // amber frame
inline const cv::Scalar kLegalTarget{80, 220, 80};   // green dot and frame
inline const cv::Scalar kArrow{255, 120, 0};         // blue arrows
inline const cv::Scalar kFixSquare{0, 0, 230};       // red frame: put this square right
inline const cv::Scalar kText{240, 240, 240};
inline const cv::Scalar kSectorLine{20, 20, 20};

}  // namespace tessera::display
