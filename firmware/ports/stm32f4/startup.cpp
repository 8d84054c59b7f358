// Cortex-M4 start-up for the STM32F4 ports: the vector table (up to USART2, the last interrupt the
// ports use), and the reset handler that copies .data from flash, zeroes .bss, runs static
// constructors and calls main(). Symbols come from the port's linker script.
#include <cstdint>

extern "C" {
extern std::uint32_t _estack;
extern std::uint32_t _sidata;
extern std::uint32_t _sdata;
extern std::uint32_t _edata;
extern std::uint32_t _sbss;
extern std::uint32_t _ebss;
extern void (*__init_array_start[])();
extern void (*__init_array_end[])();

int main();
void Reset_Handler();

void Default_Handler() {
  while (true) {
  }
}
void NMI_Handler() __attribute__((weak, alias("Default_Handler")));
void HardFault_Handler() __attribute__((weak, alias("Default_Handler")));
void MemManage_Handler() __attribute__((weak, alias("Default_Handler")));
void BusFault_Handler() __attribute__((weak, alias("Default_Handler")));
void UsageFault_Handler() __attribute__((weak, alias("Default_Handler")));
void SVC_Handler() __attribute__((weak, alias("Default_Handler")));
void PendSV_Handler() __attribute__((weak, alias("Default_Handler")));
void SysTick_Handler() __attribute__((weak, alias("Default_Handler")));
void USART1_IRQHandler() __attribute__((weak, alias("Default_Handler")));
void USART2_IRQHandler() __attribute__((weak, alias("Default_Handler")));

// A pure virtual call is a bug; stop where a debugger can see it.
void __cxa_pure_virtual() { Default_Handler(); }
}

namespace {

using Handler = void (*)();
constexpr int kSystemVectors = 16;
constexpr int kUsart2Irq = 38;

struct VectorTable {
  std::uint32_t* initialStack;
  Handler handlers[kSystemVectors - 1 + kUsart2Irq + 1];
};

constexpr VectorTable makeTable() {
  VectorTable table{&_estack, {}};
  for (Handler& h : table.handlers) h = Default_Handler;
  table.handlers[0] = Reset_Handler;
  table.handlers[1] = NMI_Handler;
  table.handlers[2] = HardFault_Handler;
  table.handlers[3] = MemManage_Handler;
  table.handlers[4] = BusFault_Handler;
  table.handlers[5] = UsageFault_Handler;
  table.handlers[10] = SVC_Handler;
  table.handlers[13] = PendSV_Handler;
  table.handlers[14] = SysTick_Handler;
  table.handlers[kSystemVectors - 1 + 37] = USART1_IRQHandler;
  table.handlers[kSystemVectors - 1 + 38] = USART2_IRQHandler;
  return table;
}

}  // namespace

__attribute__((section(".isr_vector"), used)) const VectorTable vectorTable = makeTable();

extern "C" void Reset_Handler() {
  std::uint32_t* from = &_sidata;
  for (std::uint32_t* to = &_sdata; to < &_edata;) *to++ = *from++;
  for (std::uint32_t* to = &_sbss; to < &_ebss;) *to++ = 0;
  for (auto** ctor = __init_array_start; ctor < __init_array_end; ++ctor) (*ctor)();
  main();
  Default_Handler();
}
