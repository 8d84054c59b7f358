#pragma once
// How many cells a frame reading gets wrong against the position the scene was rendered from
// (occupant or surface), as the camera is meant to see it.
#include "core/referee/sensor_view.hpp"
#include "core/rules/position.hpp"
#include "hardware/camera/board_reader.hpp"

namespace tessera::camera {

inline int wrongCells(const FrameReading& reading, const Position& pos) {
  const Observation truth = sensorView(pos, SensorProfile::Camera);
  int wrong = 0;
  for (std::size_t i = 0; i < truth.cells.size(); ++i)
    wrong += truth.cells[i].occupant != reading.cells.cells[i].occupant ||
             truth.cells[i].surface != reading.cells.cells[i].surface;
  return wrong;
}

}  // namespace tessera::camera
