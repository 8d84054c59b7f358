#pragma once
// One reading of the whole matrix: which crossings read closed. Rows and columns are matrix
// lines, not board squares (see board_mapping.hpp for those).
#include <array>
#include <cstdint>

#include "hardware/gpio/gpio_config.hpp"

namespace tessera::gpio {

struct SwitchMatrix {
  int rows = 0;
  int columns = 0;
  std::array<std::uint16_t, kMaxMatrixLines> closedColumns{};  // per row, bit c = column c

  bool closed(int row, int column) const { return (closedColumns[row] >> column) & 1u; }
  void set(int row, int column, bool isClosed) {
    const auto bit = static_cast<std::uint16_t>(1u << column);
    closedColumns[row] = isClosed ? (closedColumns[row] | bit) : (closedColumns[row] & ~bit);
  }
  bool operator==(const SwitchMatrix&) const = default;
};

}  // namespace tessera::gpio
