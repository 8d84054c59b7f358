#include "frame_encoder.hpp"

#include "crc16.hpp"

namespace tessera::wire {

std::size_t encodeFrame(std::uint8_t version, std::uint8_t type, std::uint16_t sequence,
                        std::span<const std::uint8_t> body, std::span<std::uint8_t> out) {
  if (body.size() > kMaxBodySize) return 0;
  std::array<std::uint8_t, kMaxFrameSize> plain{};
  plain[0] = version;
  plain[1] = type;
  plain[2] = static_cast<std::uint8_t>(sequence);
  plain[3] = static_cast<std::uint8_t>(sequence >> 8);
  plain[4] = static_cast<std::uint8_t>(body.size());
  plain[5] = static_cast<std::uint8_t>(body.size() >> 8);
  for (std::size_t i = 0; i < body.size(); ++i) plain[kHeaderSize + i] = body[i];
  const std::size_t covered = kHeaderSize + body.size();
  const std::uint16_t crc = crc16Ccitt(std::span<const std::uint8_t>(plain.data(), covered));
  plain[covered] = static_cast<std::uint8_t>(crc >> 8);
  plain[covered + 1] = static_cast<std::uint8_t>(crc);
  const std::size_t plainSize = covered + kCrcSize;
  if (out.empty()) return 0;
  const std::size_t stuffed = cobsEncode(std::span<const std::uint8_t>(plain.data(), plainSize),
                                         out.first(out.size() - 1));
  if (stuffed == 0) return 0;
  out[stuffed] = kDelimiter;
  return stuffed + 1;
}

std::span<const std::uint8_t> FrameEncoder::encode(MessageType type, std::span<const std::uint8_t> body) {
  const std::uint16_t next = static_cast<std::uint16_t>(sequence_ + 1);
  const std::size_t size = encodeFrame(kProtocolVersion, static_cast<std::uint8_t>(type), next, body, wire_);
  if (size == 0) return {};
  sequence_ = next;
  return std::span<const std::uint8_t>(wire_.data(), size);
}

}  // namespace tessera::wire
