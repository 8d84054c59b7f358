#pragma once
// An independent move generator written plainly from the rule texts: pieces by name, moves by
// prose, no tables, no XBetza. It shares only Position and Move with core/, so that comparing the
// two finds a mistake in either.
#include <vector>

#include "core/rules/move.hpp"
#include "core/rules/position.hpp"

namespace tessera::reference {

// Every legal action of the side to move.
std::vector<Move> legalActions(Position& pos);

// Some opponent of `side` could capture a piece standing on `square`.
bool attackedByOpponents(const Position& pos, int square, int side);

}  // namespace tessera::reference
