#pragma once
// A USART at 8N1: bytes received by interrupt into a queue, bytes sent by polling. It is the
// firmware's ByteSink. Call onInterrupt() from the USART's interrupt handler.
#include <cstdint>
#include <span>

#include "byte_queue.hpp"
#include "portable/byte_sink.hpp"

namespace tessera::firmware::stm32f4 {

class Usart : public ByteSink {
 public:
  Usart(std::uint32_t base, int irq) : base_(base), irq_(irq) {}
  void start(std::uint32_t peripheralClockHz, std::uint32_t baud);
  void onInterrupt();
  bool hasInput() const { return !received_.empty(); }
  std::uint8_t takeInput() { return received_.pop(); }
  void write(std::span<const std::uint8_t> bytes) override;
  void writeText(const char* text);
  std::uint32_t bytesLost() const { return bytesLost_; }

 private:
  std::uint32_t base_;
  int irq_;
  ByteQueue<1024> received_;
  volatile std::uint32_t bytesLost_ = 0;
};

}  // namespace tessera::firmware::stm32f4
