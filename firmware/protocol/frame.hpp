#pragma once
// The frame layout shared by the firmware and the host (docs/protocol.md):
//   version u8 | type u8 | sequence u16 | body length u16 | body | CRC-16/CCITT-FALSE u16
// (little-endian fields, big-endian CRC), COBS-stuffed on the wire and terminated by one zero byte.
// The length field is not redundant: without it, a frame that lost its trailing zero byte, or
// gained one, would still pass the CRC (a CRC with no final xor checks M|c1 as c2|00).
#include <cstddef>
#include <cstdint>
#include <span>

#include "cobs.hpp"

namespace tessera::wire {

constexpr std::uint8_t kProtocolVersion = 1;
constexpr std::size_t kHeaderSize = 6;
constexpr std::size_t kCrcSize = 2;
constexpr std::size_t kMaxBodySize = 440;
constexpr std::size_t kMinFrameSize = kHeaderSize + kCrcSize;
constexpr std::size_t kMaxFrameSize = kHeaderSize + kMaxBodySize + kCrcSize;
constexpr std::size_t kMaxEncodedSize = cobsMaxEncodedSize(kMaxFrameSize);
constexpr std::uint8_t kDelimiter = 0x00;

enum class MessageType : std::uint8_t {
  // Host to firmware.
  Hello = 0x01,
  RequestSnapshot = 0x02,
  LedFrame = 0x03,
  Heartbeat = 0x04,
  // Firmware to host.
  HelloAck = 0x81,
  Snapshot = 0x82,
  Changes = 0x83,
  LedAck = 0x84,
  HeartbeatAck = 0x85,
  Error = 0x86,
};

// Which way a frame travels decides which types a receiver accepts.
enum class Direction : std::uint8_t { ToFirmware, ToHost };

bool isMessageTypeFor(Direction direction, std::uint8_t type);

// The frame that opens a session; it restarts the receiver's sequence window.
MessageType sessionOpeningType(Direction direction);

struct Frame {
  std::uint8_t version = kProtocolVersion;
  MessageType type = MessageType::Heartbeat;
  std::uint16_t sequence = 0;
  std::span<const std::uint8_t> body;
};

}  // namespace tessera::wire
