#pragma once
// The firmware's whole behaviour, independent of the MCU: scans and debounces the sensor matrix,
// reports settled changes and snapshots, shows LED frames, answers heartbeats, and keeps the link
// session (opened by Hello, closed when the host goes quiet). The port calls receive() for every
// UART byte, scan() at the scan period and checkLink() now and then, all from one thread.
#include <array>
#include <cstdint>

#include "byte_sink.hpp"
#include "debouncer.hpp"
#include "led_frame.hpp"
#include "led_strip.hpp"
#include "matrix_scanner.hpp"
#include "protocol/frame_encoder.hpp"
#include "protocol/frame_receiver.hpp"
#include "protocol/messages.hpp"
#include "sensor_lines.hpp"

namespace tessera::firmware {

struct FirmwareConfig {
  BoardSize size;
  std::uint8_t debounceScans = 4;
  std::uint16_t scanPeriodUs = 2000;   // reported to the host; the port keeps the pace
  std::uint32_t quietTimeoutMs = 1000;  // no valid frame from the host for this long ends the session
};

class BoardFirmware {
 public:
  BoardFirmware(const FirmwareConfig& config, SensorLines& sensors, LedStrip& leds, ByteSink& uart);

  void receive(std::uint8_t byte, std::uint32_t nowMs);
  void scan(std::uint32_t nowMs);
  void checkLink(std::uint32_t nowMs);

  bool sessionOpen() const { return receiver_.inSession(); }
  const wire::DropCounters& drops() const { return receiver_.drops(); }
  const OccupancyGrid& settled() const { return debouncer_.settled(); }
  std::uint32_t scanCount() const { return scanCount_; }

 private:
  void handle(const wire::Frame& frame, std::uint32_t nowMs);
  void showLeds();
  void sendSnapshot();
  void sendError(wire::ErrorCode code, std::uint8_t detail);
  void send(wire::MessageType type, std::size_t bodySize);

  FirmwareConfig config_;
  MatrixScanner scanner_;
  Debouncer debouncer_;
  LedStrip& leds_;
  ByteSink& uart_;
  wire::FrameReceiver receiver_{wire::Direction::ToFirmware};
  wire::FrameEncoder encoder_;
  std::array<std::uint8_t, wire::kMaxBodySize> body_{};
  wire::LedFrameCommand ledCommand_;
  wire::ChangesReport changes_;
  LedFrame ledFrame_;
  std::uint32_t lastHeardMs_ = 0;
  std::uint32_t scanCount_ = 0;
};

}  // namespace tessera::firmware
