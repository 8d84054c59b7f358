#pragma once
// Whether pieces reach squares: attacks for check, and e.p. captures.
#include "core/rules/position.hpp"

namespace tessera {

// The piece on `from` could capture a piece standing on `target` (its path is clear).
bool attacks(const Position& pos, Square from, Square target);

// Some piece of `bySide` attacks `target`.
bool isAttackedBy(const Position& pos, Square target, int bySide);

// Some opponent of `side` attacks `target`.
bool isAttackedByOpponentsOf(const Position& pos, Square target, int side);

bool inCheck(const Position& pos, int side);

// The piece on `from` could capture en passant by moving onto the empty square `passed`.
bool canCaptureEnPassantOnto(const Position& pos, Square from, Square passed);

}  // namespace tessera
