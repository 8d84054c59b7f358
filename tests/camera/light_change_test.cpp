// A lamp switched on, a cloud, warm evening light: the board did not change, so no move may be
// read. A piece that really moved while the light changed is still seen.
#include <gtest/gtest.h>

#include <random>

#include "core/rules/game.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/position_text.hpp"
#include "hardware/camera/board_reader.hpp"
#include "hardware/camera/simulation/scene_renderer.hpp"
#include "hardware/camera/stabiliser.hpp"
#include "hardware/camera/variant/snapshot_referee.hpp"
#include "hardware/camera/variant/variant_layout.hpp"

namespace tessera::camera {
namespace {

struct LightRun {
  int snapshots = 0;
  int restarts = 0;  // frames that counted as motion
  std::vector<RefereeEvent> events;
};

class LightChange : public ::testing::Test {
 protected:
  LightRun run(scene::SceneRenderer& renderer, Game& game, int frames, double& clock, const Position& shown) {
    LightRun out;
    SnapshotReferee referee(game);
    for (int i = 0; i < frames; ++i, clock += 0.1) {
      const FrameReading reading = reader.read(renderer.render(shown));
      const bool wasStill = stabiliser.still();
      const auto snapshot = stabiliser.push(reading, clock);
      out.restarts += wasStill && !stabiliser.still();
      if (snapshot) {
        ++out.snapshots;
        out.events.push_back(referee.onSnapshot(*snapshot));
      }
    }
    return out;
  }

  const Variant& variant = builtinVariant("shifting-sands");
  BoardReader reader{layoutForVariant(variant)};
  Stabiliser stabiliser;
};

TEST_F(LightChange, LampSwitchedOnIsNotAMove) {
  std::mt19937 rng(3);
  Game game(variant);
  game.play(parseMove(game.position(), "Y@c4"));  // a paper colour on the board as well
  scene::SceneRenderer renderer(variant, scene::randomStyle(rng, {1280, 720}, scene::sheetCells(variant), false), 5);
  renderer.changeLight(0.6, {1.0, 1.0, 1.0}, {0.0, 0.0});
  double clock = 0;
  const Position shown = game.position();
  const LightRun dim = run(renderer, game, 12, clock, shown);
  EXPECT_EQ(dim.snapshots, 2);

  // A warm desk lamp comes on at one side: brighter, yellower, uneven. From one frame to the next.
  renderer.changeLight(1.05, {0.6, 0.85, 1.0}, {0.3, -0.2});
  const LightRun lit = run(renderer, game, 12, clock, shown);
  EXPECT_EQ(lit.restarts, 0) << "the light change counted as motion";
  for (const RefereeEvent& e : lit.events) EXPECT_EQ(e.kind, RefereeEvent::Kind::Unchanged) << e.text;
  EXPECT_EQ(game.actions().size(), 1u);
}

TEST_F(LightChange, SlowDuskIsNotAMove) {
  std::mt19937 rng(4);
  Game game(variant);
  scene::SceneRenderer renderer(variant, scene::randomStyle(rng, {1280, 720}, scene::sheetCells(variant), false), 6);
  double clock = 0;
  const Position shown = game.position();
  int restarts = 0, snapshots = 0;
  for (int step = 0; step < 10; ++step) {
    const double f = step / 9.0;
    renderer.changeLight(1.0 - 0.45 * f, {1.0 - 0.4 * f, 1.0 - 0.15 * f, 1.0}, {0.2 * f, 0.0});
    const LightRun r = run(renderer, game, 3, clock, shown);
    restarts += r.restarts;
    snapshots += r.snapshots;
    for (const RefereeEvent& e : r.events) EXPECT_EQ(e.kind, RefereeEvent::Kind::Unchanged) << e.text;
  }
  EXPECT_EQ(restarts, 0);
  EXPECT_EQ(game.actions().size(), 0u);
}

TEST_F(LightChange, AMoveMadeAsTheLightChangesIsStillSeen) {
  std::mt19937 rng(5);
  Game game(variant);
  scene::SceneRenderer renderer(variant, scene::randomStyle(rng, {1280, 720}, scene::sheetCells(variant), false), 7);
  double clock = 0;
  run(renderer, game, 12, clock, game.position());
  Position after = game.position();
  const Move drop = parseMove(after, "G@d4");
  after.make(drop);
  renderer.changeLight(0.7, {0.7, 0.9, 1.0}, {-0.2, 0.2});
  const LightRun r = run(renderer, game, 12, clock, after);
  ASSERT_EQ(game.actions().size(), 1u);
  EXPECT_EQ(game.actions()[0], drop);
}

}  // namespace
}  // namespace tessera::camera
