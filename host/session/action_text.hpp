#pragma once
// Actions and explanations as people read them: SAN with the move number ("12... Nf6"), and the
// whole record of a game.
#include <string>
#include <vector>

#include "core/game.hpp"
#include "core/reconcile.hpp"

namespace tessera::session {

std::string numberedSan(const Position& before, const Move& m);
std::string explanationText(const Position& pos, const Explanation& e);
std::vector<std::string> recordSan(const Game& game);
// One step of putting the board right: "put the white N on g1", "take the piece off e5",
// "move the piece on d4 to d2", "g3 should show void".
std::string correctionText(const Variant& variant, const Correction& c);

}  // namespace tessera::session
