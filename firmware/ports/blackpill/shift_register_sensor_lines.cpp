#include "shift_register_sensor_lines.hpp"

#include <array>

#include "ports/stm32f4/gpio_pins.hpp"

namespace tessera::firmware::blackpill {
namespace {

using stm32f4::Pin;
constexpr Pin kRankData{stm32f4::gpio::kPortB, 3};
constexpr Pin kRankShiftClock{stm32f4::gpio::kPortB, 4};
constexpr Pin kRankLatch{stm32f4::gpio::kPortB, 5};
constexpr Pin kFileLoad{stm32f4::gpio::kPortB, 6};
constexpr Pin kFileClock{stm32f4::gpio::kPortB, 7};
constexpr Pin kFileData{stm32f4::gpio::kPortB, 8};
constexpr int kChainBits = 16;

// The 74HC595/165 need about 20 ns per edge at 3.3 V; the rank line and reed switch a few microseconds.
void pause(std::uint32_t cycles) {
  for (std::uint32_t i = 0; i < cycles; ++i) asm volatile("nop");
}

void pulse(Pin pin) {
  stm32f4::writePin(pin, true);
  pause(2);
  stm32f4::writePin(pin, false);
}

}  // namespace

void ShiftRegisterSensorLines::start() {
  for (Pin out : std::array<Pin, 5>{kRankData, kRankShiftClock, kRankLatch, kFileLoad, kFileClock}) {
    stm32f4::setPinMode(out, stm32f4::gpio::kModeOutput);
  }
  stm32f4::writePin(kFileLoad, true);
  stm32f4::setPinMode(kFileData, stm32f4::gpio::kModeInput);
  stm32f4::setPinPullDown(kFileData);
}

void ShiftRegisterSensorLines::selectRank(std::uint8_t rank) {
  for (int bit = kChainBits - 1; bit >= 0; --bit) {
    stm32f4::writePin(kRankData, bit == rank);
    pulse(kRankShiftClock);
  }
  pulse(kRankLatch);
  pause(200);  // about 2 us at 96 MHz for the rank line and the file pull-downs to settle
}

std::uint16_t ShiftRegisterSensorLines::readFiles() {
  stm32f4::writePin(kFileLoad, false);
  pause(2);
  stm32f4::writePin(kFileLoad, true);
  std::uint16_t files = 0;
  for (int file = 0; file < kChainBits; ++file) {
    if (stm32f4::readPin(kFileData)) files = static_cast<std::uint16_t>(files | (1u << file));
    pulse(kFileClock);
  }
  return files;
}

}  // namespace tessera::firmware::blackpill
