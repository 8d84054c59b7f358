#pragma once
// The session tells its views what happened through this bus: the display, the web page, the
// log and the LEDs subscribe; none of them talks back through it (commands go to the session).
#include <functional>
#include <string>
#include <vector>

namespace tessera::session {

struct SessionEvent {
  enum class Kind {
    GameStarted,   // a new game, or one resumed from the journal
    Action,        // an action was accepted (also an amended last action)
    Takeback,      // actions were taken back
    Choose,        // several explanations: the player is asked
    Unexpected,    // engine mode: the board shows another action than the engine's
    Mismatch,      // nothing explains the board: squares to put right
    Restored,      // the board shows the current position again after a mismatch
    EngineAction,  // engine mode: the engine announces its action
    Hint,          // the engine's suggestions
    Result,        // the game ended (or a result was withdrawn by a takeback)
    Message,       // anything else worth telling (an input lost and back, a refused command)
  };
  Kind kind = Kind::Message;
  std::string text;
};

std::string eventKindName(SessionEvent::Kind kind);

class EventBus {
 public:
  using Listener = std::function<void(const SessionEvent&)>;
  void subscribe(Listener listener) { listeners_.push_back(std::move(listener)); }
  void publish(const SessionEvent& event) const {
    for (const auto& l : listeners_) l(event);
  }

 private:
  std::vector<Listener> listeners_;
};

}  // namespace tessera::session
