// Actions told to the player in words where their notation does not say plainly what to do.
#include <gtest/gtest.h>

#include "core/move_text.hpp"
#include "core/movegen.hpp"
#include "core/position_text.hpp"
#include "host/session/action_text.hpp"

namespace tessera::session {
namespace {

Move firstOfKind(Position& pos, MoveKind kind) {
  MoveList moves;
  generateLegal(pos, moves);
  for (const Move& m : moves)
    if (m.kind == kind) return m;
  ADD_FAILURE() << "no action of that kind";
  return Move{};
}

TEST(ActionText, DropsAndShiftsOfTerrainAreToldInWords) {
  Position sands = startPosition(builtinVariant("shifting-sands"));
  const Move yellow = parseMove(sands, "Y@b3"), purple = parseMove(sands, "P@b3");
  EXPECT_EQ(howToCarryOut(sands, yellow), "put a yellow square on b3");
  EXPECT_EQ(howToCarryOut(sands, purple), "put a purple square on b3");
  EXPECT_EQ(engineActionText(sands, yellow), "the engine plays 1. Y@b3: put a yellow square on b3");
  EXPECT_EQ(hintsText(sands, {purple, yellow}),
            "suggested: 1. P@b3 (put a purple square on b3), 1. Y@b3 (put a yellow square on b3)");

  Position tiled = startPosition(builtinVariant("tiled-squares"));
  const Move tile = firstOfKind(tiled, MoveKind::TileDrop), antiTile = firstOfKind(tiled, MoveKind::AntiTileDrop);
  EXPECT_EQ(howToCarryOut(tiled, tile), "put a Tile on " + squareName(tile.to));
  EXPECT_EQ(howToCarryOut(tiled, antiTile), "put an Anti-Tile on " + squareName(antiTile.to));
  // A piece's plain move needs no words.
  Position chess = startPosition(builtinVariant("chess"));
  EXPECT_EQ(engineActionText(chess, parseMove(chess, "e4")), "the engine plays 1. e4: carry it out on the board");
}

}  // namespace
}  // namespace tessera::session
