// Which surface a cell shows, on made-up appearances: the closest swatch wins, the worst of the
// four corners does not count, and the confidence says how much closer the winner is than the next
// swatch, whatever order the candidates come in.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "hardware/camera/surface_classifier.hpp"

namespace tessera::camera {
namespace {

CellAppearance plain(float value) {
  CellAppearance a;
  a.border.fill(cv::Vec3f(value, value, value));
  return a;
}

SwatchReferences swatches(std::initializer_list<std::pair<Surface, float>> looks) {
  SwatchReferences s;
  for (const auto& [surface, value] : looks) {
    s.look[static_cast<int>(surface)] = plain(value);
    s.present[static_cast<int>(surface)] = true;
  }
  return s;
}

TEST(SurfaceClassifier, TheClosestSwatchWinsAndTheWorstCornerDoesNotCount) {
  const SwatchReferences s = swatches({{Surface::Yellow, 80}, {Surface::Red, 40}, {Surface::Blue, 10}});
  const std::vector<Surface> all = {Surface::Yellow, Surface::Red, Surface::Blue};
  const SurfaceReading yellow = classifySurface(plain(78), s, all);
  EXPECT_EQ(yellow.surface, Surface::Yellow);
  EXPECT_NEAR(yellow.distance, 2.0f * std::sqrt(3.0f), 1e-4f);  // 2 levels off in each channel
  EXPECT_EQ(classifySurface(plain(12), s, all).surface, Surface::Blue);
  // A piece's dark rim over one corner of a yellow cell.
  CellAppearance rimmed = plain(80);
  rimmed.border[2] = cv::Vec3f(10, 10, 10);
  const SurfaceReading r = classifySurface(rimmed, s, all);
  EXPECT_EQ(r.surface, Surface::Yellow);
  EXPECT_FLOAT_EQ(r.distance, 0.0f);
  // Only the candidates the variant can show are asked: without Yellow, the next closest.
  EXPECT_EQ(classifySurface(plain(78), s, {Surface::Red, Surface::Blue}).surface, Surface::Red);
}

TEST(SurfaceClassifier, TheConfidenceComparesTheWinnerWithTheNextSwatchInAnyOrder) {
  // Swatches at 0, 30 and 100; the cell at 10 (distances 10, 20 and 90 in each of 3 channels):
  // twice as close to the nearest as to the next is sure, and the farthest does not matter.
  const SwatchReferences s = swatches({{Surface::Blue, 0}, {Surface::Red, 30}, {Surface::Yellow, 100}});
  std::vector<Surface> order = {Surface::Blue, Surface::Red, Surface::Yellow};
  std::sort(order.begin(), order.end());
  do {
    const SurfaceReading sure = classifySurface(plain(10), s, order);
    EXPECT_EQ(sure.surface, Surface::Blue);
    EXPECT_NEAR(sure.confidence, 1.0f, 1e-3f);
    // At 12 the next is 18/12 = 1.5 times as far: halfway to sure.
    const SurfaceReading half = classifySurface(plain(12), s, order);
    EXPECT_EQ(half.surface, Surface::Blue);
    EXPECT_NEAR(half.confidence, 0.5f, 1e-3f);
    // Halfway between two swatches is a coin toss.
    EXPECT_NEAR(classifySurface(plain(15), s, order).confidence, 0.0f, 1e-3f);
  } while (std::next_permutation(order.begin(), order.end()));
}

TEST(SurfaceClassifier, ASurfaceWithoutASwatchIsNotAskedAndNoneAtAllIsUnknown) {
  const SwatchReferences s = swatches({{Surface::Red, 40}});
  const SurfaceReading alone = classifySurface(plain(90), s, {Surface::Yellow, Surface::Red});
  EXPECT_EQ(alone.surface, Surface::Red);
  EXPECT_FLOAT_EQ(alone.confidence, 1.0f);  // no second swatch to be mistaken for
  const SurfaceReading none = classifySurface(plain(90), s, {Surface::Yellow, Surface::Blue});
  EXPECT_EQ(none.surface, Surface::Unknown);
  EXPECT_FLOAT_EQ(none.confidence, 0.0f);
}

}  // namespace
}  // namespace tessera::camera
