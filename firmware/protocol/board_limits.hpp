#pragma once
// The largest sensor matrix the firmware and the protocol handle.
#include <cstddef>
#include <cstdint>

namespace tessera::wire {

constexpr int kMaxFiles = 12;
constexpr int kMaxRanks = 12;
constexpr std::size_t kMaxCells = static_cast<std::size_t>(kMaxFiles * kMaxRanks);

}  // namespace tessera::wire
