// A frame wider than any camera gives (a corrupt JPEG header can declare 40,000 pixels) shows no
// board, and does not bring the program down: ArUco's marker search aborts with an exception on
// images of 32,767 pixels a side or more. Found by fuzz_camera_frame (2026-11-27).
#include <gtest/gtest.h>

#include "core/rules/position_text.hpp"
#include "hardware/camera/board_reader.hpp"
#include "hardware/camera/frame_source.hpp"
#include "hardware/camera/simulation/scene_renderer.hpp"
#include "hardware/camera/variant/variant_layout.hpp"

namespace tessera::camera {
namespace {

TEST(OversizedFrame, ShowsNoBoardAndThrowsNothing) {
  const Variant& variant = builtinVariant("chess");
  scene::SceneRenderer renderer(variant, scene::SceneStyle{}, 1);
  const cv::Mat scene = renderer.render(startPosition(variant));
  BoardReader reader{layoutForVariant(variant)};
  ASSERT_TRUE(reader.read(scene).readable);

  // The same board at the left of a 33,000-pixel-wide frame: its markers are there to be found.
  cv::Mat wide(scene.rows, 33000, CV_8UC3, cv::Scalar(128, 128, 128));
  scene.copyTo(wide(cv::Rect(0, 0, scene.cols, scene.rows)));
  FrameReading reading;
  ASSERT_NO_THROW(reading = reader.read(wide));
  EXPECT_FALSE(reading.readable);
  EXPECT_FALSE(reading.location.found());

  // And the reader goes on with the next, ordinary frame.
  EXPECT_TRUE(reader.read(scene).readable);
  EXPECT_FALSE(reader.read(cv::Mat()).readable);
}

}  // namespace
}  // namespace tessera::camera
