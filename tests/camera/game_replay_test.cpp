// A scripted game of every variant, filmed with hands crossing the board, read by the camera
// pipeline and refereed from the settled snapshots alone: the game rebuilt must be the game
// played, and no wrong action may ever be accepted. Also filmed with players who go on before the
// board was read (twice): less than a second of stillness after each action, and replies so quick
// that no still board is read between two actions (docs/referee.md, "Gaps").
#include <gtest/gtest.h>

#include <cstdio>
#include <random>

#include "core/rules/position_text.hpp"
#include "hardware/camera/simulation/distinct_play.hpp"
#include "refereed_film.hpp"

namespace tessera::camera {
namespace {

struct Refereed {
  std::vector<Move> script;
  RefereedFilm film;
  const std::vector<Move>& rebuilt() const { return film.rebuilt; }
};

// The variant's scripted game (the same for every film of it), filmed as `film` says and then left
// standing for `restFrames` frames, refereed from the settled snapshots.
Refereed refereeScript(const std::string& variantName, const scene::FilmOptions& film, int restFrames = 0) {
  const Variant& variant = builtinVariant(variantName);
  std::mt19937 rng(std::hash<std::string>{}(variantName) % 1000);
  Position scriptPos = startPosition(variant);
  Refereed out;
  out.script = scene::playDistinctly(scriptPos, 14, rng);
  const auto sceneSeed = rng();  // drawn before the style, on every CPU
  scene::SceneRenderer renderer(variant, scene::randomStyle(rng, {800, 600}, scene::sheetCells(variant), false), sceneSeed);
  out.film = refereeFilm(renderer, variant, out.script, film, restFrames);
  const RefereedFilm& f = out.film;
  std::printf("%s: %zu actions scripted, %zu rebuilt, %d frames (%d unreadable: hands over markers), %d second readings, "
              "%d mismatches, %d proposed choices, %d times several actions at once, %.1f ms per frame read\n",
              variantName.c_str(), out.script.size(), f.rebuilt.size(), f.frames, f.unreadable, f.secondReadings,
              f.mismatches, f.proposals, f.severalAtOnce, f.readingMs / f.frames);
  return out;
}

class GameReplay : public ::testing::TestWithParam<std::string> {};

TEST_P(GameReplay, RebuildsTheScriptedGameFromFrames) {
  const Refereed r = refereeScript(GetParam(), {});
  ASSERT_GE(r.script.size(), 8u);
  EXPECT_EQ(r.rebuilt(), r.script);
}

INSTANTIATE_TEST_SUITE_P(EveryVariant, GameReplay, ::testing::ValuesIn(builtinVariantNames()),
                         [](const auto& info) {
                           std::string name = info.param;
                           for (char& c : name)
                             if (c == '-') c = '_';
                           return name;
                         });

// 0.8 s of stillness after each action: one reading of each still board, never two, so a Tile
// dropped (which one misread cell could make an Anti-Tile, or no drop at all) is never confirmed by a
// second reading of its board. Before 2026-12-05 the first Tile was never recorded and the game
// stalled at the next board, with two new Tiles, for good. The question each board leaves open is
// settled by the next board, which shows its answer again; the last action, by the board left
// standing after the game.
TEST(GameReplayQuick, TiledSquaresWithLessThanASecondOfStillnessAfterEachActionIsRecordedExactly) {
  scene::FilmOptions film;
  film.stillFrames = 8;
  const Refereed r = refereeScript("tiled-squares", film, 15);
  ASSERT_GE(r.script.size(), 8u);
  EXPECT_EQ(r.film.secondReadings, 1) << "only the board left standing after the game is read twice";
  EXPECT_EQ(r.film.proposals, 0);
  EXPECT_EQ(r.rebuilt(), r.script);
}

// Every second action answered within 0.3 s: no still board is read between the two, so each board
// the camera reads shows two new actions, found by the referee's gap search and played once the
// board is read twice. (Not where a drop may be either side's, Tiled Squares' Tiles and Shifting
// Sands' colours: two drops read together do not say who made which, and are asked about.)
TEST(GameReplayQuick, RepliesTooQuickForAnyReadingAreFoundAsGapsOfTwoActions) {
  for (const char* variant : {"chess", "desert-dust", "chameleon-redux", "shifting-chess"}) {
    scene::FilmOptions film;
    film.stillFramesAfter.assign(14, film.stillFrames);
    for (std::size_t i = 0; i < film.stillFramesAfter.size(); i += 2) film.stillFramesAfter[i] = 3;
    const Refereed r = refereeScript(variant, film);
    ASSERT_GE(r.script.size(), 8u) << variant;
    EXPECT_EQ(r.rebuilt(), r.script) << variant;
    EXPECT_EQ(r.film.severalAtOnce, static_cast<int>(r.script.size() / 2)) << variant << ": every pair read as one gap";
  }
}

}  // namespace
}  // namespace tessera::camera
