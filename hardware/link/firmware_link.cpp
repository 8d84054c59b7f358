#include "firmware_link.hpp"

#include <boost/asio/write.hpp>

#include <stdexcept>
#include <string>

namespace tessera::link {

using wire::MessageType;
namespace asio = boost::asio;

FirmwareLink::FirmwareLink(asio::io_context& io, LinkOptions options, LinkHandlers handlers)
    : io_(io), options_(std::move(options)), handlers_(std::move(handlers)), port_(io), reopenTimer_(io), heartbeatTimer_(io) {
  if (options_.devicePath.empty()) throw std::invalid_argument("firmware link: no serial device path given");
}

FirmwareLink::~FirmwareLink() {
  *alive_ = false;
  stop();
}

void FirmwareLink::start() {
  if (running_) return;
  running_ = true;
  openPort();
  scheduleTick();
}

void FirmwareLink::stop() {
  running_ = false;
  boost::system::error_code ignored;
  port_.close(ignored);
  reopenTimer_.cancel();
  heartbeatTimer_.cancel();
  ++portGeneration_;
  state_ = LinkState::Closed;
}

void FirmwareLink::openPort() {
  if (!running_) return;
  boost::system::error_code ec;
  port_.open(options_.devicePath, ec);
  if (!ec) port_.set_option(asio::serial_port::baud_rate(options_.baudRate), ec);
  if (ec) {
    boost::system::error_code ignored;
    port_.close(ignored);
    if (!reportedUnavailable_) {
      emit(LinkEventKind::PortUnavailable, "cannot open " + options_.devicePath + ": " + ec.message() + "; retrying");
      reportedUnavailable_ = true;
    }
    scheduleReopen();
    return;
  }
  reportedUnavailable_ = false;
  ++portGeneration_;
  if (openedBefore_) ++reconnections_;
  openedBefore_ = true;
  receiver_.discardPartialFrame();
  lastHeard_ = std::chrono::steady_clock::now();
  quietReported_ = false;
  emit(LinkEventKind::PortOpened, "opened " + options_.devicePath);
  readSome();
  beginHandshake();
}

void FirmwareLink::scheduleReopen() {
  reopenTimer_.expires_after(options_.reconnectInterval);
  reopenTimer_.async_wait([this, alive = alive_](const boost::system::error_code& ec) {
    if (!*alive || ec) return;
    openPort();
  });
}

void FirmwareLink::closePort(LinkEventKind kind, const std::string& message) {
  boost::system::error_code ignored;
  port_.close(ignored);
  ++portGeneration_;
  state_ = LinkState::Closed;
  tracker_.forget();
  receiver_.endSession();
  outgoing_.clear();
  writing_ = false;
  emit(kind, message);
  scheduleReopen();
}

void FirmwareLink::beginHandshake() {
  state_ = LinkState::Handshaking;
  tracker_.forget();
  // A lone delimiter first ends whatever partial frame the firmware may be holding.
  outgoing_.push_back({wire::kDelimiter});
  send(MessageType::Hello, 0);
}

void FirmwareLink::readSome() {
  port_.async_read_some(asio::buffer(readBuffer_),
                        [this, alive = alive_, generation = portGeneration_](const boost::system::error_code& ec, std::size_t n) {
                          if (!*alive || generation != portGeneration_) return;
                          if (ec) {
                            closePort(LinkEventKind::PortLost, "lost " + options_.devicePath + ": " + ec.message() + "; reconnecting");
                            return;
                          }
                          handleBytes(n);
                          if (generation == portGeneration_) readSome();
                        });
}

void FirmwareLink::handleBytes(std::size_t count) {
  const std::uint64_t generation = portGeneration_;
  for (std::size_t i = 0; i < count && generation == portGeneration_; ++i) {
    const wire::ReceiveResult result = receiver_.feed(readBuffer_[i]);
    if (result.kind == wire::ReceiveResult::Kind::Accepted) {
      lastHeard_ = std::chrono::steady_clock::now();
      quietReported_ = false;
      handleFrame(result);
    } else if (result.kind == wire::ReceiveResult::Kind::Dropped && result.reason == wire::DropReason::WrongVersion) {
      emit(LinkEventKind::FirmwareError, "firmware on " + options_.devicePath + " speaks protocol version " +
                                             std::to_string(result.receivedVersion) + "; this host speaks version " +
                                             std::to_string(wire::kProtocolVersion));
    }
    // Frames outside a session are stale reports from before our Hello: not acted on.
  }
}

void FirmwareLink::handleFrame(const wire::ReceiveResult& result) {
  const wire::Frame& frame = result.frame;
  if (frame.type == MessageType::HelloAck) {
    // A second answer to a repeated Hello: the session is already open.
    if (state_ == LinkState::Connected) return;
    wire::HelloAck ack;
    if (!wire::readBody(frame.body, ack)) {
      receiver_.countDrop(wire::DropReason::BadLength);
      return;
    }
    geometry_ = BoardGeometry{ack.files, ack.ranks, ack.debounceScans, ack.scanPeriodUs};
    state_ = LinkState::Connected;
    tracker_.forget();
    emit(LinkEventKind::SessionOpened, "firmware on " + options_.devicePath + ": " + std::to_string(ack.files) + "x" +
                                           std::to_string(ack.ranks) + " board, protocol version " +
                                           std::to_string(wire::kProtocolVersion));
    requestSnapshot();
    return;
  }
  if (state_ != LinkState::Connected) return;
  if (result.missedFrames > 0) {
    // A lost change report would leave the copy wrong: start again from a snapshot.
    emit(LinkEventKind::FramesLost, std::to_string(result.missedFrames) + " frame(s) from the firmware lost; requesting a snapshot");
    tracker_.forget();
    requestSnapshot();
  }
  switch (frame.type) {
    case MessageType::Snapshot: {
      wire::SnapshotReport snapshot;
      if (!wire::readBody(frame.body, snapshot)) break;
      tracker_.applySnapshot(snapshot);
      deliverObservation();
      return;
    }
    case MessageType::Changes: {
      wire::ChangesReport changes;
      if (!wire::readBody(frame.body, changes)) break;
      if (tracker_.applyChanges(changes)) deliverObservation();
      return;
    }
    case MessageType::LedAck: {
      wire::LedAck ack;
      if (!wire::readBody(frame.body, ack)) break;
      if (handlers_.onLedAck) handlers_.onLedAck(ack.frameId, ack.status == wire::LedStatus::Shown);
      return;
    }
    case MessageType::HeartbeatAck: {
      wire::HeartbeatAck ack;
      if (!wire::readBody(frame.body, ack)) break;
      firmwareDrops_ = ack.drops;
      return;
    }
    case MessageType::Error: {
      wire::ErrorReport error;
      if (!wire::readBody(frame.body, error)) break;
      handleError(error);
      return;
    }
    default:
      return;
  }
  receiver_.countDrop(wire::DropReason::BadLength);
}

void FirmwareLink::handleError(const wire::ErrorReport& error) {
  switch (error.code) {
    case wire::ErrorCode::NoSession:
      emit(LinkEventKind::FirmwareError, "firmware lost the session (restarted, or timed the host out); handshaking again");
      beginHandshake();
      return;
    case wire::ErrorCode::WrongVersion:
      emit(LinkEventKind::FirmwareError, "firmware refused a frame of protocol version " + std::to_string(error.detail));
      return;
    case wire::ErrorCode::UnknownType:
      emit(LinkEventKind::FirmwareError, "firmware does not know message type " + std::to_string(error.detail));
      return;
    case wire::ErrorCode::BadLength:
      emit(LinkEventKind::FirmwareError, "firmware refused a message of type " + std::to_string(error.detail) + " with a wrong body length");
      return;
  }
}

void FirmwareLink::tick() {
  if (!running_) return;
  if (state_ != LinkState::Closed) {
    if (std::chrono::steady_clock::now() - lastHeard_ > options_.quietTimeout && !quietReported_) {
      quietReported_ = true;
      emit(LinkEventKind::LinkQuiet, "nothing heard from the firmware on " + options_.devicePath + " for " +
                                         std::to_string(options_.quietTimeout.count()) + " ms; handshaking again");
      receiver_.endSession();
      beginHandshake();
    } else if (state_ == LinkState::Handshaking) {
      send(MessageType::Hello, 0);
    } else {
      send(MessageType::Heartbeat, 0);
    }
  }
  scheduleTick();
}

void FirmwareLink::scheduleTick() {
  heartbeatTimer_.expires_after(options_.heartbeatInterval);
  heartbeatTimer_.async_wait([this, alive = alive_](const boost::system::error_code& ec) {
    if (!*alive || ec) return;
    tick();
  });
}

std::optional<std::uint16_t> FirmwareLink::sendLedFrame(const std::vector<Rgb>& colours) {
  if (state_ != LinkState::Connected || !geometry_) return std::nullopt;
  const std::size_t cells = static_cast<std::size_t>(geometry_->files * geometry_->ranks);
  if (colours.size() != cells) {
    throw std::invalid_argument("LED frame has " + std::to_string(colours.size()) + " colours; the board has " +
                                std::to_string(geometry_->files) + "x" + std::to_string(geometry_->ranks) + " = " +
                                std::to_string(cells) + " cells");
  }
  wire::LedFrameCommand command;
  command.frameId = nextLedFrameId_++;
  command.cellCount = static_cast<std::uint8_t>(cells);
  for (std::size_t i = 0; i < cells; ++i) {
    command.rgb[3 * i + 0] = colours[i].red;
    command.rgb[3 * i + 1] = colours[i].green;
    command.rgb[3 * i + 2] = colours[i].blue;
  }
  send(MessageType::LedFrame, wire::writeBody(command, body_));
  return command.frameId;
}

void FirmwareLink::requestSnapshot() {
  if (state_ == LinkState::Connected) send(MessageType::RequestSnapshot, 0);
}

void FirmwareLink::send(MessageType type, std::size_t bodySize) {
  const auto bytes = encoder_.encode(type, std::span<const std::uint8_t>(body_.data(), bodySize));
  outgoing_.emplace_back(bytes.begin(), bytes.end());
  writeNext();
}

void FirmwareLink::writeNext() {
  if (writing_ || outgoing_.empty() || !port_.is_open()) return;
  writing_ = true;
  asio::async_write(port_, asio::buffer(outgoing_.front()),
                    [this, alive = alive_, generation = portGeneration_](const boost::system::error_code& ec, std::size_t) {
                      if (!*alive || generation != portGeneration_) return;
                      writing_ = false;
                      if (ec) {
                        closePort(LinkEventKind::PortLost, "lost " + options_.devicePath + ": writing failed: " + ec.message() + "; reconnecting");
                        return;
                      }
                      outgoing_.pop_front();
                      writeNext();
                    });
}

void FirmwareLink::emit(LinkEventKind kind, const std::string& message) {
  if (handlers_.onEvent) handlers_.onEvent(LinkEvent{kind, message});
}

void FirmwareLink::deliverObservation() {
  if (handlers_.onObservation) handlers_.onObservation(tracker_.observation());
}

}  // namespace tessera::link
