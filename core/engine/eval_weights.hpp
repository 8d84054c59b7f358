#pragma once
// The weights of the evaluation's positional terms (core/evaluation.*), per variant. Piece values
// are not here: they are derived from the move sets. The numbers in defaultWeights() come from the
// self-play tuning runs of `tessera tune` (docs/engine.md says how, and what each run found).
#include <string>
#include <vector>

#include "core/rules/variant.hpp"

namespace tessera {

struct EvalWeights {
  int mobility = 2;   // per square a piece reaches that its own side does not hold
  int shelter = 8;    // per own piece next to the King
  int pawnStep = 6;   // per rank a promoting piece has advanced (two sides)
  // Two sides, in the middle game (scaled down as the pieces leave the board, core/evaluation.cpp):
  // the share, in percent, of pawnStep a promoting piece on an edge file earns, growing to all of
  // it on the central files (100: every file alike); and per rank the King stands off its first.
  int flankPawnStep = 100;
  int kingHome = 0;
  // A passed promoting piece (two sides: no enemy one ahead of it on its file or the next): this
  // times the square of the share of the board it has crossed (on its last rank but one in chess,
  // (6/7)^2 of it). 0: the term is off.
  int passed = 0;
  int paper = 5;      // per paper colour square a side owns on the board
  int kingTile = 4;   // per Tile around the King (room to move on a built board)
  int sector = 0;     // Shifting Chess: per sector the side controls (more of its pieces there: it may shift it)
  // Pieces whose type changes with the square they land on (Chameleon Redux, Shifting Sands): the
  // share, in percent, of the way from what the piece is now to what it becomes on its next move
  // (on average over the squares it reaches) that its value moves.
  int nextType = 0;
  // Centipawns a draw by repetition or the 50-move rule is worth less than 0 to the side the
  // engine searches for (and more to the others): the engine avoids drawing shuffles.
  int contempt = 0;
  // Four players: per opponent that has left the game. Its pieces leave with it, so material alone
  // can see no gain in mating a side that had little left; paranoid, every opponent gone is one
  // fewer against us.
  int opponentOut = 1000;

  bool operator==(const EvalWeights&) const = default;
  // "mobility=2,shelter=8,pawnStep=6,flankPawnStep=100,kingHome=0,passed=0,paper=5,kingTile=4,sector=0,nextType=0,contempt=0,opponentOut=1000"
  std::string text() const;
  // The weights that mean something in `v` (paper only with paper colours, and so on).
  static std::vector<std::string> namesFor(const Variant& v);
  int& byName(const std::string& name);  // throws std::invalid_argument for an unknown name
  // The value `tessera tune` tries first for a weight that is 0 (its term off): a step big enough
  // to show in play, in the weight's own unit. From 0 a step of one would change nothing a match
  // can measure.
  static int firstTrialFromZero(const std::string& name);
};

// What the engine uses in `v` unless told otherwise.
const EvalWeights& defaultWeights(const Variant& v);

}  // namespace tessera
