#include "core/rules/attacks.hpp"

namespace tessera {
namespace {

bool passesAllow(const Position& pos, const MoveTables& t, const Ray& ray) {
  for (std::uint32_t i = 0; i < ray.passCount; ++i) {
    if (pos.isWall(t.passSquares[ray.passBegin + i])) return false;
    const bool occupied = pos.at(t.passSquares[ray.passBegin + i]) != kEmpty;
    switch (t.passConditions[ray.passBegin + i]) {
      case PassCondition::Empty:
        if (occupied) return false;
        break;
      case PassCondition::Occupied:
        if (!occupied) return false;
        break;
      case PassCondition::Either:
        break;
    }
  }
  return true;
}

// Index (1-based) of `target` among the ray's landing squares, or 0.
int landingIndex(const Ray& ray, Square target) {
  const int df = fileOf(target) - fileOf(ray.start), dr = rankOf(target) - rankOf(ray.start);
  int k;
  if (ray.dx != 0) {
    if (df % ray.dx) return 0;
    k = df / ray.dx;
    if (dr != k * ray.dy) return 0;
  } else {
    if (df != 0 || dr % ray.dy) return 0;
    k = dr / ray.dy;
  }
  return (k >= 1 && k <= ray.landCount) ? k : 0;
}

// The ray reaches its k-th landing square: passes allow it and the landing squares before are empty.
bool rayReaches(const Position& pos, const MoveTables& t, const Ray& ray, int k) {
  for (int i = 0; i < k - 1; ++i) {
    const Square sq = t.landSquares[ray.landBegin + i];
    if (pos.at(sq) != kEmpty || pos.isWall(sq)) return false;
  }
  return passesAllow(pos, t, ray);
}

}  // namespace

bool attacks(const Position& pos, Square from, Square target) {
  const MoveTables& t = pos.tables();
  const PieceCode p = pos.at(from);
  const int side = pieceSide(p), type = pieceType(p);
  if (!t.reach(side, type, from).test(target)) return false;
  const RaySpan& span = t.span(side, type, from);
  for (std::uint32_t r = span.begin; r < span.begin + span.count; ++r) {
    const Ray& ray = t.rays[r];
    if (!(ray.flags & kRayCapture)) continue;
    if ((ray.flags & kRayInitialOnly) && !pos.unmoved(from)) continue;
    const int k = landingIndex(ray, target);
    if (k && rayReaches(pos, t, ray, k)) return true;
  }
  return false;
}

bool isAttackedBy(const Position& pos, Square target, int bySide) {
  const SquareSet& mine = pos.occupied(bySide);
  const SquareSet& near = pos.tables().attackersOf(bySide, target);
  for (int w = 0; w < 4; ++w) {
    std::uint64_t bits = mine.words[w] & near.words[w];
    while (bits) {
      const Square from = static_cast<Square>(w * 64 + std::countr_zero(bits));
      bits &= bits - 1;
      if (attacks(pos, from, target)) return true;
    }
  }
  return false;
}

bool isAttackedByOpponentsOf(const Position& pos, Square target, int side) {
  for (int s = 0; s < pos.variant().sides; ++s)
    if (s != side && isAttackedBy(pos, target, s)) return true;
  return false;
}

bool inCheck(const Position& pos, int side) {
  const Square king = pos.royalSquare(side);
  return king != kNoSquare && isAttackedByOpponentsOf(pos, king, side);
}

bool canCaptureEnPassantOnto(const Position& pos, Square from, Square passed) {
  const MoveTables& t = pos.tables();
  const PieceCode p = pos.at(from);
  if (!t.enPassantReachOf(pieceSide(p), pieceType(p), from).test(passed)) return false;
  const RaySpan& span = t.span(pieceSide(p), pieceType(p), from);
  for (std::uint32_t r = span.begin; r < span.begin + span.count; ++r) {
    const Ray& ray = t.rays[r];
    if (!(ray.flags & kRayEnPassant)) continue;
    if ((ray.flags & kRayInitialOnly) && !pos.unmoved(from)) continue;
    const int k = landingIndex(ray, passed);
    if (k && rayReaches(pos, t, ray, k)) return true;
  }
  return false;
}

}  // namespace tessera
