#pragma once
// How the session plays: referee between two players, against the engine, or with hints shown
// after every action.
#include <optional>
#include <string>
#include <string_view>

#include "core/rules/variant.hpp"

namespace tessera::session {

enum class PlayMode { Referee, Engine, Hints };

std::optional<PlayMode> parsePlayMode(std::string_view text);
std::string playModeName(PlayMode mode);

// The side the engine plays, named as the variant names its sides ("black", "West"; any case).
// Empty text is the second side, the one that answers the players' first action. Throws
// std::invalid_argument naming the sides there are.
int engineSideNamed(const Variant& variant, std::string_view name);

}  // namespace tessera::session
