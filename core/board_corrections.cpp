#include "board_corrections.hpp"

#include <algorithm>
#include <cstdlib>

#include "sensor_view.hpp"

namespace tessera {
namespace {

CellObservation trusted(CellObservation cell, float minConfidence) {
  if (cell.occupantConfidence < minConfidence) cell.occupant = Occupant::Unknown;
  if (cell.surfaceConfidence < minConfidence) cell.surface = Surface::Unknown;
  return cell;
}

int distanceBetween(Square a, Square b) {
  return std::max(std::abs(fileOf(a) - fileOf(b)), std::abs(rankOf(a) - rankOf(b)));
}

// The side a reading shows, -1 when it cannot tell.
int sideSeen(Occupant o) {
  if (o == Occupant::Light) return 0;
  if (o == Occupant::Dark) return 1;
  return -1;
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

std::vector<Correction> correctionsToRestore(const Position& pos, const Observation& seen, float minConfidence) {
  std::vector<Correction> out;
  std::vector<Square> missing;  // a piece of the position is not seen there
  std::vector<Square> extra;    // something is seen where the position has no piece
  for (Square sq : differingSquares(pos, seen, minConfidence)) {
    const CellObservation cell = trusted(seen.at(fileOf(sq), rankOf(sq)), minConfidence);
    const CellObservation truth = fullView(pos, sq);
    if (cell.surface != Surface::Unknown && cell.surface != truth.surface)
      out.push_back({Correction::Kind::Surface, kNoSquare, sq, kEmpty, truth.surface});
    if (cellAgrees(CellObservation{cell.occupant, Surface::Unknown}, truth)) continue;
    if (truth.occupant == Occupant::Empty)
      extra.push_back(sq);
    else if (cell.occupant == Occupant::Empty)
      missing.push_back(sq);
    else
      out.push_back({Correction::Kind::Replace, kNoSquare, sq, pos.at(sq), Surface::Unknown});
  }
  // Pair each missing piece with the nearest extra one that may be it (same side, or side unseen).
  std::vector<bool> used(extra.size(), false);
  for (Square to : missing) {
    const PieceCode piece = pos.at(to);
    int best = -1;
    for (std::size_t i = 0; i < extra.size(); ++i) {
      if (used[i]) continue;
      const int side = sideSeen(seen.at(fileOf(extra[i]), rankOf(extra[i])).occupant);
      if (side >= 0 && side != pieceSide(piece)) continue;
      if (best < 0 || distanceBetween(extra[i], to) < distanceBetween(extra[static_cast<std::size_t>(best)], to))
        best = static_cast<int>(i);
    }
    if (best >= 0) {
      used[static_cast<std::size_t>(best)] = true;
      out.push_back({Correction::Kind::Move, extra[static_cast<std::size_t>(best)], to, piece, Surface::Unknown});
    } else {
      out.push_back({Correction::Kind::Place, kNoSquare, to, piece, Surface::Unknown});
    }
  }
  for (std::size_t i = 0; i < extra.size(); ++i)
    if (!used[i]) out.push_back({Correction::Kind::Remove, extra[i], kNoSquare, kEmpty, Surface::Unknown});
  return out;
}

}  // namespace tessera
