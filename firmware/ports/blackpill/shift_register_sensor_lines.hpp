#pragma once
// The Black Pill's sensor matrix: two chained 74HC595 drive the rank lines (one high at a time),
// two chained 74HC165 latch the file lines (reed switches to the rank line, pull-downs on files).
//   PB3 595 SER, PB4 595 SRCLK, PB5 595 RCLK; PB6 165 SH/LD (low loads), PB7 165 CLK, PB8 165 QH.
// The 165 chain is wired so that file 0 comes out first.
#include <cstdint>

#include "portable/sensor_lines.hpp"

namespace tessera::firmware::blackpill {

class ShiftRegisterSensorLines : public SensorLines {
 public:
  void start();
  void selectRank(std::uint8_t rank) override;
  std::uint16_t readFiles() override;
};

}  // namespace tessera::firmware::blackpill
