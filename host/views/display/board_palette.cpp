#include "board_palette.hpp"

namespace tessera::display {

cv::Scalar surfaceColour(Surface s) {
  switch (s) {
    case Surface::LightSquare: return {181, 217, 240};
    case Surface::DarkSquare: return {99, 136, 181};
    case Surface::Yellow: return {40, 210, 240};
    case Surface::Purple: return {150, 60, 130};
    case Surface::Red: return {50, 50, 210};
    case Surface::LightBlue: return {235, 200, 130};
    case Surface::DarkGreen: return {40, 110, 30};
    case Surface::Blue: return {170, 70, 20};
    case Surface::Green: return {60, 170, 60};
    case Surface::Void: return {70, 70, 70};
    case Surface::AntiTile: return {200, 200, 200};
    case Surface::Unknown: break;
  }
  return {128, 128, 128};
}

cv::Scalar pieceFill(int side, int sides) {
  if (sides == 2) return side == 0 ? cv::Scalar(250, 250, 250) : cv::Scalar(25, 25, 25);
  static const cv::Scalar kFour[4] = {{250, 250, 250}, {30, 30, 30}, {60, 60, 200}, {200, 120, 40}};
  return kFour[side % 4];
}

cv::Scalar pieceInk(int side, int sides) {
  if (sides == 2) return side == 0 ? cv::Scalar(20, 20, 20) : cv::Scalar(245, 245, 245);
  return side == 0 ? cv::Scalar(20, 20, 20) : cv::Scalar(245, 245, 245);
}

cv::Scalar pieceOutline(int, int) { return {20, 20, 20}; }

}  // namespace tessera::display
