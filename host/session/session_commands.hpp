#pragma once
// The buttons' words (web page, keys, GPIO buttons) turned into session calls: "hint",
// "takeback", "confirm", "choose N" (1-based), "override", "new", "resign", "draw",
// "show SQUARE" (where what stands there can go; "show" alone hides it).
#include <string>

#include "host/session/referee_session.hpp"

namespace tessera::session {

// Returns an error text for an unknown command, empty when it was carried out.
std::string runCommand(RefereeSession& session, const std::string& command);

}  // namespace tessera::session
