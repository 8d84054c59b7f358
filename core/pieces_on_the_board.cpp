#include "pieces_on_the_board.hpp"

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
        if (here && *here) inTheAir_.push_back(*here);
        here = kEmpty;
        continue;
      }
      if (!here) continue;  // something stands there, and what is not known
      const int side = sideSeen(cell.occupant);
      if (*here && (side < 0 || side == pieceSide(*here))) continue;  // the piece that stood there
      if (*here) inTheAir_.push_back(*here);  // one of the other side took its place
      arrivals.push_back({sq, cell.occupant});
    }
  for (const auto& [sq, occupant] : arrivals) pieces_[sq] = putDown(occupant, wanted.at(sq));
}

std::optional<PieceCode> PiecesOnTheBoard::putDown(Occupant seen, PieceCode wanted) {
  const int side = sideSeen(seen);
  std::vector<std::size_t> candidates;  // indexes into inTheAir_, of the side seen
  for (std::size_t i = 0; i < inTheAir_.size(); ++i)
    if (side < 0 || pieceSide(inTheAir_[i]) == side) candidates.push_back(i);
  if (candidates.empty()) return std::nullopt;  // a piece from off the board
  std::optional<std::size_t> chosen;
  for (std::size_t i : candidates)
    if (wanted && mayBeTheSamePiece(*variant_, inTheAir_[i], wanted)) chosen = i;
  const bool allAlike = std::all_of(candidates.begin(), candidates.end(), [&](std::size_t i) {
    return mayBeTheSamePiece(*variant_, inTheAir_[candidates.front()], inTheAir_[i]);
  });
  if (!chosen && allAlike) chosen = candidates.back();
  if (!chosen) return std::nullopt;
  const PieceCode piece = inTheAir_[*chosen];
  inTheAir_.erase(inTheAir_.begin() + static_cast<std::ptrdiff_t>(*chosen));
  return piece;
}

std::optional<PieceCode> PiecesOnTheBoard::at(Square sq) const { return pieces_[sq]; }

}  // namespace tessera
