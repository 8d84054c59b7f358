#include "frame.hpp"

namespace tessera::wire {

bool isMessageTypeFor(Direction direction, std::uint8_t type) {
  switch (direction) {
    case Direction::ToFirmware:
      return type >= static_cast<std::uint8_t>(MessageType::Hello) &&
             type <= static_cast<std::uint8_t>(MessageType::Heartbeat);
    case Direction::ToHost:
      return type >= static_cast<std::uint8_t>(MessageType::HelloAck) &&
             type <= static_cast<std::uint8_t>(MessageType::Error);
  }
  return false;
}

MessageType sessionOpeningType(Direction direction) {
  return direction == Direction::ToFirmware ? MessageType::Hello : MessageType::HelloAck;
}

}  // namespace tessera::wire
