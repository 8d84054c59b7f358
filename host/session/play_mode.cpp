#include "play_mode.hpp"

namespace tessera::session {

std::optional<PlayMode> parsePlayMode(std::string_view text) {
  if (text == "referee") return PlayMode::Referee;
  if (text == "engine") return PlayMode::Engine;
  if (text == "hints") return PlayMode::Hints;
  return std::nullopt;
}

std::string playModeName(PlayMode mode) {
  switch (mode) {
    case PlayMode::Referee: return "referee";
    case PlayMode::Engine: return "engine";
    case PlayMode::Hints: return "hints";
  }
  return "referee";
}

}  // namespace tessera::session
