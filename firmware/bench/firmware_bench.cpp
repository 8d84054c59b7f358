// Measures the firmware core on this machine: full 12x12 matrix scans per second (scan, debounce,
// change reports through the protocol encoder), with sensors that change every few scans.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <span>

#include "portable/board_firmware.hpp"
#include "protocol/frame_encoder.hpp"

namespace {

using namespace tessera;

class PatternSensors : public firmware::SensorLines {
 public:
  void selectRank(std::uint8_t rank) override { rank_ = rank; }
  std::uint16_t readFiles() override { return static_cast<std::uint16_t>((pattern_ >> rank_) & 0x0FFF); }
  void advance() { pattern_ = pattern_ * 6364136223846793005ull + 1442695040888963407ull; }

 private:
  std::uint8_t rank_ = 0;
  std::uint64_t pattern_ = 0x9E3779B97F4A7C15ull;
};

class NoLeds : public firmware::LedStrip {
 public:
  void show(std::span<const std::uint8_t>) override {}
};

class CountingUart : public firmware::ByteSink {
 public:
  void write(std::span<const std::uint8_t> bytes) override { bytesWritten += bytes.size(); }
  std::uint64_t bytesWritten = 0;
};

void feed(firmware::BoardFirmware& board, std::span<const std::uint8_t> bytes) {
  for (std::uint8_t b : bytes) board.receive(b, 0);
}

}  // namespace

int main() {
  PatternSensors sensors;
  NoLeds leds;
  CountingUart uart;
  firmware::FirmwareConfig config;
  config.size = {12, 12};
  config.debounceScans = 4;
  config.quietTimeoutMs = 0xFFFFFFFF;
  firmware::BoardFirmware board(config, sensors, leds, uart);
  wire::FrameEncoder host;
  feed(board, host.encode(wire::MessageType::Hello, {}));

  constexpr int kScans = 2'000'000;
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < kScans; ++i) {
    if (i % 16 == 0) sensors.advance();  // the board changes often enough that reports are sent
    board.scan(0);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("firmware core, host build: %d full 12x12 scans in %.3f s = %.0f scans/s (%.1f ns per scan), %llu report bytes\n",
              kScans, seconds, kScans / seconds, seconds * 1e9 / kScans,
              static_cast<unsigned long long>(uart.bytesWritten));
  return 0;
}
