#pragma once
// What the board's LEDs show for the session's state, one colour per cell in Observation order
// (rank by rank from a1): squares to put right in red, a lifted piece's destinations in green,
// the engine's action (or the best hint) in blue on every square it changes (a Pawn taken en
// passant, the castling Rook's two squares), and blue too the pieces of a four-player side that has
// no legal action and must leave; everything else off.
#include <vector>

#include "hardware/link/link_events.hpp"
#include "host/session/referee_session.hpp"

namespace tessera::views {

inline constexpr link::Rgb kLedFix{255, 0, 0};
inline constexpr link::Rgb kLedTarget{0, 255, 0};
inline constexpr link::Rgb kLedEngine{0, 0, 255};

std::vector<link::Rgb> ledColours(session::RefereeSession& session);

}  // namespace tessera::views
