#include "usart.hpp"

#include "registers.hpp"

namespace tessera::firmware::stm32f4 {

void Usart::start(std::uint32_t peripheralClockHz, std::uint32_t baud) {
  reg(base_ + usart::kBrr) = (peripheralClockHz + baud / 2) / baud;  // 16x oversampling: mantissa.fraction
  reg(base_ + usart::kCr1) = usart::kCr1Enable | usart::kCr1TransmitterOn | usart::kCr1ReceiverOn | usart::kCr1RxInterrupt;
  nvic::enable(irq_);
}

void Usart::onInterrupt() {
  const std::uint32_t status = reg(base_ + usart::kSr);
  if (status & (usart::kSrRxNotEmpty | usart::kSrOverrun)) {
    // Reading DR after SR clears both flags; an overrun already lost a byte in hardware.
    const auto byte = static_cast<std::uint8_t>(reg(base_ + usart::kDr));
    if ((status & usart::kSrOverrun) || !received_.push(byte)) bytesLost_ = bytesLost_ + 1;
  }
}

void Usart::write(std::span<const std::uint8_t> bytes) {
  for (std::uint8_t byte : bytes) {
    while ((reg(base_ + usart::kSr) & usart::kSrTxEmpty) == 0) {
    }
    reg(base_ + usart::kDr) = byte;
  }
}

void Usart::writeText(const char* text) {
  while (*text) {
    const auto byte = static_cast<std::uint8_t>(*text++);
    write(std::span<const std::uint8_t>(&byte, 1));
  }
}

}  // namespace tessera::firmware::stm32f4
