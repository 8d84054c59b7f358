// The firmware image for QEMU's netduinoplus2 (STM32F405): the protocol on USART1, the simulated
// sensor matrix and LED chain on USART2 (test_port.hpp). QEMU ignores clock setup, so none is done;
// its SYSCLK is 168 MHz, which is what SysTick counts.
#include "portable/board_firmware.hpp"
#include "ports/stm32f4/registers.hpp"
#include "ports/stm32f4/system_tick.hpp"
#include "ports/stm32f4/usart.hpp"
#include "test_port.hpp"

namespace {

using namespace tessera::firmware;

constexpr std::uint32_t kCoreClockHz = 168'000'000;
constexpr std::uint32_t kPeripheralClockHz = 84'000'000;
constexpr std::uint32_t kBaud = 115200;

stm32f4::Usart protocolUart(stm32f4::usart::kUsart1, stm32f4::usart::kUsart1Irq);
stm32f4::Usart testUart(stm32f4::usart::kUsart2, stm32f4::usart::kUsart2Irq);

bool inputPending() { return protocolUart.hasInput() || testUart.hasInput(); }

}  // namespace

extern "C" void USART1_IRQHandler() { protocolUart.onInterrupt(); }
extern "C" void USART2_IRQHandler() { testUart.onInterrupt(); }

int main() {
  stm32f4::reg(stm32f4::rcc::kApb2Enr) = stm32f4::reg(stm32f4::rcc::kApb2Enr) | stm32f4::rcc::kApb2Usart1;
  stm32f4::reg(stm32f4::rcc::kApb1Enr) = stm32f4::reg(stm32f4::rcc::kApb1Enr) | stm32f4::rcc::kApb1Usart2;
  protocolUart.start(kPeripheralClockHz, kBaud);
  testUart.start(kPeripheralClockHz, kBaud);
  stm32f4::startMillisecondTick(kCoreClockHz);

  static qemu::TestPort testPort(testUart);
  FirmwareConfig config;
  config.size = {TESSERA_BOARD_FILES, TESSERA_BOARD_RANKS};
  config.debounceScans = 3;
  config.scanPeriodUs = 1000;
  config.quietTimeoutMs = 1000;
  static BoardFirmware board(config, testPort, testPort, protocolUart);
  testUart.writeText("READY\n");

  std::uint32_t lastScanMs = stm32f4::millisecondsSinceStart();
  while (true) {
    while (protocolUart.hasInput()) board.receive(protocolUart.takeInput(), stm32f4::millisecondsSinceStart());
    while (testUart.hasInput()) testPort.receive(testUart.takeInput());
    const std::uint32_t now = stm32f4::millisecondsSinceStart();
    if (now != lastScanMs) {
      lastScanMs = now;
      board.scan(now);
    }
    stm32f4::sleepUnlessWorkPending(inputPending);
  }
}
