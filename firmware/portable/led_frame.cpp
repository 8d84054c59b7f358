#include "led_frame.hpp"

namespace tessera::firmware {

void LedFrame::setFromRgb(std::span<const std::uint8_t> rgb) {
  const std::size_t cells = rgb.size() / 3 > wire::kMaxCells ? wire::kMaxCells : rgb.size() / 3;
  for (std::size_t cell = 0; cell < cells; ++cell) {
    grb_[3 * cell + 0] = rgb[3 * cell + 1];
    grb_[3 * cell + 1] = rgb[3 * cell + 0];
    grb_[3 * cell + 2] = rgb[3 * cell + 2];
  }
  size_ = 3 * cells;
}

}  // namespace tessera::firmware
