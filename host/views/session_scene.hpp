#pragma once
// What the display shows for the session's state: the board, the last action, the destinations
// of a lifted piece, the engine's action or hints as arrows (with every other square they change,
// and what a drop puts down), the squares to put right, the prompt.
#include "host/views/display/board_scene.hpp"
#include "host/session/referee_session.hpp"

namespace tessera::views {

display::BoardScene sceneOf(session::RefereeSession& session);

// The evaluation as a player reads it: "+1.3", "-0.4", "0.0", "M3" / "-M2" (mate in so many).
std::string evaluationText(int centipawns);
// How much of a bar the first side's share fills, 0 to 1 (0.5: level), flattening past ten pawns.
double evaluationShare(int centipawns);

}  // namespace tessera::views
