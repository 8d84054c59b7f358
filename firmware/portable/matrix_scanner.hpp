#pragma once
// One full pass over the sensor matrix, rank by rank.
#include "occupancy_grid.hpp"
#include "sensor_lines.hpp"

namespace tessera::firmware {

class MatrixScanner {
 public:
  MatrixScanner(SensorLines& lines, BoardSize size);
  OccupancyGrid scan();

 private:
  SensorLines& lines_;
  BoardSize size_;
  std::uint16_t fileMask_;
};

}  // namespace tessera::firmware
