// The camera in real rooms (issue 70): soft shadows across the board, a lamp at one side, wide
// and tele lenses, paper laid off its cells. Every condition's boards are read one frame each.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "hardware/camera/simulation/room_accuracy.hpp"

namespace tessera::scene {
namespace {

const RoomAccuracy& roomOf(const std::vector<RoomAccuracy>& rooms, RoomCondition condition) {
  for (const RoomAccuracy& r : rooms)
    if (r.condition == condition) return r;
  throw std::logic_error("room not measured");
}

double wrongShare(const RoomAccuracy& r) { return static_cast<double>(r.cells.wrong) / std::max(1, r.cells.total()); }
double rightShare(const RoomAccuracy& r) { return static_cast<double>(r.cells.right) / std::max(1, r.cells.total()); }

// Two boards of every variant per room, read once knowing nothing and once told the position one
// action before (as the referee tells the camera during a game), and the lenses' rooms again with the
// lens measured from the frame first (as calibrate measures it). The bounds are what the reading
// achieves today (docs/camera.md has the figures): a regression fails here.
TEST(RoomConditions, EveryConditionReadCellByCell) {
  RoomAccuracyOptions options;
  options.boardsPerVariant = 2;
  options.seed = 70;
  if (const char* dump = std::getenv("TESSERA_SCENE_DUMP")) options.dumpFolder = dump;
  const auto blind = measureRoomAccuracy(options);
  std::printf("each board read knowing nothing:\n%s", roomAccuracyTable(blind).c_str());
  options.expectPreviousPosition = true;
  const auto told = measureRoomAccuracy(options);
  std::printf("told the position one action before:\n%s", roomAccuracyTable(told).c_str());
  options.calibrateLens = true;
  options.conditions = {RoomCondition::Barrel, RoomCondition::Pincushion, RoomCondition::Everything};
  const auto calibrated = measureRoomAccuracy(options);
  std::printf("told, and the lens measured as calibrate measures it:\n%s", roomAccuracyTable(calibrated).c_str());

  for (const auto* rooms : {&blind, &told}) {
    for (RoomCondition c : {RoomCondition::Plain, RoomCondition::Pincushion}) {
      EXPECT_EQ(roomOf(*rooms, c).cells.wrong, 0) << roomConditionName(c);
      EXPECT_GE(rightShare(roomOf(*rooms, c)), 0.995) << roomConditionName(c);
    }
    EXPECT_LE(wrongShare(roomOf(*rooms, RoomCondition::ShadowBand)), 0.0025);
    EXPECT_GE(rightShare(roomOf(*rooms, RoomCondition::ShadowBand)), 0.99);
    EXPECT_LE(wrongShare(roomOf(*rooms, RoomCondition::StrongGradient)), 0.0025);
    EXPECT_GE(rightShare(roomOf(*rooms, RoomCondition::StrongGradient)), 0.98);
  }
  // Through the lens measured, a wide lens's boards are read as a straight one's.
  EXPECT_EQ(roomOf(calibrated, RoomCondition::Barrel).cells.wrong, 0);
  EXPECT_GE(rightShare(roomOf(calibrated, RoomCondition::Barrel)), 0.995);
  EXPECT_EQ(roomOf(calibrated, RoomCondition::Pincushion).cells.wrong, 0);
  EXPECT_LE(wrongShare(roomOf(told, RoomCondition::ShadowBlob)), 0.005);
  EXPECT_GE(rightShare(roomOf(told, RoomCondition::ShadowBlob)), 0.97);
}

}  // namespace
}  // namespace tessera::scene
