// A scripted game of every variant, filmed with hands crossing the board, read by the camera
// pipeline and refereed from the settled snapshots alone: the game rebuilt must be the game
// played, and no wrong action may ever be accepted.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>

#include "core/rules/game.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/position_text.hpp"
#include "hardware/camera/board_reader.hpp"
#include "hardware/camera/simulation/distinct_play.hpp"
#include "hardware/camera/simulation/scene_game.hpp"
#include "hardware/camera/stabiliser.hpp"
#include "hardware/camera/variant/snapshot_referee.hpp"
#include "hardware/camera/variant/variant_layout.hpp"

namespace tessera::camera {
namespace {

class GameReplay : public ::testing::TestWithParam<std::string> {};

TEST_P(GameReplay, RebuildsTheScriptedGameFromFrames) {
  const Variant& variant = builtinVariant(GetParam());
  std::mt19937 rng(std::hash<std::string>{}(GetParam()) % 1000);
  Position scriptPos = startPosition(variant);
  const std::vector<Move> script = scene::playDistinctly(scriptPos, 14, rng);
  ASSERT_GE(script.size(), 8u);

  const auto sceneSeed = rng();  // drawn before the style, on every CPU
  scene::SceneRenderer renderer(variant, scene::randomStyle(rng, {800, 600}, scene::sheetCells(variant), false), sceneSeed);
  ReaderOptions readerOptions;
  readerOptions.reportSides = variant.sides == 2;
  BoardReader reader(layoutForVariant(variant), readerOptions);
  Stabiliser stabiliser;
  Game game(variant);
  SnapshotReferee referee(game);

  int frames = 0, unreadable = 0, mismatches = 0, proposals = 0;
  double readingMs = 0;
  const Position start = startPosition(variant);
  scene::filmGame(renderer, start, script, {}, [&](const cv::Mat& image, double seconds) {
    ++frames;
    const FrameReading reading = reader.read(image);
    readingMs += reading.locateMs + reading.classifyMs;
    unreadable += !reading.readable;
    if (const auto snapshot = stabiliser.push(reading, seconds)) {
      const std::size_t before = game.actions().size();
      const RefereeEvent event = referee.onSnapshot(*snapshot);
      mismatches += event.kind == RefereeEvent::Kind::Mismatch;
      proposals += event.kind == RefereeEvent::Kind::Proposed;
      if (event.kind == RefereeEvent::Kind::Mismatch || event.kind == RefereeEvent::Kind::Proposed)
        std::printf("  %.1f s: %s %s\n", seconds, event.kind == RefereeEvent::Kind::Mismatch ? "mismatch" : "proposed",
                    event.text.c_str());
      // Every accepted action must be the one scripted at that point: never a wrong one.
      for (std::size_t i = before; i < game.actions().size(); ++i) {
        ASSERT_LT(i, script.size()) << "an action accepted beyond the script at " << seconds << " s";
        ASSERT_EQ(game.actions()[i], script[i]) << "wrong action accepted at " << seconds << " s: " << event.text;
      }
    }
  });
  std::printf("%s: %zu actions scripted, %zu rebuilt, %d frames (%d unreadable: hands over markers), %d mismatches, "
              "%d proposed choices, %.1f ms per frame read\n",
              GetParam().c_str(), script.size(), game.actions().size(), frames, unreadable, mismatches, proposals, readingMs / frames);
  EXPECT_EQ(game.actions(), script);
}

INSTANTIATE_TEST_SUITE_P(EveryVariant, GameReplay, ::testing::ValuesIn(builtinVariantNames()),
                         [](const auto& info) {
                           std::string name = info.param;
                           for (char& c : name)
                             if (c == '-') c = '_';
                           return name;
                         });

}  // namespace
}  // namespace tessera::camera
