#pragma once
// Shifting Chess: the 8x8 board in 2x2 sectors lying in a 4x4 grid of slots, columns A-D (files
// a-b … g-h) and rows I-IV (ranks 1-2 … 7-8). Slot index = row * 4 + column.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/rules/geometry.hpp"

namespace tessera {

constexpr int kSlotColumns = 4;
constexpr int kSlotRows = 4;

constexpr int slotOf(Square sq) { return (rankOf(sq) / 2) * kSlotColumns + fileOf(sq) / 2; }
constexpr int slotColumn(int slot) { return slot % kSlotColumns; }
constexpr int slotRow(int slot) { return slot / kSlotColumns; }

// The four squares of a slot: lower left, lower right, upper left, upper right.
std::array<Square, 4> slotSquares(int slot);

std::string slotName(int slot);                       // "BIII"
std::optional<int> parseSlotName(std::string_view s);  // "BIII" -> 9

}  // namespace tessera
