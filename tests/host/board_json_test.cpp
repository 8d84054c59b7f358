// The board as the web page draws it: marks, arrows and sectors from the display's scene.
#include <gtest/gtest.h>

#include <bit>
#include <string>

#include "core/referee/reconcile.hpp"
#include "core/rules/position_text.hpp"
#include "host/views/display/board_scene.hpp"
#include "host/web/board_json.hpp"

namespace tessera::web {
namespace {

Square at(const char* name) { return *parseSquare(name, {8, 8}); }

// The JSON list after `key`, up to its closing bracket: "[[4,1],[4,3]]".
std::string listOf(const std::string& json, const std::string& key) {
  const std::size_t start = json.find("\"" + key + "\":[");
  if (start == std::string::npos) return "missing";
  const std::size_t open = start + key.size() + 3;
  std::size_t i = open + 1;
  for (int depth = 1; i < json.size() && depth > 0; ++i) depth += json[i] == '[' ? 1 : json[i] == ']' ? -1 : 0;
  return json.substr(open, i - open);
}

TEST(BoardJson, ASuggestedDropNamesWhatItPutsDownAndAnAntiTileIsCrossed) {
  const Position tiled = startPosition(builtinVariant("tiled-squares"));
  display::BoardScene scene;
  scene.position = &tiled;
  scene.arrows = {{at("c3"), at("c3"), 0, Surface::AntiTile},
                  {at("e2"), at("e4"), 1, Surface::Unknown},
                  {kNoSquare, at("d4"), 2, Surface::Unknown}};
  EXPECT_EQ(listOf(boardJson(scene), "arrows"), "[[2,2,2,2,0,\"#c8c8c8\",true],[4,1,4,3,1,\"\",false]]")
      << "an arrow with no square is left out";
  const Position sands = startPosition(builtinVariant("shifting-sands"));
  scene.position = &sands;
  scene.arrows = {{at("b3"), at("b3"), 0, Surface::Yellow}};
  EXPECT_EQ(listOf(boardJson(scene), "arrows"), "[[1,2,1,2,0,\"#f0d228\",false]]");
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
  EXPECT_EQ(listOf(boardJson(scene), "fix"), "[[4,3],[4,3],[4,1],[6,0]]");
}

TEST(BoardJson, OnlyTheSlotsWithASectorAreOutlined) {
  Position pos = startPosition(builtinVariant("shifting-chess"));
  display::BoardScene scene;
  scene.position = &pos;
  const std::string sectors = listOf(boardJson(scene), "sectors");
  int outlined = 0;
  for (std::size_t i = sectors.find("],["); i != std::string::npos; i = sectors.find("],[", i + 1)) ++outlined;
  EXPECT_EQ(outlined + 1, std::popcount(pos.sectorSlots())) << sectors;
  EXPECT_EQ(outlined + 1, 14) << "the fourteen sectors at the start, not the two empty slots: " << sectors;
  EXPECT_EQ(sectors.find("[2,2,3,3]"), std::string::npos) << sectors;
}

}  // namespace
}  // namespace tessera::web
