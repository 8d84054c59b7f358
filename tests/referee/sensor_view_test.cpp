// What the referee expects each sensor to read (core/sensor_view.hpp), against the printed board of
// shared/design/board-spec.md. The scenes the camera tests render are painted from these same views,
// so a surface named wrong here would pass every reconcile and camera test; only this pins it.
#include <gtest/gtest.h>

#include <initializer_list>
#include <string>

#include "core/referee/sensor_view.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/position.hpp"
#include "core/rules/position_text.hpp"

using namespace tessera;

namespace {

Square at(const char* name) { return makeSquare(name[0] - 'a', name[1] - '1'); }

std::string surface(const Position& pos, const char* square) { return std::string(surfaceName(surfaceAt(pos, at(square)))); }

Position after(const char* variant, std::initializer_list<const char*> actions) {
  Position pos = startPosition(builtinVariant(variant));
  for (const char* a : actions) pos.make(parseMove(pos, a));
  return pos;
}

TEST(SensorView, AnOrthodoxBoardIsDarkOnA1AndLightOnH1) {
  const Position pos = after("chess", {});
  EXPECT_EQ(surface(pos, "a1"), "dark-square");
  EXPECT_EQ(surface(pos, "h1"), "light-square");
  EXPECT_EQ(surface(pos, "a8"), "light-square");
  EXPECT_EQ(surface(pos, "e4"), "light-square");
}

// The four-colour board, rank 1 `RGYBRGYG` and rank 8 `BRBYGRBY` (docs/rules/chameleon-redux.md):
// its green is the Chameleon green the spec prints, not the paper's Dark Green, and its gold is read
// as Yellow.
TEST(SensorView, TheChameleonBoardShowsItsFourPrintedColours) {
  const Position pos = after("chameleon-redux", {});
  EXPECT_EQ(surface(pos, "a1"), "red");
  EXPECT_EQ(surface(pos, "b1"), "green");
  EXPECT_EQ(surface(pos, "c1"), "yellow");
  EXPECT_EQ(surface(pos, "d1"), "blue");
  EXPECT_EQ(surface(pos, "a8"), "blue");
  EXPECT_EQ(surface(pos, "e8"), "green");
  const Position four = after("chameleon-redux-4p", {});
  EXPECT_EQ(surface(four, "b1"), "green");
}

TEST(SensorView, APaperSquareShowsItsColourAndTheBoardShowsThroughElsewhere) {
  const Position pos = after("shifting-sands", {"G@a3", "B@f5"});
  EXPECT_EQ(surface(pos, "a3"), "dark-green");
  EXPECT_EQ(surface(pos, "f5"), "blue");
  EXPECT_EQ(surface(pos, "a4"), "light-square");
  EXPECT_EQ(surface(after("shifting-sands", {"Y@b3"}), "b3"), "yellow");
}

// An empty sector slot shows the tray (void); a sector shows its light and dark cells.
TEST(SensorView, AnEmptySectorSlotIsVoid) {
  const Position pos = after("shifting-chess", {});
  EXPECT_EQ(surface(pos, "c3"), "void");  // BII
  EXPECT_EQ(surface(pos, "d6"), "void");  // BIII
  EXPECT_EQ(surface(pos, "e3"), "dark-square");
  EXPECT_EQ(surface(pos, "b3"), "light-square");
}

TEST(SensorView, TiledSquaresShowsVoidTilesAndAntiTiles) {
  EXPECT_EQ(surface(after("tiled-squares", {}), "e4"), "void");
  EXPECT_EQ(surface(after("tiled-squares", {"T@e4"}), "e4"), "light-square");
  EXPECT_EQ(surface(after("tiled-squares", {"X@e4"}), "e4"), "anti-tile");
}

TEST(SensorView, EachSensorReadsOnlyWhatItCan) {
  const Position pos = after("chess", {"e4"});
  const Observation camera = sensorView(pos, SensorProfile::Camera);
  const Observation side = sensorView(pos, SensorProfile::OccupancyAndSide);
  const Observation occupancy = sensorView(pos, SensorProfile::Occupancy);
  EXPECT_EQ(occupantName(camera.at(4, 3).occupant), "light");
  EXPECT_EQ(surfaceName(camera.at(4, 3).surface), "light-square");
  EXPECT_EQ(occupantName(side.at(4, 6).occupant), "dark");
  EXPECT_EQ(surfaceName(side.at(4, 6).surface), "unknown");
  EXPECT_EQ(side.at(4, 6).surfaceConfidence, 0.0f);
  EXPECT_EQ(occupantName(occupancy.at(4, 3).occupant), "occupied");
  EXPECT_EQ(occupantName(occupancy.at(4, 1).occupant), "empty");
  EXPECT_EQ(surfaceName(occupancy.at(4, 1).surface), "unknown");
  // Four sides play with light and dark sets: the camera sees a piece, not whose it is.
  const Observation four = sensorView(after("chameleon-redux-4p", {}), SensorProfile::Camera);
  EXPECT_EQ(occupantName(four.at(0, 0).occupant), "occupied");
}

TEST(SensorView, SensorNamesReadBackAndAnyOtherIsRefused) {
  for (SensorProfile p : {SensorProfile::Camera, SensorProfile::Occupancy, SensorProfile::OccupancyAndSide})
    EXPECT_EQ(parseSensorProfile(sensorProfileName(p)), p) << sensorProfileName(p);
  EXPECT_EQ(sensorProfileName(SensorProfile::OccupancyAndSide), "occupancy-side");
  EXPECT_EQ(parseSensorProfile("Camera"), std::nullopt);
  EXPECT_EQ(parseSensorProfile("occupancy side"), std::nullopt);
  EXPECT_EQ(parseSensorProfile(""), std::nullopt);
}

}  // namespace
