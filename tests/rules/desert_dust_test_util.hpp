#pragma once
// Small helpers shared by the Desert Dust rules tests: build a position from a list of pieces,
// and read back where one piece can go as a sorted list of square names.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "core/rules/game_status.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/position.hpp"
#include "core/rules/position_text.hpp"
#include "core/rules/variant.hpp"

namespace tessera::dd {

inline const Variant& desertDust() { return builtinVariant("desert-dust"); }

struct Placed {
  const char* square;
  char letter;  // upper case White, lower case Black
};

// Where the helper puts each side's Melek when the test does not place one itself: squares no
// piece of the piece tests reaches and from which neither Melek disturbs them.
constexpr const char* kWhiteMelekSquare = "d12";
constexpr const char* kBlackMelekSquare = "j2";

inline Square at(const char* name) {
  const auto sq = parseSquare(name, desertDust().size);
  if (!sq) throw std::invalid_argument(std::string("not a Desert Dust square: ") + name);
  return *sq;
}

// A position string for `pieces`; a Melek is added for each side that has none in the list.
inline std::string fenOf(std::vector<Placed> pieces, char side = 'w', const std::string& holdings = "",
                         const std::string& castling = "-", const std::string& ep = "-") {
  bool white = false, black = false;
  for (const Placed& p : pieces) {
    white = white || p.letter == 'K';
    black = black || p.letter == 'k';
  }
  if (!white) pieces.push_back({kWhiteMelekSquare, 'K'});
  if (!black) pieces.push_back({kBlackMelekSquare, 'k'});
  char board[12][12] = {};
  for (const Placed& p : pieces) {
    const Square sq = at(p.square);
    if (board[rankOf(sq)][fileOf(sq)]) throw std::invalid_argument(std::string("square used twice: ") + p.square);
    board[rankOf(sq)][fileOf(sq)] = p.letter;
  }
  std::string s;
  for (int r = 11; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < 12; ++f) {
      if (!board[r][f]) {
        ++empty;
        continue;
      }
      if (empty) s += std::to_string(empty);
      empty = 0;
      s += board[r][f];
    }
    if (empty) s += std::to_string(empty);
    if (r) s += '/';
  }
  s += "[" + holdings + "] ";
  s += side;
  s += " " + castling + " " + ep + " 0 1";
  return s;
}

inline Position positionOf(std::vector<Placed> pieces, char side = 'w', const std::string& holdings = "",
                           const std::string& castling = "-", const std::string& ep = "-") {
  return parsePosition(desertDust(), fenOf(std::move(pieces), side, holdings, castling, ep));
}

inline std::vector<std::string> sortedSquares(std::vector<std::string> squares) {
  std::sort(squares.begin(), squares.end());
  squares.erase(std::unique(squares.begin(), squares.end()), squares.end());
  return squares;
}

// The squares the piece on `from` can legally move to (promotion choices counted once).
inline std::vector<std::string> targetsFrom(Position& pos, const char* from) {
  MoveList list;
  generateLegal(pos, list);
  const Square f = at(from);
  std::vector<std::string> out;
  for (const Move& m : list)
    if (m.from == f) out.push_back(squareName(m.to));
  return sortedSquares(out);
}

inline std::vector<std::string> targetsOf(std::vector<Placed> pieces, const char* from, char side = 'w') {
  Position pos = positionOf(std::move(pieces), side);
  return targetsFrom(pos, from);
}

// Legal moves in long algebraic, sorted.
inline std::vector<std::string> legalMoves(Position& pos) {
  MoveList list;
  generateLegal(pos, list);
  std::vector<std::string> out;
  for (const Move& m : list) out.push_back(longAlgebraic(pos, m));
  std::sort(out.begin(), out.end());
  return out;
}

inline bool hasMove(Position& pos, const std::string& text) {
  const auto moves = legalMoves(pos);
  return std::find(moves.begin(), moves.end(), text) != moves.end();
}

}  // namespace tessera::dd
