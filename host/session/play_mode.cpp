#include "play_mode.hpp"

#include <cctype>
#include <stdexcept>

#include "core/rules/game.hpp"

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

int engineSideNamed(const Variant& variant, std::string_view name) {
  if (name.empty()) return 1;
  const auto lowered = [](std::string_view text) {
    std::string low(text);
    for (char& c : low) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return low;
  };
  std::string names;
  for (int side = 0; side < variant.sides; ++side) {
    const std::string sideName = lowered(sideFullName(variant, side));
    if (sideName == lowered(name)) return side;
    names += (side == 0 ? "" : side + 1 == variant.sides ? " or " : ", ") + sideName;
  }
  throw std::invalid_argument("--engine-side must be " + names + " in " + variant.title + ", not '" + std::string(name) + "'");
}

}  // namespace tessera::session
