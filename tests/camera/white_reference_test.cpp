// The white reference: the light over the board read from the paper margin around it. On a made-up
// rectified board lit unevenly (brighter to one side, warmer at the top) the field fitted to the
// margin must give the paper's colour inside the play area, also with things lying on the margin.
#include <gtest/gtest.h>

#include <cmath>

#include "hardware/camera/board_layout.hpp"
#include "hardware/camera/rectified_board.hpp"
#include "hardware/camera/white_reference.hpp"

namespace tessera::camera {
namespace {

// The paper's BGR at board point (x, y): linear in blue, with an x*y term in green and an x^2
// term in red, as a lamp to one side and a warm light above give.
cv::Vec3f paperAt(float x, float y) {
  return {150.0f + 6.0f * x + 2.0f * y, 170.0f + 5.0f * x - y + 0.2f * x * y, 190.0f + 3.0f * x - 0.25f * x * x + 2.0f * y};
}

RectifiedBoard whitePaper(const BoardLayout& layout) {
  const RectifiedArea area = rectifiedArea(layout);
  RectifiedBoard board;
  board.left = area.left;
  board.top = area.top;
  const int width = static_cast<int>(std::lround((area.right - area.left) * board.pixelsPerCell));
  const int height = static_cast<int>(std::lround((area.top - area.bottom) * board.pixelsPerCell));
  board.image.create(height, width, CV_8UC3);
  for (int py = 0; py < height; ++py)
    for (int px = 0; px < width; ++px) {
      const cv::Vec3f w = paperAt(board.left + (px + 0.5f) / board.pixelsPerCell, board.top - (py + 0.5f) / board.pixelsPerCell);
      board.image.at<cv::Vec3b>(py, px) = cv::Vec3b(cv::saturate_cast<uchar>(w[0]), cv::saturate_cast<uchar>(w[1]),
                                                    cv::saturate_cast<uchar>(w[2]));
    }
  return board;
}

// A dark thing (a captured piece's base) over the cell-sized square centred on (x, y).
void darkThingAt(RectifiedBoard& board, float x, float y) {
  board.image(board.pixels(x - 0.45f, y - 0.45f, x + 0.45f, y + 0.45f)).setTo(cv::Scalar(40, 35, 30));
}

void expectPaperInThePlayArea(const WhiteReference& white, const BoardLayout& layout) {
  for (int r = 0; r < layout.ranks; ++r)
    for (int f = 0; f < layout.files; ++f) {
      const cv::Vec3f fitted = white.at({f + 0.5f, r + 0.5f}), truth = paperAt(f + 0.5f, r + 0.5f);
      for (int c = 0; c < 3; ++c) EXPECT_NEAR(fitted[c], truth[c], 2.0f) << "cell " << f << "," << r << " channel " << c;
    }
}

TEST(WhiteReference, TheUnevenLightOverThePlayAreaIsReadFromTheMargin) {
  BoardLayout layout;
  WhiteReference white;
  ASSERT_TRUE(white.fit(whitePaper(layout), layout));
  expectPaperInThePlayArea(white, layout);
}

TEST(WhiteReference, ThingsLyingOnTheMarginAreLeftOut) {
  BoardLayout layout;
  RectifiedBoard board = whitePaper(layout);
  darkThingAt(board, -0.5f, 2.5f);
  darkThingAt(board, 8.5f, 5.5f);
  darkThingAt(board, 3.5f, -0.5f);
  darkThingAt(board, 5.5f, 8.5f);
  WhiteReference white;
  ASSERT_TRUE(white.fit(board, layout));
  expectPaperInThePlayArea(white, layout);
}

TEST(WhiteReference, NoMarginInViewIsNoFit) {
  BoardLayout layout;
  RectifiedBoard board = whitePaper(layout);
  // Only the play area: the margin and the strip are cut off.
  const cv::Rect play = board.pixels(0.0f, 0.0f, static_cast<float>(layout.files), static_cast<float>(layout.ranks));
  RectifiedBoard cropped = board;
  cropped.image = board.image(play).clone();
  cropped.left = 0.0f;
  cropped.top = static_cast<float>(layout.ranks);
  WhiteReference white;
  EXPECT_FALSE(white.fit(cropped, layout));
}

}  // namespace
}  // namespace tessera::camera
