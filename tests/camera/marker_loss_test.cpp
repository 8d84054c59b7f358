// The board stays found while hands or sleeves cover some of its markers, is recomputed when it
// moved meanwhile, is reported lost when no marker shows, and is found again when they reappear.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include <opencv2/aruco.hpp>
#include <opencv2/imgproc.hpp>

#include "core/rules/position_text.hpp"
#include "hardware/camera/board_reader.hpp"
#include "hardware/camera/simulation/scene_renderer.hpp"
#include "hardware/camera/variant/variant_layout.hpp"
#include "tests/camera/wrong_cells.hpp"

namespace tessera::camera {
namespace {

class MarkerLoss : public ::testing::Test {
 protected:
  const Variant& variant = builtinVariant("chess");
  Position pos = startPosition(variant);
  std::mt19937 rng{7};
  scene::SceneStyle style = scene::randomStyle(rng, {1280, 720}, scene::sheetCells(variant), false);
  BoardReader reader{layoutForVariant(variant)};
};

TEST_F(MarkerLoss, KeepsTheBoardWhileOneOrTwoMarkersAreCovered) {
  scene::SceneRenderer renderer(variant, style, 1);
  FrameReading r = reader.read(renderer.render(pos));
  ASSERT_EQ(r.location.how, BoardLocation::How::Fresh);
  EXPECT_EQ(r.location.markersSeen, 4);

  renderer.coverMarker(2, true);
  r = reader.read(renderer.render(pos));
  EXPECT_EQ(r.location.how, BoardLocation::How::Kept);
  EXPECT_EQ(r.location.markersSeen, 3);
  ASSERT_TRUE(r.readable);
  EXPECT_EQ(wrongCells(r, pos), 0);

  renderer.coverMarker(1, true);
  r = reader.read(renderer.render(pos));
  EXPECT_EQ(r.location.how, BoardLocation::How::Kept);
  EXPECT_EQ(r.location.markersSeen, 2);
  EXPECT_EQ(wrongCells(r, pos), 0);

  renderer.coverMarker(1, false);
  renderer.coverMarker(2, false);
  r = reader.read(renderer.render(pos));
  EXPECT_EQ(r.location.how, BoardLocation::How::Fresh);
  EXPECT_EQ(wrongCells(r, pos), 0);
}

TEST_F(MarkerLoss, ReportsTheBoardLostWithNoMarkerAndFindsItAgain) {
  scene::SceneRenderer renderer(variant, style, 2);
  ASSERT_TRUE(reader.read(renderer.render(pos)).readable);
  for (int id = 0; id < 4; ++id) renderer.coverMarker(id, true);
  const FrameReading lost = reader.read(renderer.render(pos));
  EXPECT_FALSE(lost.location.found());
  EXPECT_FALSE(lost.readable);
  for (int id = 0; id < 4; ++id) renderer.coverMarker(id, false);
  const FrameReading back = reader.read(renderer.render(pos));
  EXPECT_EQ(back.location.how, BoardLocation::How::Fresh);
  EXPECT_EQ(wrongCells(back, pos), 0);
}

TEST_F(MarkerLoss, RecomputesWhenTheBoardWasNudgedWhileAMarkerWasCovered) {
  scene::SceneRenderer before(variant, style, 3);
  ASSERT_TRUE(reader.read(before.render(pos)).readable);
  scene::SceneStyle nudged = style;
  nudged.rollDeg += 4.0;  // the board turned a little under a sleeve
  nudged.centreShift.x += 0.1;
  scene::SceneRenderer after(variant, nudged, 3);
  after.coverMarker(3, true);
  const FrameReading r = reader.read(after.render(pos));
  EXPECT_EQ(r.location.how, BoardLocation::How::Fresh);
  EXPECT_EQ(r.location.markersSeen, 3);
  EXPECT_EQ(wrongCells(r, pos), 0);
}

TEST_F(MarkerLoss, DoesNotTrustAnOldHomographyTheVisibleMarkersContradict) {
  scene::SceneRenderer before(variant, style, 4);
  ASSERT_TRUE(reader.read(before.render(pos)).readable);
  scene::SceneStyle moved = style;
  moved.rollDeg += 30.0;
  scene::SceneRenderer after(variant, moved, 4);
  after.coverMarker(0, true);
  after.coverMarker(1, true);
  const FrameReading r = reader.read(after.render(pos));
  // Two markers are too few for a fresh homography, and they disagree with the old one.
  EXPECT_FALSE(r.location.found());
}

// A marker of the same family that is not the sheet's (the next id, as on another sheet or a
// sticker on the table) lies in view: it is ignored, and the sheet is still found from its own
// four, in every frame.
TEST_F(MarkerLoss, AStrayMarkerInViewIsIgnored) {
  scene::SceneRenderer renderer(variant, style, 1);
  const cv::Mat clean = renderer.render(pos);
  ASSERT_EQ(reader.read(clean).location.markersSeen, 4);
  cv::Mat withStray = clean.clone();
  const auto dictionary = cv::aruco::getPredefinedDictionary(cv::aruco::DICT_4X4_50);
  cv::Mat marker;
  cv::aruco::drawMarker(dictionary, BoardLayout::kMarkerCount, 60, marker, 1);  // the first id not on the sheet
  cv::Mat stray(100, 100, CV_8UC1, cv::Scalar(255));
  marker.copyTo(stray(cv::Rect(20, 20, 60, 60)));
  cv::cvtColor(stray, stray, cv::COLOR_GRAY2BGR);
  // Wherever the table is bare: a corner of the frame where all five markers can be seen.
  const auto idsSeen = [&](const cv::Mat& image) {
    std::vector<std::vector<cv::Point2f>> corners;
    std::vector<int> ids;
    cv::Mat grey;
    cv::cvtColor(image, grey, cv::COLOR_BGR2GRAY);
    cv::aruco::detectMarkers(grey, dictionary, corners, ids);
    std::sort(ids.begin(), ids.end());
    return ids;
  };
  bool placed = false;
  for (const cv::Point at : {cv::Point(0, 0), cv::Point(1180, 0), cv::Point(0, 620), cv::Point(1180, 620)}) {
    cv::Mat trial = clean.clone();
    stray.copyTo(trial(cv::Rect(at, stray.size())));
    if (idsSeen(trial) != std::vector<int>{0, 1, 2, 3, BoardLayout::kMarkerCount}) continue;
    withStray = trial;
    placed = true;
    break;
  }
  ASSERT_TRUE(placed);
  // A reader that has not seen the board yet searches the whole frame, stray marker and all.
  BoardReader fresh{layoutForVariant(variant)};
  for (int frame = 0; frame < 3; ++frame) {
    const FrameReading r = fresh.read(withStray);
    EXPECT_TRUE(r.readable) << "frame " << frame;
    EXPECT_EQ(r.location.markersSeen, 4) << "frame " << frame;
    EXPECT_EQ(r.location.how, BoardLocation::How::Fresh) << "frame " << frame;
  }
}

}  // namespace
}  // namespace tessera::camera
