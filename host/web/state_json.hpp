#pragma once
// The session's state as the web page reads it (one JSON object per change, over the WebSocket):
// revision, variant, mode, side to move, message, result, the record in SAN, the open choices,
// the engine's action and hints, and where the squares are on the board image.
#include <string>

#include "hardware/display/board_layout_px.hpp"
#include "host/session/referee_session.hpp"

namespace tessera::web {

std::string stateJson(session::RefereeSession& session, const display::PixelLayout& board);

}  // namespace tessera::web
