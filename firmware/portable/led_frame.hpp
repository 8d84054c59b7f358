#pragma once
// The colours of the LED chain, kept in the chain's own byte order (green, red, blue).
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "protocol/board_limits.hpp"

namespace tessera::firmware {

class LedFrame {
 public:
  // `rgb` holds red, green, blue per cell.
  void setFromRgb(std::span<const std::uint8_t> rgb);
  std::span<const std::uint8_t> grb() const { return std::span<const std::uint8_t>(grb_.data(), size_); }

 private:
  std::array<std::uint8_t, wire::kMaxCells * 3> grb_{};
  std::size_t size_ = 0;
};

}  // namespace tessera::firmware
