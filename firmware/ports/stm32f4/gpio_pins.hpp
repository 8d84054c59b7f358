#pragma once
// Configuring and driving single GPIO pins.
#include <cstdint>

#include "registers.hpp"

namespace tessera::firmware::stm32f4 {

struct Pin {
  std::uint32_t port;
  std::uint32_t number;
};

inline void setPinMode(Pin pin, std::uint32_t mode) {
  volatile std::uint32_t& moder = reg(pin.port + gpio::kModer);
  moder = (moder & ~(0b11u << (2 * pin.number))) | (mode << (2 * pin.number));
}

inline void setPinFast(Pin pin) {
  volatile std::uint32_t& speed = reg(pin.port + gpio::kOspeedr);
  speed = speed | (0b11u << (2 * pin.number));
}

inline void setPinPullDown(Pin pin) {
  volatile std::uint32_t& pupd = reg(pin.port + gpio::kPupdr);
  pupd = (pupd & ~(0b11u << (2 * pin.number))) | (0b10u << (2 * pin.number));
}

inline void setPinAlternate(Pin pin, std::uint32_t function) {
  setPinMode(pin, gpio::kModeAlternate);
  const std::uint32_t afr = pin.port + (pin.number < 8 ? gpio::kAfrl : gpio::kAfrh);
  const std::uint32_t shift = 4 * (pin.number % 8);
  reg(afr) = (reg(afr) & ~(0xFu << shift)) | (function << shift);
}

inline void writePin(Pin pin, bool high) { reg(pin.port + gpio::kBsrr) = high ? (1u << pin.number) : (1u << (pin.number + 16)); }

inline bool readPin(Pin pin) { return (reg(pin.port + gpio::kIdr) >> pin.number) & 1u; }

}  // namespace tessera::firmware::stm32f4
