#pragma once
// Everything the display shows at one moment: the position (terrain and pieces come from it) and
// the marks laid over it. Views build one from the session's state; the painter draws it.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/observation/observation.hpp"
#include "core/referee/reconcile.hpp"
#include "core/rules/move.hpp"
#include "core/rules/position.hpp"
#include "core/rules/sectors.hpp"

namespace tessera::display {

// One mark of an action to carry out: an arrow from `from` to `to`; on one square (from == to), a
// ring round a piece to take off, or what a drop puts there (`placed`: a paper colour, a Tile's
// square, an Anti-Tile) drawn as a swatch of it.
struct Arrow {
  Square from = kNoSquare;
  Square to = kNoSquare;
  int rank = 0;  // 0: the engine's best line, 1...: the next lines (drawn thinner)
  Surface placed = Surface::Unknown;
};

struct BoardScene {
  const Position* position = nullptr;
  std::optional<Move> lastAction;
  std::vector<Square> legalTargets;     // where a lifted piece may go
  std::vector<Square> movable;          // what the side to move can act with: pieces, own colour squares
  std::string toAct;                    // "White to act: 20 actions (16 moves, 4 drops)", under the message
  std::vector<Arrow> arrows;            // the engine's suggestions
  std::vector<Correction> corrections;  // a mismatch: what to put back, and how
  std::vector<Square> differing;        // a mismatch: squares that differ from the position
  std::string message;                  // the prompt line: a verdict, a choice to make
  std::string result;                   // "1-0 checkmate", empty while the game goes on
  std::string clock;                    // shown at the right of the status line, if any
};

// The squares an action's marks join: a sector shift names slots, a drop lands where it starts.
inline std::pair<Square, Square> markedSquares(const Move& m) {
  if (m.kind == MoveKind::SectorShift) return {slotSquares(m.from)[0], slotSquares(m.to)[0]};
  return {m.from, m.to};
}

}  // namespace tessera::display
