#include "core/referee/sequence_search.hpp"

#include <algorithm>
#include <array>

#include "core/rules/attacks.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/sectors.hpp"
#include "core/rules/xbetza.hpp"

namespace tessera {

namespace {

// The squares an action may change (its own and, for castling, en passant and sector shifts, the
// others it moves or takes), or `anywhere` for a side leaving the game with all its pieces.
struct SquaresTouched {
  std::array<Square, 8> squares{};
  int count = 0;
  bool anywhere = false;
};

SquaresTouched squaresAnActionMayChange(const Position& pos, const Move& m) {
  SquaresTouched t;
  const auto add = [&](Square sq) { t.squares[static_cast<std::size_t>(t.count++)] = sq; };
  switch (m.kind) {
    case MoveKind::Normal:
    case MoveKind::ColourShift:
      add(m.from);
      add(m.to);
      break;
    case MoveKind::EnPassant:
      add(m.from);
      add(m.to);
      add(pos.enPassantVictim());
      break;
    case MoveKind::Castle: {
      const CastlingRule& rule = pos.tables().castling[pos.sideToMove()][m.wing];
      for (Square sq : {rule.kingFrom, rule.kingTo, rule.partnerFrom, rule.partnerTo}) add(sq);
      break;
    }
    case MoveKind::TileDrop:
    case MoveKind::AntiTileDrop:
    case MoveKind::TileRemove:
    case MoveKind::ColourDrop:
      add(m.to);
      break;
    case MoveKind::SectorShift:
      for (Square sq : slotSquares(m.from)) add(sq);
      for (Square sq : slotSquares(m.to)) add(sq);
      break;
    case MoveKind::Elimination:
      t.anywhere = true;
      break;
  }
  return t;
}

bool hasEnPassant(const Variant& v) {
  for (const auto& piece : v.pieces)
    for (const MoveTemplate& m : parseXBetza(piece.betza).templates)
      if (m.enPassant) return true;
  return false;
}

// The most cells one action of `side` can change from `pos` on: 8 where sectors shift, as many as
// the side has pieces where it can leave the game with all of them (four players), 4 while it may
// still castle, 3 where en passant exists, else 2.
int mostCellsOneActionChanges(const Position& pos, int side, bool enPassant) {
  const Variant& v = pos.variant();
  int most = enPassant ? 3 : 2;  // the mover's two squares, and the Pawn taken en passant
  if (pos.canCastle(side, 0) || pos.canCastle(side, 1)) most = 4;  // the King's and the partner's squares
  if (v.hasSectors()) most = 8;  // the four squares of the slot left and of the slot entered
  if (v.sides > 2) most = std::max(most, pos.occupied(side).count());
  return most;
}

// A depth-first search over the sequences of one length, pruned by two sound rules: every action
// must change a cell the observation shows changed, and the cells still wrong must be few enough for
// the actions left to put right.
class SequenceSearch {
 public:
  SequenceSearch(Position& pos, const BoardDistance& distance, int plies)
      : pos_(pos), distance_(distance), plies_(plies), fixable_(static_cast<std::size_t>(plies + 1), 0) {
    for (int i = 0; i < distance_.cells(); ++i) {
      const Square sq = distance_.square(i);
      cellOf_[sq] = i;
      wrong_[sq] = distance_.wrongAtBase(i);
    }
    // fixable_[p]: the most cells the actions after the p-th can still change. Two sides take
    // turns; with four, any side may be next (a side out of the game is passed over).
    const Variant& v = pos.variant();
    const bool enPassant = hasEnPassant(v);
    for (int p = plies - 1; p >= 0; --p) {
      int most = 0;
      for (int side = 0; side < v.sides; ++side)
        if (v.sides > 2 || side == (pos.sideToMove() + p) % 2) most = std::max(most, mostCellsOneActionChanges(pos, side, enPassant));
      fixable_[static_cast<std::size_t>(p)] = fixable_[static_cast<std::size_t>(p + 1)] + most;
    }
  }

  std::vector<std::vector<Move>> run() {
    if (distance_.ofBase() <= fixable_[0]) search(0, distance_.ofBase());
    return std::move(found_);
  }

 private:
  struct CellChange {
    Square square;
    char wrongBefore;
  };

  void search(int plies, int wrongCells) {
    // With two sides, an action's legality is tested only once it has left a trace. With four, a
    // side with no legal action leaves the game: only the legal list says so.
    const bool twoSides = pos_.variant().sides == 2;
    const int us = pos_.sideToMove();
    const bool royal = pos_.royalSquare(us) != kNoSquare;
    MoveList moves;
    if (twoSides) generatePseudoLegal(pos_, moves);
    else generateLegal(pos_, moves);
    std::vector<Square> touched;
    std::vector<std::uint32_t> before;
    std::vector<CellChange> changes;
    for (const Move& m : moves) {
      const SquaresTouched t = squaresAnActionMayChange(pos_, m);
      touched.clear();
      if (t.anywhere)
        for (int i = 0; i < distance_.cells(); ++i) touched.push_back(distance_.square(i));
      else
        touched.assign(t.squares.begin(), t.squares.begin() + t.count);
      bool mayLeaveTrace = false;
      for (Square sq : touched) mayLeaveTrace = mayLeaveTrace || distance_.wrongAtBase(cellOf_[sq]);
      if (!mayLeaveTrace) continue;

      before.clear();
      for (Square sq : touched) before.push_back(cellKey(pos_, sq));
      pos_.make(m);
      if (twoSides && royal && inCheck(pos_, us)) {
        pos_.unmake();
        continue;
      }
      changes.clear();
      int d = wrongCells;
      bool trace = false;
      for (std::size_t i = 0; i < touched.size(); ++i) {
        const Square sq = touched[i];
        if (cellKey(pos_, sq) == before[i]) continue;
        changes.push_back({sq, wrong_[sq]});
        wrong_[sq] = !distance_.agrees(cellOf_[sq], pos_);
        d += wrong_[sq] - changes.back().wrongBefore;
        trace = trace || distance_.wrongAtBase(cellOf_[sq]);
      }
      // The cells still wrong must be few enough for the actions left to change.
      if (trace && d <= fixable_[static_cast<std::size_t>(plies + 1)]) {
        path_.push_back(m);
        if (plies + 1 == plies_) {
          if (d == 0) found_.push_back(path_);
        } else {
          search(plies + 1, d);
        }
        path_.pop_back();
      }
      for (const CellChange& c : changes) wrong_[c.square] = c.wrongBefore;
      pos_.unmake();
    }
  }

  Position& pos_;
  const BoardDistance& distance_;
  const int plies_;
  std::vector<int> fixable_;
  // Per square: its cell in the observation, and whether the observation contradicts the board
  // the search stands at.
  std::array<int, 256> cellOf_{};
  std::array<char, 256> wrong_{};
  std::vector<Move> path_;
  std::vector<std::vector<Move>> found_;
};

}  // namespace

std::vector<std::vector<Move>> sequencesExplaining(Position& pos, const BoardDistance& distance, int plies) {
  return SequenceSearch(pos, distance, plies).run();
}

}  // namespace tessera
