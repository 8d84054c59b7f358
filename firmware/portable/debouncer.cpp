#include "debouncer.hpp"

namespace tessera::firmware {

Debouncer::Debouncer(BoardSize size, std::uint8_t requiredScans)
    : size_(size), requiredScans_(requiredScans == 0 ? 1 : requiredScans) {}

SettledChanges Debouncer::update(const OccupancyGrid& raw) {
  SettledChanges changes;
  for (int rank = 0; rank < size_.ranks; ++rank) {
    const std::uint16_t differing = raw[rank] ^ settled_[rank];
    for (int file = 0; file < size_.files; ++file) {
      const std::size_t cell = static_cast<std::size_t>(rank * size_.files + file);
      if (((differing >> file) & 1u) == 0) {
        differingScans_[cell] = 0;
        continue;
      }
      if (++differingScans_[cell] < requiredScans_) continue;
      differingScans_[cell] = 0;
      settled_[rank] = static_cast<std::uint16_t>(settled_[rank] ^ (1u << file));
      changes.cells[changes.count++] = {static_cast<std::uint8_t>(cell), occupiedAt(settled_, file, rank)};
    }
  }
  return changes;
}

}  // namespace tessera::firmware
