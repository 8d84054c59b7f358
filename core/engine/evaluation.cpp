#include "core/engine/evaluation.hpp"

#include <algorithm>
#include <array>

#include "core/rules/sectors.hpp"

namespace tessera {
namespace {

// What a piece of a type-changing variant becomes on its next move, on average over the squares it
// reaches: the type the colour there gives it (Chameleon Redux: the fixed square colours; Shifting
// Sands: the paper colour, a Pawn on a bare square except on the last rank). -1 when its type does
// not change.
int meanNextValue(const Position& pos, int side, int type, Square sq, const std::vector<int>& values) {
  const Variant& v = pos.variant();
  if (!v.hasPaperColours()) {
    // Square colours are fixed, so their averages are worked out with the variant.
    if (!v.hasSquareColours()) return -1;
    return v.material->meanValueOnArrivalAt(side, type, sq, static_cast<int>(v.pieces.size()));
  }
  if (v.pieces[static_cast<std::size_t>(type)].royal) return -1;
  int total = 0, count = 0;
  pos.tables().reach(side, type, sq).forEach([&](Square to) {
    int next = type;
    const int colour = pos.paper(to);
    if (colour >= 0) next = v.typeForPaper[static_cast<std::size_t>(colour)];
    else if (!pos.tables().promotionZone[side].test(to)) next = v.plainSquareType;
    if (next < 0) return;  // a wall (Blue): nothing but a King enters
    total += values[static_cast<std::size_t>(next)];
    ++count;
  });
  return count ? total / count : -1;
}

// Shifting Chess: the sectors on which `side` has more pieces than the other side, so may shift.
int sectorsControlled(const Position& pos, int side) {
  int controlled = 0;
  for (int slot = 0; slot < kSlotColumns * kSlotRows; ++slot) {
    if (!(pos.sectorSlots() >> slot & 1)) continue;
    int balance = 0;
    for (const Square sq : slotSquares(slot))
      if (const PieceCode p = pos.at(sq)) balance += pieceSide(p) == side ? 1 : -1;
    controlled += balance > 0;
  }
  return controlled;
}

// The squares a non-royal piece of `side` could land on: not its own side's, not void (Tiled
// Squares), not a wall (Anti-Tiles, Shifting Chess's empty slots, Blue in Shifting Sands).
std::array<std::uint64_t, 4> landable(const Position& pos, int side) {
  std::array<std::uint64_t, 4> words;
  for (int w = 0; w < 4; ++w)
    words[static_cast<std::size_t>(w)] = ~(pos.occupied(side).words[w] | pos.voids().words[w] | pos.walls().words[w]);
  return words;
}

// How many of a square set's 64-square words hold squares of the board (two on 8 ranks of 16
// slots): the mobility count skips the rest, which are empty.
int boardWords(const Variant& v) { return (v.size.ranks * kMaxFiles + 63) / 64; }

// Two sides: how many ranks up the board from `side`'s own end a square is.
int ranksUp(const Variant& v, int side, Square sq) { return side == 0 ? rankOf(sq) : v.size.ranks - 1 - rankOf(sq); }

// Two sides: per file, how far up the board (as `side` sees it) the other side's promoting pieces
// there reach at most; -1 where it has none. A promoting piece of `side` with none further up on
// its file or the files beside it is passed.
std::array<int, kMaxFiles> enemyPawnFront(const Position& pos, int side) {
  const Variant& v = pos.variant();
  std::array<int, kMaxFiles> front;
  front.fill(-1);
  pos.occupied(1 - side).forEach([&](Square sq) {
    if (v.isPromotingType(pieceType(pos.at(sq)))) {
      int& f = front[static_cast<std::size_t>(fileOf(sq))];
      f = std::max(f, ranksUp(v, side, sq));
    }
  });
  return front;
}

bool isPassed(const Variant& v, const std::array<int, kMaxFiles>& enemyFront, int file, int up) {
  for (int f = std::max(0, file - 1); f <= std::min(v.size.files - 1, file + 1); ++f)
    if (enemyFront[static_cast<std::size_t>(f)] > up) return false;
  return true;
}

// How central a file is, in percent: 0 on an edge file, 100 on the central ones (two on an even
// board), in proportion between.
int fileCentrality(const Variant& v, int file) {
  const int files = v.size.files;
  if (files <= 2) return 100;
  const int fromCentre = std::abs(2 * file - (files - 1));
  return std::min(100, (files - 1 - fromCentre) * 100 / (files - 2));
}

// A side's score, and what evaluate() weighs by how far the game has gone.
struct SideTerms {
  int score = 0;
  int pieceMaterial = 0;  // non-royal, non-promoting
  int pawnSteps = 0;      // two sides: ranks advanced by its promoting pieces, summed
  int flankSteps = 0;     // the same, each times (100 - its file's centrality)
  int kingUp = 0;         // two sides: ranks its King stands above its first rank
};

SideTerms sideTerms(const Position& pos, int side, const std::vector<int>& values, const EvalWeights& w) {
  const Variant& v = pos.variant();
  const MoveTables& t = pos.tables();
  SideTerms terms;
  int& score = terms.score;
  const bool passedCounts = w.passed && v.sides == 2;
  const int lastUp = v.size.ranks - 1;
  std::array<int, kMaxFiles> enemyFront{};
  if (passedCounts) enemyFront = enemyPawnFront(pos, side);
  const std::array<std::uint64_t, 4> landing = landable(pos, side);
  const int words = boardWords(v);
  pos.occupied(side).forEach([&](Square sq) {
    const int type = pieceType(pos.at(sq));
    score += values[static_cast<std::size_t>(type)];
    if (w.nextType) {
      const int next = meanNextValue(pos, side, type, sq, values);
      if (next >= 0) score += (next - values[static_cast<std::size_t>(type)]) * w.nextType / 100;
    }
    if (v.isPromotingType(type)) {
      if (v.sides != 2) return;
      const int up = ranksUp(v, side, sq);
      terms.pawnSteps += up;
      terms.flankSteps += up * (100 - fileCentrality(v, fileOf(sq)));
      if (passedCounts && isPassed(v, enemyFront, fileOf(sq), up)) score += w.passed * up * up / (lastUp * lastUp);
      return;
    }
    if (v.pieces[static_cast<std::size_t>(type)].royal) return;
    terms.pieceMaterial += values[static_cast<std::size_t>(type)];
    const SquareSet& reach = t.reach(side, type, sq);
    int mobility = 0;
    for (int w = 0; w < words; ++w) mobility += std::popcount(reach.words[w] & landing[static_cast<std::size_t>(w)]);
    score += w.mobility * mobility;
  });
  const Square king = pos.royalSquare(side);
  if (king != kNoSquare) {
    if (v.sides == 2) terms.kingUp = ranksUp(v, side, king);
    for (int df = -1; df <= 1; ++df)
      for (int dr = -1; dr <= 1; ++dr) {
        const int f = fileOf(king) + df, r = rankOf(king) + dr;
        if ((df || dr) && v.size.contains(f, r)) {
          const Square sq = makeSquare(f, r);
          const PieceCode p = pos.at(sq);
          if (p && pieceSide(p) == side) score += w.shelter;
          if (v.hasTiles() && pos.tile(sq).state == TileState::Tile) score += w.kingTile;
        }
      }
  }
  if (v.hasPaperColours())
    t.playable.forEach([&](Square sq) {
      if (pos.paper(sq) >= 0 && pos.paperOwner(sq) == side) score += w.paper;
    });
  if (v.hasSectors() && w.sector) score += w.sector * sectorsControlled(pos, side);
  return terms;
}

// Two sides: the Pawn steps and the King's place, weighed by `middle`, how much of the opening's
// piece material is still on the board (percent). In the middle game a step on a flank file earns
// flankPawnStep percent of one in the centre, and a King off its first rank loses kingHome a rank;
// in the ending every step counts alike and the King may come out.
int phasedTerms(const SideTerms& t, const EvalWeights& w, int middle) {
  const int flankLoss = (100 - w.flankPawnStep) * middle / 100 * t.flankSteps / 100;
  return w.pawnStep * (t.pawnSteps * 100 - flankLoss) / 100 - w.kingHome * t.kingUp * middle / 100;
}

}  // namespace

int evaluate(const Position& pos, int side) {
  return evaluate(pos, side, defaultWeights(pos.variant()));
}

int evaluate(const Position& pos, int side, const EvalWeights& weights) {
  const Variant& v = pos.variant();
  const std::vector<int>& values = pieceValues(v);
  if (v.sides == 2) {
    const SideTerms own = sideTerms(pos, side, values, weights);
    const SideTerms other = sideTerms(pos, 1 - side, values, weights);
    const int opening = v.material->startPieceMaterial;
    const int middle = opening ? std::min(100, (own.pieceMaterial + other.pieceMaterial) * 100 / opening) : 0;
    return own.score + phasedTerms(own, weights, middle) - other.score - phasedTerms(other, weights, middle);
  }
  const int own = sideTerms(pos, side, values, weights).score;
  int others = 0, count = 0, out = 0;
  for (int s = 0; s < v.sides; ++s) {
    if (s == side) continue;
    if (!pos.inGame(s)) {
      ++out;
      continue;
    }
    others += sideTerms(pos, s, values, weights).score;
    ++count;
  }
  return (count ? own - others / count : own) + weights.opponentOut * out;
}

}  // namespace tessera
