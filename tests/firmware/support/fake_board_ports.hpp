#pragma once
// Host stand-ins for what a firmware port provides: sensors a test sets, an LED chain and a UART
// that record what the firmware did, and a reader for the frames the firmware wrote.
#include <cstdint>
#include <span>
#include <vector>

#include "portable/board_firmware.hpp"
#include "protocol/frame_decoder.hpp"

namespace tessera::testing {

class FakeSensors : public firmware::SensorLines {
 public:
  void set(int file, int rank, bool occupied) {
    const auto bit = static_cast<std::uint16_t>(1u << file);
    grid[rank] = static_cast<std::uint16_t>(occupied ? (grid[rank] | bit) : (grid[rank] & ~bit));
  }
  void selectRank(std::uint8_t rank) override { rank_ = rank; }
  std::uint16_t readFiles() override { return grid[rank_]; }

  firmware::OccupancyGrid grid{};

 private:
  std::uint8_t rank_ = 0;
};

class RecordingLeds : public firmware::LedStrip {
 public:
  void show(std::span<const std::uint8_t> grb) override { shown.emplace_back(grb.begin(), grb.end()); }
  std::vector<std::vector<std::uint8_t>> shown;
};

class RecordingUart : public firmware::ByteSink {
 public:
  void write(std::span<const std::uint8_t> bytes) override { this->bytes.insert(this->bytes.end(), bytes.begin(), bytes.end()); }
  std::vector<std::uint8_t> bytes;
};

struct WrittenFrame {
  wire::MessageType type;
  std::uint16_t sequence;
  std::vector<std::uint8_t> body;
};

// Every well-formed frame in `bytes` (the firmware's output), in order.
inline std::vector<WrittenFrame> framesIn(const std::vector<std::uint8_t>& bytes) {
  wire::FrameDecoder decoder(wire::Direction::ToHost);
  std::vector<WrittenFrame> frames;
  for (std::uint8_t b : bytes) {
    const wire::DecodeResult r = decoder.feed(b);
    if (r.kind == wire::DecodeResult::Kind::Frame) {
      frames.push_back({r.frame.type, r.frame.sequence, {r.frame.body.begin(), r.frame.body.end()}});
    }
  }
  return frames;
}

}  // namespace tessera::testing
