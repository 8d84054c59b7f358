// Games filmed in a real room (issue 70): a soft shadow lies across part of the board (a person
// beside the table), and halfway through the game a lamp is switched on at one side of the table,
// warmer and brighter. Every variant's game must be rebuilt exactly from the camera alone, and no
// wrong action may ever be accepted.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>

#include "core/rules/position_text.hpp"
#include "hardware/camera/simulation/distinct_play.hpp"
#include "refereed_film.hpp"

namespace tessera::camera {
namespace {

struct Room {
  const char* name;
  scene::RoomCondition shadow;
};

class RoomGame : public ::testing::TestWithParam<std::tuple<std::string, Room>> {};

TEST_P(RoomGame, RebuildsTheScriptedGameUnderAShadowAndALampSwitchedOn) {
  const auto& [variantName, room] = GetParam();
  const Variant& variant = builtinVariant(variantName);
  std::mt19937 rng(std::hash<std::string>{}(variantName + room.name) % 1000);
  Position scriptPos = startPosition(variant);
  const std::vector<Move> script = scene::playDistinctly(scriptPos, 16, rng);
  ASSERT_GE(script.size(), 8u);

  const auto sceneSeed = rng();
  scene::SceneStyle style = scene::randomStyle(rng, {1280, 720}, scene::sheetCells(variant), false);
  scene::applyRoomCondition(style, room.shadow, rng);
  scene::SceneRenderer renderer(variant, style, sceneSeed);
  scene::FilmOptions film;
  film.lamp.afterAction = static_cast<int>(script.size() / 2);
  // A warm bulb at one side of the table; the camera's automatic exposure keeps the brightest paper
  // below white (a camera whose white is clipped cannot be read: calibrate says so).
  film.lamp.gradient = {0.4, -0.2};
  film.lamp.gain = 0.85 / (1 + 0.5 * (std::abs(film.lamp.gradient.x) + std::abs(film.lamp.gradient.y)));
  film.lamp.tint = {0.8, 0.93, 1.0};
  const RefereedFilm result = refereeFilm(renderer, variant, script, film);
  std::printf("%s, %s: %zu actions scripted, %zu rebuilt, %d frames (%d unreadable), %d mismatches, %d proposed\n",
              variantName.c_str(), room.name, script.size(), result.rebuilt.size(), result.frames, result.unreadable,
              result.mismatches, result.proposals);
  EXPECT_EQ(result.rebuilt, script);
}

INSTANTIATE_TEST_SUITE_P(
    EveryVariant, RoomGame,
    ::testing::Combine(::testing::ValuesIn(builtinVariantNames()),
                       ::testing::Values(Room{"band", scene::RoomCondition::ShadowBand},
                                         Room{"blob", scene::RoomCondition::ShadowBlob})),
    [](const auto& info) {
      std::string name = std::get<0>(info.param) + "_" + std::get<1>(info.param).name;
      for (char& c : name)
        if (c == '-') c = '_';
      return name;
    });

}  // namespace
}  // namespace tessera::camera
