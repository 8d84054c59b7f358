#pragma once
// The session's state as the web page reads it (one JSON object per change, over the WebSocket):
// revision, variant, mode, side to move, message, result, the record in SAN, the open choices,
// the engine's action and hints, and the board to draw (board_json.hpp).
#include <string>

#include "host/session/referee_session.hpp"

namespace tessera::web {

std::string stateJson(session::RefereeSession& session);

}  // namespace tessera::web
