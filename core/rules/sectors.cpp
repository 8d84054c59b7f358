#include "core/rules/sectors.hpp"

namespace tessera {
namespace {
constexpr std::string_view kRowNames[kSlotRows] = {"I", "II", "III", "IV"};
}

std::array<Square, 4> slotSquares(int slot) {
  const int f = slotColumn(slot) * 2, r = slotRow(slot) * 2;
  return {makeSquare(f, r), makeSquare(f + 1, r), makeSquare(f, r + 1), makeSquare(f + 1, r + 1)};
}

std::string slotName(int slot) {
  return std::string(1, static_cast<char>('A' + slotColumn(slot))) + std::string(kRowNames[slotRow(slot)]);
}

std::optional<int> parseSlotName(std::string_view s) {
  if (s.size() < 2 || s[0] < 'A' || s[0] > 'D') return std::nullopt;
  for (int row = 0; row < kSlotRows; ++row)
    if (s.substr(1) == kRowNames[row]) return row * kSlotColumns + (s[0] - 'A');
  return std::nullopt;
}

}  // namespace tessera
