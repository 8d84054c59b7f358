#pragma once
// The session's state as the web page reads it (one JSON object per change, over the WebSocket and
// at /state): revision, variant, mode, side to move, message, result, the record in SAN, the open
// choices, the engine's action and hints, and the board to draw (board_json.hpp). Written with
// nlohmann-json; text that is no UTF-8 (a variant file's title in Latin-1, say) goes out with U+FFFD
// in place of each bad byte, so that the page can always read the state.
#include <string>
#include <string_view>

#include "host/session/referee_session.hpp"

namespace tessera::web {

std::string stateJson(session::RefereeSession& session);

}  // namespace tessera::web
