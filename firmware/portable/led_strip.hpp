#pragma once
// The port's WS2812 chain, one LED per cell in cell order. The core hands over the bytes in the
// order the LEDs shift them in (green, red, blue); the port turns them into bit timings.
#include <cstdint>
#include <span>

namespace tessera::firmware {

class LedStrip {
 public:
  virtual void show(std::span<const std::uint8_t> grb) = 0;

 protected:
  ~LedStrip() = default;
};

}  // namespace tessera::firmware
