#include "core/referee/board_corrections.hpp"

#include <algorithm>
#include <cstdlib>
#include <optional>

#include "core/referee/board_distance.hpp"
#include "core/referee/pieces_on_the_board.hpp"
#include "core/referee/sensor_view.hpp"

namespace tessera {
namespace {

int distanceBetween(Square a, Square b) {
  return std::max(std::abs(fileOf(a) - fileOf(b)), std::abs(rankOf(a) - rankOf(b)));
}

// The side a reading shows, -1 when it cannot tell.
int sideSeen(Occupant o) {
  if (o == Occupant::Light) return 0;
  if (o == Occupant::Dark) return 1;
  return -1;
}

// A piece standing where the position has none, or not the one it has there.
struct SparePiece {
  Square square;
  int side;                        // as seen, -1 when not seen
  std::optional<PieceCode> known;  // which piece it is, when the board's history tells
};

// Moves onto a square another Move empties go after that one, so that the steps read in order.
void orderMoves(std::vector<Correction>& moves) {
  std::vector<Correction> ordered;
  while (!moves.empty()) {
    auto next = std::find_if(moves.begin(), moves.end(), [&](const Correction& m) {
      return std::none_of(moves.begin(), moves.end(), [&](const Correction& other) { return other.from == m.to; });
    });
    if (next == moves.end()) next = moves.begin();  // pieces that trade places: any order
    ordered.push_back(*next);
    moves.erase(next);
  }
  moves = std::move(ordered);
}

}  // namespace

std::vector<Square> differingSquares(const Position& pos, const Observation& seen, float minConfidence) {
  std::vector<Square> out;
  const BoardSize size = pos.variant().size;
  for (int r = 0; r < size.ranks; ++r)
    for (int f = 0; f < size.files; ++f) {
      const Square sq = makeSquare(f, r);
      if (!cellAgrees(trusted(seen.at(f, r), minConfidence), fullView(pos, sq))) out.push_back(sq);
    }
  return out;
}

std::vector<Correction> correctionsToRestore(const Position& pos, const Observation& seen, float minConfidence,
                                             const PiecesOnTheBoard* onBoard) {
  std::vector<Correction> surfaces;
  std::vector<Square> wanting;     // the position's piece is to be put here
  std::vector<SparePiece> spares;  // the piece here is to go elsewhere, or off the board
  const BoardSize size = pos.variant().size;
  for (int r = 0; r < size.ranks; ++r)
    for (int f = 0; f < size.files; ++f) {
      const Square sq = makeSquare(f, r);
      const CellObservation cell = trusted(seen.at(f, r), minConfidence);
      const CellObservation truth = fullView(pos, sq);
      if (cell.surface != Surface::Unknown && cell.surface != truth.surface)
        surfaces.push_back({Correction::Kind::Surface, kNoSquare, sq, kEmpty, truth.surface});
      if (cell.occupant == Occupant::Unknown || cell.occupant == Occupant::Empty) {
        if (truth.occupant != Occupant::Empty && cell.occupant == Occupant::Empty) wanting.push_back(sq);
        continue;
      }
      std::optional<PieceCode> known = onBoard ? onBoard->at(sq) : std::nullopt;
      if (known == kEmpty) known.reset();  // the reading says otherwise: the history is out of date
      const bool agrees = cellAgrees(CellObservation{cell.occupant, Surface::Unknown}, truth);
      // The sensor may agree and the history still know another piece stands there (a King where
      // the Rook belongs, on a board that reads only occupancy).
      const bool knownWrong = known && truth.occupant != Occupant::Empty && !mayBeTheSamePiece(pos.variant(), *known, pos.at(sq));
      if (agrees && !knownWrong) continue;
      if (truth.occupant != Occupant::Empty) wanting.push_back(sq);
      spares.push_back({sq, sideSeen(cell.occupant), known});
    }

  // Each wanting square, in turn, takes the nearest spare piece known to be its own piece; then the
  // nearest of those not known that may be it (same side, or side unseen).
  std::vector<Correction> moves;
  std::vector<bool> filled(wanting.size(), false), used(spares.size(), false);
  const auto pairUp = [&](bool byKnownPiece) {
    for (std::size_t w = 0; w < wanting.size(); ++w) {
      if (filled[w]) continue;
      const PieceCode piece = pos.at(wanting[w]);
      std::optional<std::size_t> nearest;
      for (std::size_t s = 0; s < spares.size(); ++s) {
        const SparePiece& spare = spares[s];
        if (used[s] || spare.square == wanting[w]) continue;
        const bool fits = byKnownPiece ? spare.known && mayBeTheSamePiece(pos.variant(), *spare.known, piece)
                                       : !spare.known && (spare.side < 0 || spare.side == pieceSide(piece));
        if (fits && (!nearest || distanceBetween(spare.square, wanting[w]) < distanceBetween(spares[*nearest].square, wanting[w])))
          nearest = s;
      }
      if (!nearest) continue;
      filled[w] = used[*nearest] = true;
      moves.push_back({Correction::Kind::Move, spares[*nearest].square, wanting[w], piece, Surface::Unknown});
    }
  };
  pairUp(true);
  pairUp(false);
  orderMoves(moves);

  // A spare piece paired with nothing comes off the board, unless its square still wants another
  // piece: then that one replaces it.
  std::vector<Correction> out = surfaces;
  std::vector<Square> toReplace;
  for (std::size_t s = 0; s < spares.size(); ++s) {
    if (used[s]) continue;
    const auto w = std::find(wanting.begin(), wanting.end(), spares[s].square);
    if (w != wanting.end() && !filled[static_cast<std::size_t>(w - wanting.begin())])
      toReplace.push_back(spares[s].square);
    else
      out.push_back({Correction::Kind::Remove, spares[s].square, kNoSquare, kEmpty, Surface::Unknown});
  }
  out.insert(out.end(), moves.begin(), moves.end());
  for (std::size_t w = 0; w < wanting.size(); ++w) {
    if (filled[w]) continue;
    const bool replace = std::find(toReplace.begin(), toReplace.end(), wanting[w]) != toReplace.end();
    out.push_back({replace ? Correction::Kind::Replace : Correction::Kind::Place, kNoSquare, wanting[w], pos.at(wanting[w]),
                   Surface::Unknown});
  }
  return out;
}

}  // namespace tessera
