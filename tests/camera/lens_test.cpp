// The lens's distortion, measured from the printed sheet's straight lines (lens_estimate.hpp) on
// rendered boards seen through barrel and pincushion lenses, and the reading of a board through a
// wide lens with the distortion measured.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "core/referee/sensor_view.hpp"
#include "core/rules/position_text.hpp"
#include "hardware/camera/board_reader.hpp"
#include "hardware/camera/lens_estimate.hpp"
#include "hardware/camera/simulation/random_play.hpp"
#include "hardware/camera/variant/variant_layout.hpp"
#include "plain_style.hpp"

namespace tessera::camera {
namespace {

TEST(Lens, StraighteningUndoesBending) {
  const cv::Size image(1280, 720);
  for (double k : {0.25, 0.1, -0.08}) {
    const Lens lens{k};
    for (const cv::Point2f p : {cv::Point2f(10, 10), cv::Point2f(640, 360), cv::Point2f(1200, 50), cv::Point2f(300, 700)}) {
      const cv::Point2f back = lens.straighten(lens.bend(p, image), image);
      EXPECT_NEAR(back.x, p.x, 0.01) << k;
      EXPECT_NEAR(back.y, p.y, 0.01) << k;
    }
  }
  EXPECT_EQ(Lens{}.bend({100, 100}, image), cv::Point2f(100, 100));
}

struct Seen {
  std::optional<LensEstimate> estimate;
  int wrongStraight = -1, wrongMeasured = -1;  // cells read wrong without and with the lens measured
};

Seen throughLens(const std::string& variantName, double barrel, unsigned seed) {
  const Variant& variant = builtinVariant(variantName);
  Position pos = startPosition(variant);
  std::mt19937 rng(seed);
  scene::playRandomly(pos, 12, rng);
  scene::SceneStyle style = plainStyle({1280, 720});
  style.tiltDeg = 20;
  style.azimuthDeg = 40;
  style.fill = 0.92;
  style.lensBarrel = barrel;
  scene::SceneRenderer renderer(variant, style, seed);
  const cv::Mat frame = renderer.render(pos);
  Seen seen;
  const BoardLayout layout = layoutForVariant(variant);
  seen.estimate = estimateLens(frame, layout);
  const Observation truth = sensorView(pos, SensorProfile::Camera);
  auto wrong = [&](const Lens& lens) {
    ReaderOptions options;
    options.lens = lens;
    BoardReader reader(layout, options);
    const FrameReading reading = reader.read(frame);
    if (!reading.readable) return static_cast<int>(truth.cells.size());
    int n = 0;
    for (std::size_t i = 0; i < truth.cells.size(); ++i)
      n += truth.cells[i].occupant != reading.cells.cells[i].occupant || truth.cells[i].surface != reading.cells.cells[i].surface;
    return n;
  };
  seen.wrongStraight = wrong(Lens{});
  if (seen.estimate) seen.wrongMeasured = wrong(seen.estimate->lens);
  return seen;
}

TEST(Lens, TheDistortionIsMeasuredFromTheSheetsStraightLines) {
  for (const auto& [variant, barrel] : std::vector<std::pair<std::string, double>>{
           {"chess", 0.0}, {"chess", 0.12}, {"desert-dust", 0.25}, {"tiled-squares", 0.18}, {"chameleon-redux", -0.08}}) {
    const Seen seen = throughLens(variant, barrel, 21);
    ASSERT_TRUE(seen.estimate) << variant << " " << barrel;
    std::printf("%s, barrel %.2f: measured %.3f from %d points on %d lines, crooked %.2f px -> %.2f px; cells wrong %d -> %d\n",
                variant.c_str(), barrel, seen.estimate->lens.barrel, seen.estimate->points, seen.estimate->lines,
                seen.estimate->crookedBefore, seen.estimate->crookedAfter, seen.wrongStraight, seen.wrongMeasured);
    EXPECT_NEAR(seen.estimate->lens.barrel, barrel, 0.025) << variant;
    EXPECT_EQ(seen.wrongMeasured, 0) << variant << " read through the measured lens";
    if (barrel != 0.0) {
      EXPECT_LT(seen.estimate->crookedAfter, seen.estimate->crookedBefore) << variant;
    }
    // The widest lenses here cost cells when the reader ignores them.
    if (barrel >= 0.18) {
      EXPECT_GT(seen.wrongStraight, 0) << variant;
    }
  }
}

TEST(Lens, NoBoardNoMeasure) {
  EXPECT_FALSE(estimateLens(cv::Mat(480, 640, CV_8UC3, cv::Scalar(90, 90, 90)), layoutForVariant(builtinVariant("chess"))));
}

}  // namespace
}  // namespace tessera::camera
