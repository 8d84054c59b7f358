#include "messages.hpp"

#include "byte_io.hpp"

namespace tessera::wire {
namespace {

std::size_t finished(const ByteWriter& w) { return w.overflowed() ? 0 : w.size(); }
bool finished(const ByteReader& r) { return r.ok() && r.remaining() == 0; }
bool boardSizeValid(int files, int ranks) { return files >= 1 && files <= kMaxFiles && ranks >= 1 && ranks <= kMaxRanks; }
std::size_t bitmapBytes(int files, int ranks) { return static_cast<std::size_t>(files * ranks + 7) / 8; }

}  // namespace

std::size_t writeBody(const HelloAck& m, std::span<std::uint8_t> out) {
  ByteWriter w(out);
  w.u8(m.files);
  w.u8(m.ranks);
  w.u8(m.debounceScans);
  w.u16(m.scanPeriodUs);
  return finished(w);
}

bool readBody(std::span<const std::uint8_t> body, HelloAck& m) {
  ByteReader r(body);
  m.files = r.u8();
  m.ranks = r.u8();
  m.debounceScans = r.u8();
  m.scanPeriodUs = r.u16();
  return finished(r) && boardSizeValid(m.files, m.ranks);
}

std::size_t writeBody(const SnapshotReport& m, std::span<std::uint8_t> out) {
  if (!boardSizeValid(m.files, m.ranks)) return 0;
  ByteWriter w(out);
  w.u32(m.scan);
  w.u8(m.files);
  w.u8(m.ranks);
  w.bytes(std::span<const std::uint8_t>(m.occupied.bytes().data(), bitmapBytes(m.files, m.ranks)));
  return finished(w);
}

bool readBody(std::span<const std::uint8_t> body, SnapshotReport& m) {
  ByteReader r(body);
  m.scan = r.u32();
  m.files = r.u8();
  m.ranks = r.u8();
  if (!r.ok() || !boardSizeValid(m.files, m.ranks) || r.remaining() != bitmapBytes(m.files, m.ranks)) return false;
  m.occupied = OccupancyBitmap{};
  for (std::size_t i = 0; i < bitmapBytes(m.files, m.ranks); ++i) m.occupied.bytes()[i] = r.u8();
  return finished(r);
}

std::size_t writeBody(const ChangesReport& m, std::span<std::uint8_t> out) {
  ByteWriter w(out);
  w.u32(m.scan);
  w.u8(m.count);
  for (std::size_t i = 0; i < m.count && i < m.changes.size(); ++i) {
    w.u8(m.changes[i].cell);
    w.u8(m.changes[i].occupied ? 1 : 0);
  }
  return finished(w);
}

bool readBody(std::span<const std::uint8_t> body, ChangesReport& m) {
  ByteReader r(body);
  m.scan = r.u32();
  m.count = r.u8();
  if (!r.ok() || m.count == 0 || m.count > kMaxCells || r.remaining() != 2u * m.count) return false;
  for (std::size_t i = 0; i < m.count; ++i) {
    m.changes[i].cell = r.u8();
    const std::uint8_t state = r.u8();
    if (m.changes[i].cell >= kMaxCells || state > 1) return false;
    m.changes[i].occupied = state == 1;
  }
  return finished(r);
}

std::size_t writeBody(const LedFrameCommand& m, std::span<std::uint8_t> out) {
  if (m.cellCount > kMaxCells) return 0;
  ByteWriter w(out);
  w.u16(m.frameId);
  w.u8(m.cellCount);
  w.bytes(std::span<const std::uint8_t>(m.rgb.data(), 3u * m.cellCount));
  return finished(w);
}

bool readBody(std::span<const std::uint8_t> body, LedFrameCommand& m) {
  ByteReader r(body);
  m.frameId = r.u16();
  m.cellCount = r.u8();
  if (!r.ok() || m.cellCount > kMaxCells || r.remaining() != 3u * m.cellCount) return false;
  for (std::size_t i = 0; i < 3u * m.cellCount; ++i) m.rgb[i] = r.u8();
  return finished(r);
}

std::size_t writeBody(const LedAck& m, std::span<std::uint8_t> out) {
  ByteWriter w(out);
  w.u16(m.frameId);
  w.u8(static_cast<std::uint8_t>(m.status));
  return finished(w);
}

bool readBody(std::span<const std::uint8_t> body, LedAck& m) {
  ByteReader r(body);
  m.frameId = r.u16();
  const std::uint8_t status = r.u8();
  if (status > static_cast<std::uint8_t>(LedStatus::WrongCellCount)) return false;
  m.status = static_cast<LedStatus>(status);
  return finished(r);
}

std::size_t writeBody(const HeartbeatAck& m, std::span<std::uint8_t> out) {
  ByteWriter w(out);
  w.u32(m.uptimeMs);
  for (std::uint16_t d : m.drops) w.u16(d);
  return finished(w);
}

bool readBody(std::span<const std::uint8_t> body, HeartbeatAck& m) {
  ByteReader r(body);
  m.uptimeMs = r.u32();
  for (std::uint16_t& d : m.drops) d = r.u16();
  return finished(r);
}

std::size_t writeBody(const ErrorReport& m, std::span<std::uint8_t> out) {
  ByteWriter w(out);
  w.u8(static_cast<std::uint8_t>(m.code));
  w.u8(m.detail);
  return finished(w);
}

bool readBody(std::span<const std::uint8_t> body, ErrorReport& m) {
  ByteReader r(body);
  const std::uint8_t code = r.u8();
  m.detail = r.u8();
  if (code < static_cast<std::uint8_t>(ErrorCode::NoSession) || code > static_cast<std::uint8_t>(ErrorCode::BadLength)) {
    return false;
  }
  m.code = static_cast<ErrorCode>(code);
  return finished(r);
}

}  // namespace tessera::wire
