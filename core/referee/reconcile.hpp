#pragma once
// The referee's heart: given the position and what a sensor saw once the board settled, say what
// happened. Every explanation the rules allow is tried: no change, each legal action, each earlier
// position of the game (a takeback), and when none fits, the shortest sequence of legal actions that
// does (a gap: actions made while the board was not seen). An observation is accepted silently only
// when exactly one explanation fits it and no other one would fit it with a single square misread;
// otherwise the player is asked (choose) or guided back (mismatch). docs/referee.md explains the choices.
#include <optional>
#include <vector>

#include "core/observation/observation.hpp"
#include "core/rules/move.hpp"
#include "core/rules/position.hpp"

namespace tessera {

struct Explanation {
  // Amend: the last accepted action was only half of what the player did (a Rook moved first
  // when castling): it is taken back and `move` played instead, from the position before it.
  // Sequence: several actions were made while the board was not seen: `moves`, in order.
  enum class Kind { Nothing, Action, Takeback, Amend, Sequence };
  Kind kind = Kind::Nothing;
  Move move{};                   // Action and Amend
  int plies = 0;                 // Takeback: how many actions are taken back
  std::vector<Move> moves = {};  // Sequence
  friend bool operator==(const Explanation&, const Explanation&) = default;
};

// One step of putting the board back to the current position, for the display and the LEDs.
struct Correction {
  enum class Kind {
    Place,    // put `piece` on `to`
    Remove,   // take the piece off `from`
    Move,     // the piece on `from` belongs on `to`
    Replace,  // the piece on `to` is of the wrong side: put `piece` there instead
    Surface,  // the cell `to` should show `surface` (paper colour, tile, anti-tile, sector, void)
  };
  Kind kind = Kind::Place;
  Square from = kNoSquare;
  Square to = kNoSquare;
  PieceCode piece = kEmpty;
  Surface surface = Surface::Unknown;
};

enum class VerdictKind {
  Unchanged,   // the board shows the current position
  Action,      // exactly one legal action explains the board
  Amend,       // the last action was the start of another one: take it back and play `action`
  Choose,      // several explanations fit (or would, with one misread square): ask the player
  Takeback,    // the board shows an earlier position of the game
  Mismatch,    // nothing explains the board: `differing` and `corrections` guide the player back
  Unexpected,  // one legal action explains the board, but not the one that was expected
  Gap,         // several actions were made unseen: play `gapActions`, in order
};

// The longest gap looked for: a round of four players, two actions of each of two.
constexpr int kLongestGap = 4;

struct Verdict {
  VerdictKind kind = VerdictKind::Unchanged;
  Move action{};  // Action, Amend and Unexpected
  int plies = 0;  // Takeback
  // Gap: the actions made while the board was not seen, in order; play them all. A gap is
  // accepted only on a reading that came twice (`readTwice`); before, it is a Choose. When
  // `gapExplainsAll` is false they are the beginning every shortest explanation shares (a King's
  // step before a promotion to a piece the sensor cannot tell): play them, and the same reading
  // judged again asks about the rest.
  std::vector<Move> gapActions;
  bool gapExplainsAll = true;
  // Choose: the explanations to offer, exact fits first; `defaultChoice` indexes the one to
  // propose (the expected action when it is among them, a Queen among promotions).
  std::vector<Explanation> choices;
  int defaultChoice = 0;
  int exactChoices = 0;  // how many of the choices fit exactly (the rest fit but for one cell)
  // Unchanged: legal actions this sensor cannot tell from no change at all (a colour dropped
  // on an empty square, seen by an occupancy sensor); the session offers a tapped square's as choices.
  std::vector<Move> hiddenActions;
  // Mismatch: the squares that differ from the current position, how to restore it, and the
  // legal actions whose result is closest to what is seen ("did you mean").
  std::vector<Square> differing;
  std::vector<Correction> corrections;
  std::vector<Move> nearest;
};

class PiecesOnTheBoard;

struct ReconcileOptions {
  std::optional<Move> expected;  // the action announced (the engine's reply): anything else is Unexpected
  int maxTakeback = 40;          // how many actions back a takeback may reach
  float minConfidence = 0.0f;    // cells read with less confidence count as unknown
  // The sensor gave this same reading twice in a row: a lone misread is ruled out, so explanations
  // that fit all but one cell are no longer offered beside an exact one. The session passes it
  // when a settled board is read again unchanged.
  bool readTwice = false;
  // Which piece stands where, as the session followed the board: a Mismatch's corrections then send
  // each piece to its own square. Nothing: pieces are paired with the nearest squares they may fill.
  const PiecesOnTheBoard* onBoard = nullptr;
  // When nothing one action away explains the board, sequences of legal actions up to this many
  // are tried (a Gap); 0 or 1: none. Replay passes kLongestGap (the session is to).
  int gapPlies = 0;
};

// `pos` is used to try the actions and look back through its history; it is left as it was.
// Throws std::invalid_argument when the observation's size is not the board's.
Verdict reconcile(Position& pos, const Observation& seen, const ReconcileOptions& options = {});

}  // namespace tessera
