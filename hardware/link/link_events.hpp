#pragma once
// What the link tells its owner besides observations and LED acknowledgements.
#include <cstdint>
#include <string>

namespace tessera::link {

enum class LinkState : std::uint8_t {
  Closed,       // the port is not open (not started, or lost and being retried)
  Handshaking,  // the port is open; waiting for the firmware to answer Hello
  Connected,    // session open; observations flow
};

enum class LinkEventKind : std::uint8_t {
  PortOpened,
  PortUnavailable,   // could not open the port; retried every reconnectInterval
  PortLost,          // read or write failed (cable pulled); retried
  SessionOpened,     // handshake done; a full snapshot has been requested
  LinkQuiet,         // nothing valid heard for quietTimeout; re-handshaking
  FramesLost,        // a gap in the firmware's sequence numbers; a snapshot has been requested
  FirmwareError,     // the firmware reported an error, or speaks another protocol version
};

struct LinkEvent {
  LinkEventKind kind;
  std::string message;  // for people: what happened, with the port and the numbers involved
};

struct Rgb {
  std::uint8_t red = 0;
  std::uint8_t green = 0;
  std::uint8_t blue = 0;
};

}  // namespace tessera::link
