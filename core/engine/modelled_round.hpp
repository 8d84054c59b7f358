#pragma once
// Four players: best reply search counts the three opponents as one team against the side to act
// and lets the one of them that hurts it most answer every round, so the deeper it looks the more
// it plans against a gang the real opponents, busy with each other too, seldom are. Its leading
// root actions are judged once more by a modelled round: after the action, each opponent in turn
// plays what the search would play in its place, and the side to act's own search from the
// position that leads to scores the action. docs/engine.md, "The modelled round".
#include <functional>

#include "core/engine/search.hpp"
#include "core/rules/position.hpp"

namespace tessera {

// Up to half the budget (time, nodes) goes to the best reply search for the best three root actions
// (or `limits.multiPv`, if more), which begins no iteration past 40% of that half; the rest, shared
// out evenly, to the modelled rounds of those within a pawn of the best, each a search for every
// opponent still in and one for the side to act. With a depth limit alone the rounds get as many nodes as
// the best reply search took. The action whose round scores
// best comes first, the others keeping their order; a mate found or a cancel leave the best reply
// search's answer as it was, and with one action alone within the pawn best reply search goes on
// with the rest of the budget.
// `onDepth` sees the best reply search's iterations. Searcher::search calls it while three or four
// sides are in: with two left the game is a duel, and the other's best reply is what to expect.
SearchReport searchWithModelledRound(Searcher& searcher, Position& pos, const SearchLimits& limits,
                                     const std::function<void(const SearchReport&)>& onDepth);

}  // namespace tessera
