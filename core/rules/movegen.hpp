#pragma once
// Legal move generation: every action of the side to move that leaves its royal piece safe.
#include <vector>

#include "core/rules/move.hpp"
#include "core/rules/position.hpp"

namespace tessera {

// Moves by the rules of piece movement, castling included, before the royal-safety test.
void generatePseudoLegal(const Position& pos, MoveList& out);

// The captures among generatePseudoLegal's actions, in the same order: quiescence looks at nothing
// else, and most of a search's nodes are in quiescence.
void generateCaptures(const Position& pos, MoveList& out);

// The action takes a piece (en passant included).
bool isCapture(const Position& pos, const Move& m);

// Only the legal ones. The position is changed and restored while testing.
void generateLegal(Position& pos, MoveList& out);

bool isLegal(Position& pos, const Move& m);

// The legal actions that start on `sq`: its piece's moves, a colour square's shifts, a drop onto it
// or a Tile's removal. Not sector shifts (their `from` is a slot: sectorShiftsFrom) nor leaving the
// game.
std::vector<Move> legalActionsFrom(Position& pos, Square sq);

// Shifting Chess: the legal shifts of the sector that `sq` lies in (none in other variants).
std::vector<Move> sectorShiftsFrom(Position& pos, Square sq);

// The squares an action lands on: its `to`, or the four squares of the slot a sector moves into.
std::vector<Square> landingSquares(const Move& m);

}  // namespace tessera
