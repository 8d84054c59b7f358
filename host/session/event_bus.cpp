#include "event_bus.hpp"

namespace tessera::session {

std::string eventKindName(SessionEvent::Kind kind) {
  switch (kind) {
    case SessionEvent::Kind::GameStarted: return "game";
    case SessionEvent::Kind::Action: return "action";
    case SessionEvent::Kind::Takeback: return "takeback";
    case SessionEvent::Kind::Choose: return "choose";
    case SessionEvent::Kind::Unexpected: return "unexpected";
    case SessionEvent::Kind::Mismatch: return "mismatch";
    case SessionEvent::Kind::Restored: return "restored";
    case SessionEvent::Kind::EngineAction: return "engine";
    case SessionEvent::Kind::Hint: return "hint";
    case SessionEvent::Kind::Result: return "result";
    case SessionEvent::Kind::Message: return "message";
  }
  return "message";
}

}  // namespace tessera::session
