#pragma once
// Where the firmware's outgoing wire bytes go (the port's UART).
#include <cstdint>
#include <span>

namespace tessera::firmware {

class ByteSink {
 public:
  virtual void write(std::span<const std::uint8_t> bytes) = 0;

 protected:
  ~ByteSink() = default;
};

}  // namespace tessera::firmware
