#pragma once
// A cell's settled state changes only after `requiredScans` consecutive scans all showed the new
// state; a scan that shows the settled state again restarts the count.
#include <array>
#include <cstddef>
#include <cstdint>

#include "occupancy_grid.hpp"
#include "protocol/messages.hpp"

namespace tessera::firmware {

struct SettledChanges {
  std::size_t count = 0;
  std::array<wire::CellChange, wire::kMaxCells> cells{};
};

class Debouncer {
 public:
  Debouncer(BoardSize size, std::uint8_t requiredScans);
  SettledChanges update(const OccupancyGrid& raw);
  const OccupancyGrid& settled() const { return settled_; }

 private:
  BoardSize size_;
  std::uint8_t requiredScans_;
  OccupancyGrid settled_{};
  std::array<std::uint8_t, wire::kMaxCells> differingScans_{};
};

}  // namespace tessera::firmware
