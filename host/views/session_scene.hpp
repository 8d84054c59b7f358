#pragma once
// What the display shows for the session's state: the board, the last action, the destinations
// of a lifted piece, the engine's action or hints as arrows (with every other square they change,
// and what a drop puts down), the squares to put right, the prompt.
#include "host/views/display/board_scene.hpp"
#include "host/session/referee_session.hpp"

namespace tessera::views {

display::BoardScene sceneOf(session::RefereeSession& session);

}  // namespace tessera::views
