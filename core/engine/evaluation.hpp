#pragma once
// How good a position is for a side, in centipawns: material with values derived from each piece
// type's move set, mobility, the King's shelter (and, in the middle game, its place), Pawn progress
// and the terrain (paper colours a side owns, tiles around the King). docs/engine.md explains each
// term and where its weight comes from.
#include "core/engine/eval_weights.hpp"
#include "core/rules/piece_values.hpp"
#include "core/rules/position.hpp"

namespace tessera {

// From `side`'s point of view. With four players: its own score against the average of the others
// still in the game.
int evaluate(const Position& pos, int side);  // with defaultWeights(variant)
int evaluate(const Position& pos, int side, const EvalWeights& weights);

}  // namespace tessera
