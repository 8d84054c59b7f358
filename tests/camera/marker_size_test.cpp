// The marker search ignores outlines under a few pixels a side (LocatorOptions::minMarkerSidePixels),
// which spares it the thousands of specks that sensor noise makes in a dark room. The floor must
// stay under the smallest markers that can still be read, and a dark, noisy frame must still give
// the board.
#include <gtest/gtest.h>

#include "core/rules/position_text.hpp"
#include "hardware/camera/board_reader.hpp"
#include "hardware/camera/simulation/scene_renderer.hpp"
#include "hardware/camera/variant/variant_layout.hpp"
#include "tests/camera/plain_style.hpp"
#include "tests/camera/wrong_cells.hpp"

namespace tessera::camera {
namespace {

TEST(MarkerSize, MarkersOfTwelveToFourteenPixelsAreFound) {
  // Desert Dust's sheet (about 18 cells across) filling 60% and 65% of a VGA frame's height:
  // markers (0.7 of a cell) of 12.6 and 13.6 pixels, below the 15 pixels that docs/camera.md
  // says a 12x12 board at 1 m gives. (At 10 to 12 pixels ArUco itself reads some and not others.)
  const Variant& variant = builtinVariant("desert-dust");
  const Position pos = startPosition(variant);
  for (double fill : {0.6, 0.65}) {
    scene::SceneStyle style = plainStyle({640, 480});
    style.fill = fill;
    scene::SceneRenderer renderer(variant, style, 3);
    const double markerPixels = 0.7 * cv::norm(renderer.imagePoint({6, 6}) - renderer.imagePoint({7, 6}));
    ASSERT_LT(markerPixels, 14.0) << "the scene's markers are not small";
    BoardReader reader{layoutForVariant(variant)};
    const FrameReading reading = reader.read(renderer.render(pos));
    EXPECT_EQ(reading.location.markersSeen, 4) << "markers of " << markerPixels << " px";
    EXPECT_TRUE(reading.readable) << "markers of " << markerPixels << " px";
  }
}

TEST(MarkerSize, ADarkNoisyRoomStillGivesTheBoard) {
  // A webcam at full gain in a dim room: half the light, noise of 20 grey levels.
  const Variant& variant = builtinVariant("chess");
  const Position pos = startPosition(variant);
  scene::SceneStyle style = plainStyle({1280, 720});
  style.lightGain = 0.5;
  style.noiseSigma = 20.0;
  scene::SceneRenderer renderer(variant, style, 4);
  BoardReader reader{layoutForVariant(variant)};
  const FrameReading reading = reader.read(renderer.render(pos));
  ASSERT_TRUE(reading.readable);
  EXPECT_EQ(reading.location.markersSeen, 4);
  EXPECT_EQ(wrongCells(reading, pos), 0);
}

}  // namespace
}  // namespace tessera::camera
