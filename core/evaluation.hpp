#pragma once
// How good a position is for a side, in centipawns: material with values derived from each piece
// type's move set, mobility, the King's shelter (and, in the middle game, its place), Pawn progress
// and the terrain (paper colours a side owns, tiles around the King). docs/engine.md explains each
// term and where its weight comes from.
#include <vector>

#include "eval_weights.hpp"
#include "position.hpp"

namespace tessera {

// Per piece type: what it is worth, derived from how many squares it reaches on an empty board
// (and how much of the board it can ever reach), the promoting type fixed at 100, royals 0.
const std::vector<int>& pieceValues(const Variant& v);

// From `side`'s point of view. With four players: its own score against the average of the others
// still in the game.
int evaluate(const Position& pos, int side);  // with pieceValues(variant) and defaultWeights(variant)
int evaluate(const Position& pos, int side, const std::vector<int>& values, const EvalWeights& weights);

}  // namespace tessera
