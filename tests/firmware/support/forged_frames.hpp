#pragma once
// Builders for good and deliberately broken wire frames.
#include <cstdint>
#include <vector>

#include "protocol/cobs.hpp"
#include "protocol/crc16.hpp"
#include "protocol/frame.hpp"
#include "protocol/frame_encoder.hpp"

namespace tessera::testing {

// The wire bytes (stuffed, delimited) of any plain byte string.
inline std::vector<std::uint8_t> stuffed(const std::vector<std::uint8_t>& plain) {
  std::vector<std::uint8_t> wire(wire::cobsMaxEncodedSize(plain.size()) + 1);
  const std::size_t n = wire::cobsEncode(plain, wire);
  wire.resize(n);
  wire.push_back(wire::kDelimiter);
  return wire;
}

// The plain bytes of a frame: header (with the body's true length), body and the correct CRC.
inline std::vector<std::uint8_t> plainFrame(std::uint8_t version, std::uint8_t type, std::uint16_t sequence,
                                            const std::vector<std::uint8_t>& body) {
  std::vector<std::uint8_t> plain{version, type, static_cast<std::uint8_t>(sequence),
                                  static_cast<std::uint8_t>(sequence >> 8), static_cast<std::uint8_t>(body.size()),
                                  static_cast<std::uint8_t>(body.size() >> 8)};
  for (std::uint8_t b : body) plain.push_back(b);
  const std::uint16_t crc = wire::crc16Ccitt(plain);
  plain.push_back(static_cast<std::uint8_t>(crc >> 8));
  plain.push_back(static_cast<std::uint8_t>(crc));
  return plain;
}

inline std::vector<std::uint8_t> goodFrame(wire::MessageType type, std::uint16_t sequence,
                                           const std::vector<std::uint8_t>& body = {}) {
  return stuffed(plainFrame(wire::kProtocolVersion, static_cast<std::uint8_t>(type), sequence, body));
}

// An LED frame body: every cell the same colour.
inline std::vector<std::uint8_t> ledBody(std::uint16_t frameId, int cells, std::uint8_t r, std::uint8_t g, std::uint8_t b) {
  std::vector<std::uint8_t> body{static_cast<std::uint8_t>(frameId), static_cast<std::uint8_t>(frameId >> 8),
                                 static_cast<std::uint8_t>(cells)};
  for (int i = 0; i < cells; ++i) body.insert(body.end(), {r, g, b});
  return body;
}

}  // namespace tessera::testing
