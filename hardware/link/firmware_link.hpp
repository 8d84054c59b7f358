#pragma once
// The host's driver for the board firmware over a serial port (Boost.Asio). It keeps the port
// open (reopening it when the cable comes back), runs the handshake, heartbeats, and turns
// snapshots and change reports into occupancy Observations; it sends LED frames and reports their
// acknowledgement. Everything runs on the io_context's thread, handlers included; call its
// functions from that thread too (post() to it otherwise).
#include <boost/asio/io_context.hpp>
#include <boost/asio/serial_port.hpp>
#include <boost/asio/steady_timer.hpp>

#include <array>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "core/observation/observation.hpp"
#include "hardware/link/link_events.hpp"
#include "hardware/link/link_options.hpp"
#include "hardware/link/occupancy_tracker.hpp"
#include "protocol/drop_counters.hpp"
#include "protocol/frame_encoder.hpp"
#include "protocol/frame_receiver.hpp"
#include "protocol/messages.hpp"

namespace tessera::link {

struct LinkHandlers {
  std::function<void(const Observation&)> onObservation;  // every settled board, after each report
  std::function<void(std::uint16_t frameId, bool shown)> onLedAck;
  std::function<void(const LinkEvent&)> onEvent;
};

struct BoardGeometry {
  int files = 0;
  int ranks = 0;
  int debounceScans = 0;
  int scanPeriodUs = 0;
};

class FirmwareLink {
 public:
  FirmwareLink(boost::asio::io_context& io, LinkOptions options, LinkHandlers handlers);
  ~FirmwareLink();
  FirmwareLink(const FirmwareLink&) = delete;
  FirmwareLink& operator=(const FirmwareLink&) = delete;

  void start();
  void stop();

  // One colour per cell, in Observation order. Returns the frame id its acknowledgement will carry,
  // or nothing when no session is open. Throws std::invalid_argument when the number of colours
  // is not the board's cell count.
  std::optional<std::uint16_t> sendLedFrame(const std::vector<Rgb>& colours);
  void requestSnapshot();

  LinkState state() const { return state_; }
  std::optional<BoardGeometry> geometry() const { return geometry_; }
  const wire::DropCounters& drops() const { return receiver_.drops(); }
  // The firmware's own drop counts, from its last heartbeat acknowledgement.
  const std::array<std::uint16_t, 8>& firmwareDrops() const { return firmwareDrops_; }
  int reconnections() const { return reconnections_; }

 private:
  void openPort();
  void scheduleReopen();
  void closePort(LinkEventKind kind, const std::string& message);
  void beginHandshake();
  void readSome();
  void handleBytes(std::size_t count);
  void handleFrame(const wire::ReceiveResult& result);
  void handleError(const wire::ErrorReport& error);
  void tick();
  void scheduleTick();
  void send(wire::MessageType type, std::size_t bodySize);
  void writeNext();
  void emit(LinkEventKind kind, const std::string& message);
  void deliverObservation();

  boost::asio::io_context& io_;
  LinkOptions options_;
  LinkHandlers handlers_;
  boost::asio::serial_port port_;
  boost::asio::steady_timer reopenTimer_;
  boost::asio::steady_timer heartbeatTimer_;
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
  std::uint64_t portGeneration_ = 0;  // handlers of an earlier opening of the port do nothing

  LinkState state_ = LinkState::Closed;
  bool running_ = false;
  bool reportedUnavailable_ = false;
  bool quietReported_ = false;
  int reconnections_ = 0;
  bool openedBefore_ = false;
  std::chrono::steady_clock::time_point lastHeard_;
  std::optional<BoardGeometry> geometry_;

  wire::FrameReceiver receiver_{wire::Direction::ToHost};
  wire::FrameEncoder encoder_;
  std::array<std::uint8_t, wire::kMaxBodySize> body_{};
  std::array<std::uint8_t, 512> readBuffer_{};
  std::deque<std::vector<std::uint8_t>> outgoing_;
  bool writing_ = false;
  OccupancyTracker tracker_;
  std::uint16_t nextLedFrameId_ = 1;
  std::array<std::uint16_t, 8> firmwareDrops_{};
};

}  // namespace tessera::link
