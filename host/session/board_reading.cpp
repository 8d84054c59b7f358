#include "board_reading.hpp"

#include <algorithm>
#include <tuple>

#include "core/referee/board_corrections.hpp"

namespace tessera::session {
namespace {

// What a square shows besides its piece: its paper colour, a Tile or none.
auto terrainAt(const Position& p, Square sq) { return std::tuple(p.paper(sq), p.isWall(sq), p.isVoid(sq)); }

// After Take back the pieces are put back from `withdrawn` to `now`; a board half way there (the
// King on e1 again, the Rook still on f1) can read as a new action (Rf1). It is one only if it
// changes a square the withdrawn position left as it is, or puts there something else.
bool isPartWayBack(const Position& now, const Move& action, const Position& withdrawn) {
  Position after = now;
  after.make(action);
  const BoardSize size = now.variant().size;
  for (int rank = 0; rank < size.ranks; ++rank)
    for (int file = 0; file < size.files; ++file) {
      const Square sq = makeSquare(file, rank);
      const auto cell = [sq](const Position& p) { return std::tuple(p.at(sq), terrainAt(p, sq)); };
      if (cell(after) != cell(now) && cell(after) != cell(withdrawn)) return false;
    }
  return true;
}

}  // namespace

bool BoardReading::take(const Observation& seen, const Position& game, float minConfidence) {
  const bool again = last_ && sameReading(*last_, seen);
  last_ = seen;
  pieces_.follow(seen, game, minConfidence);
  return again;
}

void BoardReading::withdrew(const Move& first, const Position& before) {
  withdrawn_ = first;
  withdrawnFrom_ = before;
}

bool BoardReading::stillShowsWithdrawn(const Position& now, const Move& action) const {
  return withdrawn_ && (action == *withdrawn_ || (withdrawnFrom_ && isPartWayBack(now, action, *withdrawnFrom_)));
}

void BoardReading::forget() {
  withdrawn_.reset();
  matchedOnce_ = false;
  last_.reset();
}

// The one square where the game has a piece of the side to move and the board shows nothing, when
// that is the only difference: the player holds that piece in the air. It was lifted from there,
// or, after a takeback, from the square it had stood on since; when no such piece was lifted (a
// capture taken back leaves the capturer's square empty), none is held.
std::optional<LiftedPiece> BoardReading::liftedPiece(const Position& pos, const std::vector<Square>& differing) const {
  if (!last_ || differing.size() != 1) return std::nullopt;
  const Square sq = differing.front();
  const PieceCode p = pos.at(sq);
  if (!p || pieceSide(p) != pos.sideToMove()) return std::nullopt;
  if (last_->at(fileOf(sq), rankOf(sq)).occupant != Occupant::Empty) return std::nullopt;
  if (!pieces_.knowsTheBoard()) return LiftedPiece{sq, sq};
  const std::optional<Square> from = pieces_.liftedFrom(p);
  if (!from) return std::nullopt;
  return LiftedPiece{*from, sq};
}

bool isPartWayTo(const Position& now, const Position& after, const Observation& seen, float minConfidence) {
  const std::vector<Square> fromNow = differingSquares(now, seen, minConfidence);
  const std::vector<Square> fromAfter = differingSquares(after, seen, minConfidence);
  bool placed = false;
  for (Square sq : fromNow) {
    const bool sameTerrain = terrainAt(now, sq) == terrainAt(after, sq);
    if (now.at(sq) == after.at(sq) && sameTerrain) return false;  // a change the action does not make
    const bool asAfter = std::find(fromAfter.begin(), fromAfter.end(), sq) == fromAfter.end();
    const bool emptied = after.at(sq) == kEmpty && sameTerrain;
    placed = placed || (asAfter && !emptied);
  }
  return placed;
}

}  // namespace tessera::session
