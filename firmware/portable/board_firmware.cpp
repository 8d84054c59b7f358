#include "board_firmware.hpp"

namespace tessera::firmware {

using wire::MessageType;

BoardFirmware::BoardFirmware(const FirmwareConfig& config, SensorLines& sensors, LedStrip& leds, ByteSink& uart)
    : config_(config), scanner_(sensors, config.size), debouncer_(config.size, config.debounceScans), leds_(leds), uart_(uart) {}

void BoardFirmware::receive(std::uint8_t byte, std::uint32_t nowMs) {
  const wire::ReceiveResult result = receiver_.feed(byte);
  switch (result.kind) {
    case wire::ReceiveResult::Kind::Nothing:
      return;
    case wire::ReceiveResult::Kind::Dropped:
      // Noise is only counted (heartbeat acks carry the counts); a peer speaking another version
      // or sending unknown messages is told why nothing happens.
      if (result.reason == wire::DropReason::WrongVersion) sendError(wire::ErrorCode::WrongVersion, result.receivedVersion);
      if (result.reason == wire::DropReason::UnknownType) sendError(wire::ErrorCode::UnknownType, result.receivedType);
      return;
    case wire::ReceiveResult::Kind::OutsideSession:
      sendError(wire::ErrorCode::NoSession, static_cast<std::uint8_t>(result.frame.type));
      return;
    case wire::ReceiveResult::Kind::Accepted:
      lastHeardMs_ = nowMs;
      handle(result.frame, nowMs);
      return;
  }
}

void BoardFirmware::handle(const wire::Frame& frame, std::uint32_t nowMs) {
  const bool emptyBody = frame.body.empty();
  switch (frame.type) {
    case MessageType::Hello: {
      if (!emptyBody) break;
      wire::HelloAck ack{config_.size.files, config_.size.ranks, config_.debounceScans, config_.scanPeriodUs};
      send(MessageType::HelloAck, wire::writeBody(ack, body_));
      return;
    }
    case MessageType::RequestSnapshot:
      if (!emptyBody) break;
      sendSnapshot();
      return;
    case MessageType::Heartbeat: {
      if (!emptyBody) break;
      wire::HeartbeatAck ack;
      ack.uptimeMs = nowMs;
      for (std::size_t i = 0; i < wire::kDropReasonCount; ++i) {
        const std::uint32_t n = drops().of(static_cast<wire::DropReason>(i));
        ack.drops[i] = static_cast<std::uint16_t>(n > 0xFFFF ? 0xFFFF : n);
      }
      send(MessageType::HeartbeatAck, wire::writeBody(ack, body_));
      return;
    }
    case MessageType::LedFrame:
      if (!wire::readBody(frame.body, ledCommand_)) break;
      showLeds();
      return;
    default:
      break;
  }
  receiver_.countDrop(wire::DropReason::BadLength);
  sendError(wire::ErrorCode::BadLength, static_cast<std::uint8_t>(frame.type));
}

void BoardFirmware::showLeds() {
  wire::LedAck ack{ledCommand_.frameId, wire::LedStatus::Shown};
  if (ledCommand_.cellCount != config_.size.cells()) {
    ack.status = wire::LedStatus::WrongCellCount;
  } else {
    ledFrame_.setFromRgb(std::span<const std::uint8_t>(ledCommand_.rgb.data(), 3u * ledCommand_.cellCount));
    leds_.show(ledFrame_.grb());
  }
  send(MessageType::LedAck, wire::writeBody(ack, body_));
}

void BoardFirmware::scan(std::uint32_t nowMs) {
  ++scanCount_;
  const SettledChanges settled = debouncer_.update(scanner_.scan());
  checkLink(nowMs);
  if (settled.count == 0 || !sessionOpen()) return;
  changes_.scan = scanCount_;
  changes_.count = static_cast<std::uint8_t>(settled.count);
  for (std::size_t i = 0; i < settled.count; ++i) changes_.changes[i] = settled.cells[i];
  send(MessageType::Changes, wire::writeBody(changes_, body_));
}

void BoardFirmware::checkLink(std::uint32_t nowMs) {
  if (sessionOpen() && nowMs - lastHeardMs_ > config_.quietTimeoutMs) receiver_.endSession();
}

void BoardFirmware::sendSnapshot() {
  wire::SnapshotReport snapshot;
  snapshot.scan = scanCount_;
  snapshot.files = config_.size.files;
  snapshot.ranks = config_.size.ranks;
  for (int rank = 0; rank < config_.size.ranks; ++rank) {
    for (int file = 0; file < config_.size.files; ++file) {
      snapshot.occupied.set(static_cast<std::size_t>(rank * config_.size.files + file), occupiedAt(settled(), file, rank));
    }
  }
  send(MessageType::Snapshot, wire::writeBody(snapshot, body_));
}

void BoardFirmware::sendError(wire::ErrorCode code, std::uint8_t detail) {
  send(MessageType::Error, wire::writeBody(wire::ErrorReport{code, detail}, body_));
}

void BoardFirmware::send(MessageType type, std::size_t bodySize) {
  uart_.write(encoder_.encode(type, std::span<const std::uint8_t>(body_.data(), bodySize)));
}

}  // namespace tessera::firmware
