#pragma once
// The message bodies (docs/protocol.md), with their exact encodings. Cells are numbered as in
// core/observation/observation.hpp: index = rank * files + file.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "board_limits.hpp"
#include "frame.hpp"

namespace tessera::wire {

struct HelloAck {
  std::uint8_t files = 0;
  std::uint8_t ranks = 0;
  std::uint8_t debounceScans = 0;
  std::uint16_t scanPeriodUs = 0;
};

// One bit per cell, cell 0 in bit 0 of byte 0.
class OccupancyBitmap {
 public:
  static constexpr std::size_t kBytes = (kMaxCells + 7) / 8;
  bool occupied(std::size_t cell) const { return (bytes_[cell / 8] >> (cell % 8)) & 1; }
  void set(std::size_t cell, bool occupied) {
    const auto mask = static_cast<std::uint8_t>(1u << (cell % 8));
    bytes_[cell / 8] = static_cast<std::uint8_t>(occupied ? (bytes_[cell / 8] | mask) : (bytes_[cell / 8] & ~mask));
  }
  std::array<std::uint8_t, kBytes>& bytes() { return bytes_; }
  const std::array<std::uint8_t, kBytes>& bytes() const { return bytes_; }

 private:
  std::array<std::uint8_t, kBytes> bytes_{};
};

struct SnapshotReport {
  std::uint32_t scan = 0;  // the scan that produced it
  std::uint8_t files = 0;
  std::uint8_t ranks = 0;
  OccupancyBitmap occupied;
};

struct CellChange {
  std::uint8_t cell = 0;
  bool occupied = false;
};

struct ChangesReport {
  std::uint32_t scan = 0;
  std::uint8_t count = 0;
  std::array<CellChange, kMaxCells> changes{};
};

struct LedFrameCommand {
  std::uint16_t frameId = 0;
  std::uint8_t cellCount = 0;
  std::array<std::uint8_t, kMaxCells * 3> rgb{};  // red, green, blue per cell
};

enum class LedStatus : std::uint8_t { Shown = 0, WrongCellCount = 1 };

struct LedAck {
  std::uint16_t frameId = 0;
  LedStatus status = LedStatus::Shown;
};

struct HeartbeatAck {
  std::uint32_t uptimeMs = 0;
  std::array<std::uint16_t, 8> drops{};  // per DropReason, saturating at 65535
};

enum class ErrorCode : std::uint8_t {
  NoSession = 1,     // a frame came before Hello; detail: its type
  WrongVersion = 2,  // detail: the version the frame carried
  UnknownType = 3,
  BadLength = 4,     // detail: the message type whose body had the wrong length
};

struct ErrorReport {
  ErrorCode code = ErrorCode::NoSession;
  std::uint8_t detail = 0;
};

// Each writeBody returns the body size (0 when `out` is too small); each readBody returns false
// unless the body has exactly the length and ranges its type requires.
std::size_t writeBody(const HelloAck& m, std::span<std::uint8_t> out);
std::size_t writeBody(const SnapshotReport& m, std::span<std::uint8_t> out);
std::size_t writeBody(const ChangesReport& m, std::span<std::uint8_t> out);
std::size_t writeBody(const LedFrameCommand& m, std::span<std::uint8_t> out);
std::size_t writeBody(const LedAck& m, std::span<std::uint8_t> out);
std::size_t writeBody(const HeartbeatAck& m, std::span<std::uint8_t> out);
std::size_t writeBody(const ErrorReport& m, std::span<std::uint8_t> out);

bool readBody(std::span<const std::uint8_t> body, HelloAck& m);
bool readBody(std::span<const std::uint8_t> body, SnapshotReport& m);
bool readBody(std::span<const std::uint8_t> body, ChangesReport& m);
bool readBody(std::span<const std::uint8_t> body, LedFrameCommand& m);
bool readBody(std::span<const std::uint8_t> body, LedAck& m);
bool readBody(std::span<const std::uint8_t> body, HeartbeatAck& m);
bool readBody(std::span<const std::uint8_t> body, ErrorReport& m);

}  // namespace tessera::wire
