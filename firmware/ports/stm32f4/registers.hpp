#pragma once
// The few STM32F4 (RM0383 for the F411, RM0090 for the F405) and Cortex-M4 registers the ports
// use, as addresses. Only what is needed; no vendor headers.
#include <cstdint>

namespace tessera::firmware::stm32f4 {

inline volatile std::uint32_t& reg(std::uint32_t address) { return *reinterpret_cast<volatile std::uint32_t*>(address); }

namespace rcc {
constexpr std::uint32_t kBase = 0x40023800;
constexpr std::uint32_t kCr = kBase + 0x00;
constexpr std::uint32_t kPllCfgr = kBase + 0x04;
constexpr std::uint32_t kCfgr = kBase + 0x08;
constexpr std::uint32_t kAhb1Enr = kBase + 0x30;
constexpr std::uint32_t kApb1Enr = kBase + 0x40;
constexpr std::uint32_t kApb2Enr = kBase + 0x44;
constexpr std::uint32_t kCrHseOn = 1u << 16;
constexpr std::uint32_t kCrHseRdy = 1u << 17;
constexpr std::uint32_t kCrPllOn = 1u << 24;
constexpr std::uint32_t kCrPllRdy = 1u << 25;
constexpr std::uint32_t kAhb1GpioA = 1u << 0;
constexpr std::uint32_t kAhb1GpioB = 1u << 1;
constexpr std::uint32_t kApb1Usart2 = 1u << 17;
constexpr std::uint32_t kApb2Usart1 = 1u << 4;
constexpr std::uint32_t kApb2Spi1 = 1u << 12;
}  // namespace rcc

namespace flash {
constexpr std::uint32_t kAcr = 0x40023C00;
constexpr std::uint32_t kAcrPrefetch = 1u << 8;
constexpr std::uint32_t kAcrICache = 1u << 9;
constexpr std::uint32_t kAcrDCache = 1u << 10;
}  // namespace flash

namespace gpio {
constexpr std::uint32_t kPortA = 0x40020000;
constexpr std::uint32_t kPortB = 0x40020400;
constexpr std::uint32_t kModer = 0x00;
constexpr std::uint32_t kOspeedr = 0x08;
constexpr std::uint32_t kPupdr = 0x0C;
constexpr std::uint32_t kIdr = 0x10;
constexpr std::uint32_t kBsrr = 0x18;
constexpr std::uint32_t kAfrl = 0x20;
constexpr std::uint32_t kAfrh = 0x24;
constexpr std::uint32_t kModeInput = 0b00;
constexpr std::uint32_t kModeOutput = 0b01;
constexpr std::uint32_t kModeAlternate = 0b10;
}  // namespace gpio

namespace usart {
constexpr std::uint32_t kUsart1 = 0x40011000;
constexpr std::uint32_t kUsart2 = 0x40004400;
constexpr std::uint32_t kSr = 0x00;
constexpr std::uint32_t kDr = 0x04;
constexpr std::uint32_t kBrr = 0x08;
constexpr std::uint32_t kCr1 = 0x0C;
constexpr std::uint32_t kSrOverrun = 1u << 3;
constexpr std::uint32_t kSrRxNotEmpty = 1u << 5;
constexpr std::uint32_t kSrTxEmpty = 1u << 7;
constexpr std::uint32_t kCr1ReceiverOn = 1u << 2;
constexpr std::uint32_t kCr1TransmitterOn = 1u << 3;
constexpr std::uint32_t kCr1RxInterrupt = 1u << 5;
constexpr std::uint32_t kCr1Enable = 1u << 13;
constexpr int kUsart1Irq = 37;
constexpr int kUsart2Irq = 38;
}  // namespace usart

namespace spi {
constexpr std::uint32_t kSpi1 = 0x40013000;
constexpr std::uint32_t kCr1 = 0x00;
constexpr std::uint32_t kSr = 0x08;
constexpr std::uint32_t kDr = 0x0C;
constexpr std::uint32_t kCr1Master = 1u << 2;
constexpr std::uint32_t kCr1BaudShift = 3;
constexpr std::uint32_t kCr1Enable = 1u << 6;
constexpr std::uint32_t kCr1SoftwareSlaveInternal = 1u << 8;
constexpr std::uint32_t kCr1SoftwareSlaveManagement = 1u << 9;
constexpr std::uint32_t kSrTxEmpty = 1u << 1;
constexpr std::uint32_t kSrBusy = 1u << 7;
}  // namespace spi

namespace systick {
constexpr std::uint32_t kCtrl = 0xE000E010;
constexpr std::uint32_t kLoad = 0xE000E014;
constexpr std::uint32_t kVal = 0xE000E018;
constexpr std::uint32_t kCtrlEnable = 1u << 0;
constexpr std::uint32_t kCtrlInterrupt = 1u << 1;
constexpr std::uint32_t kCtrlProcessorClock = 1u << 2;
}  // namespace systick

namespace nvic {
constexpr std::uint32_t kIser0 = 0xE000E100;
inline void enable(int irq) { reg(kIser0 + 4u * static_cast<std::uint32_t>(irq / 32)) = 1u << (irq % 32); }
}  // namespace nvic

}  // namespace tessera::firmware::stm32f4
