#include "drop_counters.hpp"

namespace tessera::wire {

std::string_view dropReasonName(DropReason reason) {
  switch (reason) {
    case DropReason::Oversize: return "oversize";
    case DropReason::BadStuffing: return "bad stuffing";
    case DropReason::Truncated: return "truncated";
    case DropReason::BadCrc: return "bad CRC";
    case DropReason::WrongVersion: return "wrong protocol version";
    case DropReason::UnknownType: return "unknown message type";
    case DropReason::Replayed: return "replayed sequence number";
    case DropReason::BadLength: return "wrong body length";
  }
  return "unknown";
}

}  // namespace tessera::wire
