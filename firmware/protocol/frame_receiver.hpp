#pragma once
// One receiving side of a link: the frame decoder plus the session and replay rules.
// A session opens with the session-opening frame (Hello to the firmware, HelloAck to the host),
// whatever its sequence number; after that only newer sequence numbers are accepted.
#include <cstdint>

#include "drop_counters.hpp"
#include "frame_decoder.hpp"
#include "sequence_window.hpp"

namespace tessera::wire {

struct ReceiveResult {
  enum class Kind : std::uint8_t {
    Nothing,
    Accepted,        // a fresh frame inside the session (or the frame that opened it)
    OutsideSession,  // a sound frame that arrived before any session was opened: not to be acted on
    Dropped,
  };
  Kind kind = Kind::Nothing;
  Frame frame;
  DropReason reason = DropReason::Oversize;
  std::uint8_t receivedVersion = 0;  // of a WrongVersion frame
  std::uint8_t receivedType = 0;     // of an UnknownType frame
  std::uint16_t missedFrames = 0;  // lost frames just before this accepted one
};

class FrameReceiver {
 public:
  explicit FrameReceiver(Direction direction) : decoder_(direction), opening_(sessionOpeningType(direction)) {}

  ReceiveResult feed(std::uint8_t byte);
  // For checks made above this layer (a body of the wrong length).
  void countDrop(DropReason reason) { drops_.count(reason); }
  void endSession() { inSession_ = false; }
  void discardPartialFrame() { decoder_.discardPartialFrame(); }
  bool inSession() const { return inSession_; }
  const DropCounters& drops() const { return drops_; }

 private:
  FrameDecoder decoder_;
  MessageType opening_;
  SequenceWindow window_;
  bool inSession_ = false;
  DropCounters drops_;
};

}  // namespace tessera::wire
