#pragma once
// Actions as text: long algebraic ("e2e4", "e7e8q", "a10a12", castling as the King's move) and
// SAN ("Nf3", "exd6", "O-O", "e8=Q+"), for every variant, both ways.
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/rules/move.hpp"
#include "core/rules/position.hpp"
#include "core/text/visible_text.hpp"

namespace tessera {

class MoveTextError : public std::runtime_error {
 public:
  explicit MoveTextError(const std::string& what) : std::runtime_error(visibleText(what)) {}  // input quoted in it stays readable
};

std::string longAlgebraic(const Position& pos, const Move& m);
// A line of actions from `pos`, each in long algebraic, separated by spaces ("e2e4 e7e5 g1f3").
std::string longAlgebraicLine(const Position& pos, const std::vector<Move>& line);
std::string san(Position& pos, const Move& m);  // needs the position to test for check and ambiguity

// Reads either form and returns the legal move it names. Throws MoveTextError saying whether the
// text is malformed or names no legal move (or several).
Move parseMove(Position& pos, std::string_view text);

}  // namespace tessera
