#pragma once
// How well the camera reads a board in the rooms of scene_renderer.hpp's RoomCondition: for each
// condition, boards of every variant (positions from random play, a random camera within the spec,
// the condition's light, lens and paper) are read one frame each and compared cell by cell with
// the truth. A cell is right and sure, wrong (read surely as something else), or unsure (read with
// less confidence than the referee trusts: it is asked about, never guessed).
#include <map>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "hardware/camera/board_reader.hpp"
#include "hardware/camera/simulation/scene_renderer.hpp"

namespace tessera::scene {

struct CellTally {
  int right = 0, wrong = 0, unsure = 0;
  int total() const { return right + wrong + unsure; }
  void add(const CellTally& other);
};

struct RoomAccuracy {
  RoomCondition condition = RoomCondition::Plain;
  int boards = 0, located = 0, boardsAllRight = 0;
  CellTally cells;
  std::map<std::string, CellTally> byClass;  // by true occupant ("empty", "light", ...) and surface ("surface Red", ...)
};

struct RoomAccuracyOptions {
  int boardsPerVariant = 2;
  cv::Size imageSize{1280, 720};
  unsigned seed = 1;
  float sureConfidence = 0.3f;  // the referee's: a cell read less surely counts as unknown
  std::vector<RoomCondition> conditions{std::begin(kRoomConditions), std::end(kRoomConditions)};
  // The reader is told the position one action before the one on the board, as the referee would
  // tell it during a game; otherwise it reads each board knowing nothing.
  bool expectPreviousPosition = false;
  // The lens is measured from the frame first, as `tessera calibrate` measures it from the same
  // camera before a game, and the board is read through it; otherwise it is read as if straight.
  bool calibrateLens = false;
  std::string dumpFolder;  // when set, the frame and the rectified board of every board read with a cell wrong
};

std::vector<RoomAccuracy> measureRoomAccuracy(const RoomAccuracyOptions& options);

// One line per condition, then the classes with any cell wrong or unsure.
std::string roomAccuracyTable(const std::vector<RoomAccuracy>& rooms);

}  // namespace tessera::scene
