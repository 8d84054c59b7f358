#include "matrix_scanner.hpp"

namespace tessera::firmware {

MatrixScanner::MatrixScanner(SensorLines& lines, BoardSize size)
    : lines_(lines), size_(size), fileMask_(static_cast<std::uint16_t>((1u << size.files) - 1)) {}

OccupancyGrid MatrixScanner::scan() {
  OccupancyGrid grid{};
  for (std::uint8_t rank = 0; rank < size_.ranks; ++rank) {
    lines_.selectRank(rank);
    grid[rank] = static_cast<std::uint16_t>(lines_.readFiles() & fileMask_);
  }
  return grid;
}

}  // namespace tessera::firmware
