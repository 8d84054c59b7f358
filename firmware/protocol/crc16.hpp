#pragma once
// CRC-16/CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, no reflection, no final xor.
// The check value of the ASCII string "123456789" is 0x29B1.
#include <cstddef>
#include <cstdint>
#include <span>

namespace tessera::wire {

std::uint16_t crc16Ccitt(std::span<const std::uint8_t> bytes);

}  // namespace tessera::wire
