#pragma once
// The emulated board's stand-in for sensors and LEDs, on a second UART (USART2). A test writes
// text lines to it:
//   S<36 hex digits>\n   sensor state: 12 ranks x 3 hex digits, rank 0 first, bit f = file f closed
// and reads back "OK\n" once the sensors show it, "ERR <why>\n" for a bad line, and for every LED
// frame the firmware shows "LED <GRB bytes in hex>\n".
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "portable/led_strip.hpp"
#include "portable/occupancy_grid.hpp"
#include "portable/sensor_lines.hpp"
#include "ports/stm32f4/usart.hpp"

namespace tessera::firmware::qemu {

class TestPort : public SensorLines, public LedStrip {
 public:
  explicit TestPort(stm32f4::Usart& uart) : uart_(uart) {}
  void receive(std::uint8_t byte);

  void selectRank(std::uint8_t rank) override { rank_ = rank; }
  std::uint16_t readFiles() override { return sensors_[rank_]; }
  void show(std::span<const std::uint8_t> grb) override;

 private:
  void handleLine();

  stm32f4::Usart& uart_;
  OccupancyGrid sensors_{};
  std::uint8_t rank_ = 0;
  std::array<char, 64> line_{};
  std::size_t lineLength_ = 0;
  bool lineTooLong_ = false;
};

}  // namespace tessera::firmware::qemu
