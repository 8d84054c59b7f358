#pragma once
// The port's access to the sensor matrix: drive one rank line, then read every file line back
// (through shift registers, multiplexers or plain GPIO, as the board is wired).
#include <cstdint>

namespace tessera::firmware {

class SensorLines {
 public:
  virtual void selectRank(std::uint8_t rank) = 0;
  // Bit `file` set when the sensor of that file on the selected rank is closed.
  virtual std::uint16_t readFiles() = 0;

 protected:
  ~SensorLines() = default;
};

}  // namespace tessera::firmware
