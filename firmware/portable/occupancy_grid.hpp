#pragma once
// What the sensors show, one 16-bit row per rank: bit `file` of row `rank` is set when the cell
// at (file, rank) is occupied.
#include <array>
#include <cstdint>

#include "protocol/board_limits.hpp"

namespace tessera::firmware {

using OccupancyGrid = std::array<std::uint16_t, wire::kMaxRanks>;

struct BoardSize {
  std::uint8_t files = 8;
  std::uint8_t ranks = 8;
  int cells() const { return files * ranks; }
};

inline bool occupiedAt(const OccupancyGrid& grid, int file, int rank) { return (grid[rank] >> file) & 1u; }

}  // namespace tessera::firmware
