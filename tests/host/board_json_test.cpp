// The board as the web page draws it: marks, arrows and sectors from the display's scene.
#include <gtest/gtest.h>

#include <bit>
#include <string>

#include <nlohmann/json.hpp>

#include "core/referee/reconcile.hpp"
#include "core/rules/position_text.hpp"
#include "host/views/display/board_scene.hpp"
#include "host/web/board_json.hpp"

namespace tessera::web {
namespace {

Square at(const char* name) { return *parseSquare(name, {8, 8}); }

using nlohmann::json;

// The board as the page gets it: JSON text, read back.
json boardOf(const display::BoardScene& scene) { return json::parse(boardJson(scene).dump()); }

TEST(BoardJson, ASuggestedDropNamesWhatItPutsDownAndAnAntiTileIsCrossed) {
  const Position tiled = startPosition(builtinVariant("tiled-squares"));
  display::BoardScene scene;
  scene.position = &tiled;
  scene.arrows = {{at("c3"), at("c3"), 0, Surface::AntiTile},
                  {at("e2"), at("e4"), 1, Surface::Unknown},
                  {kNoSquare, at("d4"), 2, Surface::Unknown}};
  EXPECT_EQ(boardOf(scene)["arrows"], json::parse(R"([[2,2,2,2,0,"#c8c8c8",true],[4,1,4,3,1,"",false]])"))
      << "an arrow with no square is left out";
  const Position sands = startPosition(builtinVariant("shifting-sands"));
  scene.position = &sands;
  scene.arrows = {{at("b3"), at("b3"), 0, Surface::Yellow}};
  EXPECT_EQ(boardOf(scene)["arrows"], json::parse(R"([[1,2,1,2,0,"#f0d228",false]])"));
}

TEST(BoardJson, TheSquaresToPutRightAreMarked) {
  const Position chess = startPosition(builtinVariant("chess"));
  display::BoardScene scene;
  scene.position = &chess;
  scene.differing = {at("e4")};
  Correction move;
  move.kind = Correction::Kind::Move;
  move.from = at("e4");
  move.to = at("e2");
  Correction place;
  place.kind = Correction::Kind::Place;
  place.to = at("g1");
  scene.corrections = {move, place};
  EXPECT_EQ(boardOf(scene)["fix"], json::parse("[[4,3],[4,3],[4,1],[6,0]]"));
}

TEST(BoardJson, OnlyTheSlotsWithASectorAreOutlined) {
  Position pos = startPosition(builtinVariant("shifting-chess"));
  display::BoardScene scene;
  scene.position = &pos;
  const auto sectors = boardOf(scene)["sectors"];
  EXPECT_EQ(sectors.size(), static_cast<std::size_t>(std::popcount(pos.sectorSlots()))) << sectors.dump();
  EXPECT_EQ(sectors.size(), 14u) << "the fourteen sectors at the start, not the two empty slots: " << sectors.dump();
  for (const auto& sector : sectors) EXPECT_NE(sector, json::parse("[2,2,3,3]")) << sectors.dump();
}

}  // namespace
}  // namespace tessera::web
