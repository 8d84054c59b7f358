#pragma once
// How the session plays: referee between two players, against the engine, or with hints shown
// after every action.
#include <optional>
#include <string>
#include <string_view>

namespace tessera::session {

enum class PlayMode { Referee, Engine, Hints };

std::optional<PlayMode> parsePlayMode(std::string_view text);
std::string playModeName(PlayMode mode);

}  // namespace tessera::session
