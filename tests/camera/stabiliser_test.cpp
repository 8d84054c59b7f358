// Frames with a hand moving over the board carry no decision; the board is read only once it has
// been still for the settle time, then read a second time from fresh frames.
#include <gtest/gtest.h>

#include <random>

#include "core/position_text.hpp"
#include "core/sensor_view.hpp"
#include "hardware/camera/board_reader.hpp"
#include "hardware/camera/stabiliser.hpp"
#include "hardware/camera/variant_layout.hpp"
#include "tests/support/scene_renderer.hpp"

namespace tessera::camera {
namespace {

TEST(Stabiliser, NoSnapshotWhileAHandSweepsAcrossTheBoard) {
  const Variant& variant = builtinVariant("chess");
  const Position pos = startPosition(variant);
  std::mt19937 rng(9);
  scene::SceneRenderer renderer(variant, scene::randomStyle(rng, {1280, 720}, scene::sheetCells(variant), false), 9);
  BoardReader reader(layoutForVariant(variant));
  Stabiliser stabiliser;  // settles after 0.5 s
  double clock = 0;
  ASSERT_TRUE(reader.read(renderer.render(pos)).readable);
  for (int i = 0; i < 25; ++i, clock += 0.1) {  // 2.5 s of a slow sweep from a1 towards h8
    scene::Hand hand;
    hand.tip = {0.5 + 0.3 * i, 0.5 + 0.3 * i};
    hand.fromAngleDeg = 270;
    EXPECT_FALSE(stabiliser.push(reader.read(renderer.render(pos, {hand})), clock).has_value()) << "frame " << i;
  }
  // The hand is gone: a first reading after the settle time, a second one after as long again.
  std::vector<Snapshot> snapshots;
  std::vector<double> when;
  for (int i = 0; i < 14; ++i, clock += 0.1)
    if (auto s = stabiliser.push(reader.read(renderer.render(pos)), clock)) {
      snapshots.push_back(*s);
      when.push_back(i * 0.1);
    }
  ASSERT_EQ(snapshots.size(), 2u);
  EXPECT_EQ(snapshots[0].reading, 1);
  EXPECT_EQ(snapshots[1].reading, 2);
  EXPECT_GE(when[0], 0.5);
  EXPECT_LE(when[0], 0.75);
  const Observation truth = sensorView(pos, SensorProfile::Camera);
  for (const Snapshot& s : snapshots)
    for (std::size_t i = 0; i < truth.cells.size(); ++i) {
      EXPECT_EQ(s.observation.cells[i].occupant, truth.cells[i].occupant) << i;
      EXPECT_EQ(s.observation.cells[i].surface, truth.cells[i].surface) << i;
      EXPECT_GT(s.observation.cells[i].occupantConfidence, 0.3f) << i;
    }
}

TEST(Stabiliser, AnUnreadableFrameRestartsTheWait) {
  const Variant& variant = builtinVariant("chess");
  const Position pos = startPosition(variant);
  std::mt19937 rng(10);
  scene::SceneRenderer renderer(variant, scene::randomStyle(rng, {1280, 720}, scene::sheetCells(variant), false), 10);
  BoardReader reader(layoutForVariant(variant));
  const FrameReading good = reader.read(renderer.render(pos));
  Stabiliser stabiliser;
  int snapshots = 0;
  for (int i = 0; i < 20; ++i)  // every fourth frame the camera delivers nothing usable
    snapshots += stabiliser.push(i % 4 == 3 ? FrameReading{} : good, i * 0.1).has_value();
  EXPECT_EQ(snapshots, 0);
}

}  // namespace
}  // namespace tessera::camera
