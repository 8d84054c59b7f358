// A scripted game of every variant, filmed with hands crossing the board, read by the camera
// pipeline and refereed from the settled snapshots alone: the game rebuilt must be the game
// played, and no wrong action may ever be accepted.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>

#include "core/rules/position_text.hpp"
#include "hardware/camera/simulation/distinct_play.hpp"
#include "refereed_film.hpp"

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
  const RefereedFilm film = refereeFilm(renderer, variant, script);
  std::printf("%s: %zu actions scripted, %zu rebuilt, %d frames (%d unreadable: hands over markers), %d mismatches, "
              "%d proposed choices, %.1f ms per frame read\n",
              GetParam().c_str(), script.size(), film.rebuilt.size(), film.frames, film.unreadable, film.mismatches,
              film.proposals, film.readingMs / film.frames);
  EXPECT_EQ(film.rebuilt, script);
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
