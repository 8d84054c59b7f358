// The firmware image for the WeAct Black Pill (STM32F411CE): the protocol on USART1 (PA9 TX,
// PA10 RX, 115200 8N1, to the Pi's UART or a USB-serial adapter), the sensor matrix on shift
// registers (shift_register_sensor_lines.hpp), the WS2812 chain on SPI1 (spi_ws2812_strip.hpp).
#include "clock_setup.hpp"
#include "portable/board_firmware.hpp"
#include "ports/stm32f4/gpio_pins.hpp"
#include "ports/stm32f4/registers.hpp"
#include "ports/stm32f4/system_tick.hpp"
#include "ports/stm32f4/usart.hpp"
#include "shift_register_sensor_lines.hpp"
#include "spi_ws2812_strip.hpp"

namespace {

using namespace tessera::firmware;

stm32f4::Usart protocolUart(stm32f4::usart::kUsart1, stm32f4::usart::kUsart1Irq);

bool inputPending() { return protocolUart.hasInput(); }

}  // namespace

extern "C" void USART1_IRQHandler() { protocolUart.onInterrupt(); }

int main() {
  blackpill::startClocks();
  using stm32f4::reg;
  namespace rcc = stm32f4::rcc;
  reg(rcc::kAhb1Enr) = reg(rcc::kAhb1Enr) | rcc::kAhb1GpioA | rcc::kAhb1GpioB;
  reg(rcc::kApb2Enr) = reg(rcc::kApb2Enr) | rcc::kApb2Usart1 | rcc::kApb2Spi1;
  stm32f4::setPinAlternate({stm32f4::gpio::kPortA, 9}, 7);
  stm32f4::setPinAlternate({stm32f4::gpio::kPortA, 10}, 7);
  protocolUart.start(blackpill::kApb2ClockHz, 115200);

  static blackpill::ShiftRegisterSensorLines sensors;
  static blackpill::SpiWs2812Strip leds;
  sensors.start();
  leds.start();
  stm32f4::startMillisecondTick(blackpill::kCoreClockHz);

  FirmwareConfig config;
  config.size = {TESSERA_BOARD_FILES, TESSERA_BOARD_RANKS};
  config.debounceScans = 4;  // reed switches bounce for about 1 ms; 4 scans of 2 ms is well past it
  config.scanPeriodUs = 2000;
  config.quietTimeoutMs = 1000;
  static BoardFirmware board(config, sensors, leds, protocolUart);

  std::uint32_t lastScanMs = stm32f4::millisecondsSinceStart();
  while (true) {
    while (protocolUart.hasInput()) board.receive(protocolUart.takeInput(), stm32f4::millisecondsSinceStart());
    const std::uint32_t now = stm32f4::millisecondsSinceStart();
    if (now - lastScanMs >= config.scanPeriodUs / 1000) {
      lastScanMs = now;
      board.scan(now);
    }
    stm32f4::sleepUnlessWorkPending(inputPending);
  }
}
