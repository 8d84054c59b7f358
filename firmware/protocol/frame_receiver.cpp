#include "frame_receiver.hpp"

namespace tessera::wire {

ReceiveResult FrameReceiver::feed(std::uint8_t byte) {
  const DecodeResult decoded = decoder_.feed(byte);
  ReceiveResult result;
  if (decoded.kind == DecodeResult::Kind::Nothing) return result;
  if (decoded.kind == DecodeResult::Kind::Dropped) {
    drops_.count(decoded.reason);
    result.kind = ReceiveResult::Kind::Dropped;
    result.reason = decoded.reason;
    result.receivedVersion = decoded.receivedVersion;
    result.receivedType = decoded.receivedType;
    return result;
  }
  result.frame = decoded.frame;
  if (decoded.frame.type == opening_) {
    window_.restart(decoded.frame.sequence);
    inSession_ = true;
    result.kind = ReceiveResult::Kind::Accepted;
    return result;
  }
  if (!inSession_) {
    result.kind = ReceiveResult::Kind::OutsideSession;
    return result;
  }
  const SequenceVerdict verdict = window_.check(decoded.frame.sequence);
  if (!verdict.fresh) {
    drops_.count(DropReason::Replayed);
    result.kind = ReceiveResult::Kind::Dropped;
    result.reason = DropReason::Replayed;
    return result;
  }
  result.kind = ReceiveResult::Kind::Accepted;
  result.missedFrames = verdict.missed;
  return result;
}

}  // namespace tessera::wire
