#pragma once
// Everything the players see at one moment, the one description of the view: the position
// (terrain and pieces come from it), the marks laid over it, and what stands around the board (the
// move list, each side's clock, captured pieces and material, the Shifting Sands pool, Tiled
// Squares' tiles, the evaluation when hints are on, the legend of the fairy pieces, the messages).
// host/views/session_scene.cpp builds it from the session; the display's painter draws it and the
// web page's JSON (host/web/board_json.cpp) is written from it, so that the two cannot disagree.
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

// One action of the move list: its number ("12"), the side that made it, its SAN.
struct RecordEntry {
  int number = 1;
  int side = 0;
  std::string san;
};

// One side around the board.
struct SideView {
  std::string name;              // "White", "South"
  std::string clock;             // its time, "4:43"; empty without clocks
  bool toAct = false;
  bool inGame = true;            // four players: false once it has left
  std::vector<PieceCode> captured;  // the pieces it has taken (side and type), in the order taken
  int material = 0;              // its pieces on the board (and in hand), in centipawns
  int lead = 0;                  // pawns it is ahead of the richest other side still in; 0: not ahead
  // Four players: its own score as the hints' search last gave it when it was to act (centipawns,
  // its point of view), while that position is still the game's; none before it was scored or once
  // it has left the game.
  std::optional<int> standing;
  std::string standingText;      // "+1.3", as evaluationText
  double standingShare = 0.5;    // of its bar, 0 to 1 (evaluationShare)
};

// Shifting Sands: one paper colour of the shared pool.
struct PoolColour {
  Surface surface = Surface::Unknown;
  std::string name;  // "yellow"
  int left = 0;      // still to drop
  int becomes = -1;  // the piece type a piece on it moves as; -1: none but a King may enter
};

// Tiled Squares: what lies on the board now (Tiles and Anti-Tiles are unlimited by the rules).
struct TileCount {
  int tiles = 0, antiTiles = 0, voids = 0;
};

// A piece type of the variant, for the legend.
struct LegendEntry {
  int type = 0;
  std::string name;     // "grand vizier"
  char letter = '?';    // as the notation writes it
  std::string moves;    // its XBetza
  bool orthodox = false;  // one of the six every player knows
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

  // Around the board.
  std::string title;                    // "Desert Dust"
  std::vector<RecordEntry> record;      // every action so far
  int currentAction = -1;               // the one marked in the list (the last), -1: none yet
  std::vector<SideView> sides;
  std::vector<PoolColour> pool;         // Shifting Sands only
  std::optional<TileCount> tiles;       // Tiled Squares only
  // From the first side's point of view, in centipawns (mate near +-30000), from the last hint's
  // search: none when no hint stands (two players only).
  std::optional<int> evaluation;
  std::string evaluationText;           // as a player reads it: "+1.3", "M3" (views::evaluationText)
  double evaluationShare = 0.5;         // of a bar, the first side's: 0 to 1
  std::vector<LegendEntry> legend;      // every piece type of the variant
  // The legend of the fairy pieces in the move list's place, on a screen where both do not fit (the
  // screen's key l or a touch on its panel; docs/display.md). Before the first action it is anyway.
  bool legendShown = false;
};

// The squares an action's marks join: a sector shift names slots, a drop lands where it starts.
inline std::pair<Square, Square> markedSquares(const Move& m) {
  if (m.kind == MoveKind::SectorShift) return {slotSquares(m.from)[0], slotSquares(m.to)[0]};
  return {m.from, m.to};
}

}  // namespace tessera::display
