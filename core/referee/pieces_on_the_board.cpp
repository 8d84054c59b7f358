#include "core/referee/pieces_on_the_board.hpp"

#include <algorithm>

namespace tessera {
namespace {

// The side a reading shows, -1 when it cannot tell.
int sideSeen(Occupant o) {
  if (o == Occupant::Light) return 0;
  if (o == Occupant::Dark) return 1;
  return -1;
}

bool changesTypeWithItsSquare(const Variant& v, int type) {
  return v.changesWithColour[static_cast<std::size_t>(type)] ||
         (v.hasPaperColours() && !v.pieces[static_cast<std::size_t>(type)].royal);
}

}  // namespace

bool mayBeTheSamePiece(const Variant& variant, PieceCode known, PieceCode wanted) {
  if (known == wanted) return true;
  if (!known || !wanted || pieceSide(known) != pieceSide(wanted)) return false;
  return changesTypeWithItsSquare(variant, pieceType(known)) && changesTypeWithItsSquare(variant, pieceType(wanted));
}

PiecesOnTheBoard::PiecesOnTheBoard(const Variant& variant) : variant_(&variant) {}

void PiecesOnTheBoard::standAs(const Position& pos) {
  pieces_.fill(std::nullopt);
  const BoardSize size = variant_->size;
  for (int r = 0; r < size.ranks; ++r)
    for (int f = 0; f < size.files; ++f) pieces_[makeSquare(f, r)] = pos.at(makeSquare(f, r));
  inTheAir_.clear();
  knowsTheBoard_ = true;
}

void PiecesOnTheBoard::follow(const Observation& seen, const Position& wanted, float minConfidence) {
  const BoardSize size = variant_->size;
  // Every piece lifted is in the air before any is put down: a piece moved between two readings
  // is one of them.
  std::vector<std::pair<Square, Occupant>> arrivals;
  for (int r = 0; r < size.ranks; ++r)
    for (int f = 0; f < size.files; ++f) {
      const Square sq = makeSquare(f, r);
      const CellObservation& cell = seen.at(f, r);
      if (cell.occupant == Occupant::Unknown || cell.occupantConfidence < minConfidence) continue;
      std::optional<PieceCode>& here = pieces_[sq];
      if (cell.occupant == Occupant::Empty) {
        if (here && *here) inTheAir_.push_back({*here, sq});
        // Once the board is known, a square not known holds a piece of a kind not known.
        if (!here && knowsTheBoard_) inTheAir_.push_back({std::nullopt, sq});
        here = kEmpty;
        continue;
      }
      if (!here) continue;  // something stands there, and what is not known
      const int side = sideSeen(cell.occupant);
      if (*here && (side < 0 || side == pieceSide(*here))) continue;  // the piece that stood there
      if (*here) inTheAir_.push_back({*here, sq});  // one of the other side took its place
      arrivals.push_back({sq, cell.occupant});
    }
  for (const auto& [sq, occupant] : arrivals) pieces_[sq] = putDown(occupant, wanted.at(sq));
}

std::optional<PieceCode> PiecesOnTheBoard::putDown(Occupant seen, PieceCode wanted) {
  const int side = sideSeen(seen);
  std::vector<std::size_t> candidates;  // indexes into inTheAir_: of the side seen, or not known
  for (std::size_t i = 0; i < inTheAir_.size(); ++i)
    if (side < 0 || !inTheAir_[i].piece || pieceSide(*inTheAir_[i].piece) == side) candidates.push_back(i);
  if (candidates.empty()) return std::nullopt;  // a piece from off the board
  const auto known = [&](std::size_t i) { return inTheAir_[i].piece.has_value(); };
  std::optional<std::size_t> chosen;
  for (std::size_t i : candidates)
    if (wanted && known(i) && mayBeTheSamePiece(*variant_, *inTheAir_[i].piece, wanted)) chosen = i;
  const bool allAlike = std::all_of(candidates.begin(), candidates.end(), [&](std::size_t i) {
    return known(i) && known(candidates.front()) &&
           mayBeTheSamePiece(*variant_, *inTheAir_[candidates.front()].piece, *inTheAir_[i].piece);
  });
  if (!chosen && (allAlike || candidates.size() == 1)) chosen = candidates.back();
  if (!chosen) return std::nullopt;
  const std::optional<PieceCode> piece = inTheAir_[*chosen].piece;
  inTheAir_.erase(inTheAir_.begin() + static_cast<std::ptrdiff_t>(*chosen));
  return piece;
}

std::optional<PieceCode> PiecesOnTheBoard::at(Square sq) const { return pieces_[sq]; }

std::optional<Square> PiecesOnTheBoard::liftedFrom(PieceCode piece) const {
  for (auto it = inTheAir_.rbegin(); it != inTheAir_.rend(); ++it)
    if (!it->piece || mayBeTheSamePiece(*variant_, *it->piece, piece)) return it->from;
  return std::nullopt;
}

}  // namespace tessera
