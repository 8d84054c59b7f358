#pragma once
// How XBoard writes what the engine tells it and what it sends: variant names, piece tables, move
// sets, scores and numbers. Kept apart from the session so that each can be checked directly.
#include <string>

#include "core/rules/variant.hpp"

namespace tessera {

// XBoard calls orthodox chess "normal"; our other variants keep their names.
std::string xboardVariantName(const std::string& name);

// XBoard draws pieces on squares and nothing else: no board colours, Tiles, sectors or paper
// colours, and two sides; it is offered only the variants that fit.
bool xboardCanShow(const Variant& v);

// A Betza move set as XBoard writes it: a rider by its atom and 0 ("D0"), where ours doubles the
// atom ("DD"); the rest reads the same.
std::string xboardBetza(const std::string& betza);

// The piece-to-char table of `setup` that names our pieces by their letters, White's half then
// Black's. Throws std::invalid_argument for a variant with more piece types than XBoard has.
std::string xboardPieceTable(const Variant& v);

// Centipawns, or 100000 + N for a mate in N actions (-100000 - N for being mated).
int xboardScore(int score);

// A finite decimal number (`time` and `otim` may be negative), or std::invalid_argument saying
// that `what` must be one.
double xboardSignedNumber(const std::string& text, const std::string& what);
// The same, refusing a number below zero.
double xboardNumber(const std::string& text, const std::string& what);

}  // namespace tessera
