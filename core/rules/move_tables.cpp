#include "core/rules/move_tables.hpp"

#include "core/rules/position_text.hpp"

namespace tessera {

int sideQuarterTurns(int sides, int side) { return sides == 4 ? side : side * 2; }

Offset orient(Offset o, int quarterTurns) {
  for (int i = 0; i < quarterTurns; ++i) o = {o.dy, -o.dx};  // a clockwise quarter turn
  return o;
}

namespace {

// A single leap that a ride of the same piece already makes (the W of an Emir's R and K) would
// list the same move twice; it is left out here, where it costs nothing (other repeats are dropped
// by the generator: RaySpan::landingsRepeat).
bool coveredByRide(const std::vector<MoveTemplate>& all, const MoveTemplate& leap) {
  if (leap.range != 1 || !leap.passes.empty()) return false;
  for (const MoveTemplate& ride : all) {
    if (&ride == &leap || ride.range == 1 || !ride.passes.empty() || !(ride.start == Offset{})) continue;
    if (ride.step == leap.step && ride.canMove == leap.canMove && ride.canCapture == leap.canCapture &&
        ride.enPassant == leap.enPassant && ride.initialOnly == leap.initialOnly &&
        ride.createsEnPassant == leap.createsEnPassant)
      return true;
  }
  return false;
}

struct Builder {
  const Variant& v;
  MoveTables& t;
  std::vector<std::vector<bool>> redundant;

  Builder(const Variant& variant, MoveTables& tables) : v(variant), t(tables) {
    for (const PieceType& p : v.pieces) {
      std::vector<bool> r;
      for (const MoveTemplate& m : p.moves.templates) r.push_back(coveredByRide(p.moves.templates, m));
      redundant.push_back(std::move(r));
    }
  }

  bool onBoard(int f, int r) const { return t.size.contains(f, r); }

  void addRays(int side, int type, Square from) {
    RaySpan& span = t.spans[(static_cast<std::size_t>(side) * t.types + type) * 256 + from];
    SquareSet& reach = t.captureReach[(static_cast<std::size_t>(side) * t.types + type) * 256 + from];
    span.begin = static_cast<std::uint32_t>(t.rays.size());
    const int turns = sideQuarterTurns(t.sides, side);
    const int f0 = fileOf(from), r0 = rankOf(from);
    const auto& templates = v.pieces[type].moves.templates;
    for (std::size_t index = 0; index < templates.size(); ++index) {
      const MoveTemplate& m = templates[index];
      if (redundant[type][index]) continue;
      Ray ray;
      ray.passBegin = static_cast<std::uint32_t>(t.passSquares.size());
      bool fits = true;
      std::vector<Square> passes;
      for (std::size_t i = 0; i < m.passes.size(); ++i) {
        const Offset o = orient(m.passes[i], turns);
        if (!onBoard(f0 + o.dx, r0 + o.dy)) {
          fits = false;
          break;
        }
        passes.push_back(makeSquare(f0 + o.dx, r0 + o.dy));
      }
      if (!fits) continue;
      const Offset s = orient(m.start, turns);
      const Offset step = orient(m.step, turns);
      if (!onBoard(f0 + s.dx, r0 + s.dy)) continue;
      std::vector<Square> lands;
      const int limit = m.range == 0 ? 16 : m.range;
      for (int k = 1; k <= limit; ++k) {
        const int f = f0 + s.dx + step.dx * k, r = r0 + s.dy + step.dy * k;
        if (!onBoard(f, r)) break;
        lands.push_back(makeSquare(f, r));
      }
      if (lands.empty()) continue;
      for (std::size_t i = 0; i < passes.size(); ++i) {
        t.passSquares.push_back(passes[i]);
        t.passConditions.push_back(m.conditions[i]);
      }
      ray.passCount = static_cast<std::uint8_t>(passes.size());
      ray.landBegin = static_cast<std::uint32_t>(t.landSquares.size());
      ray.landCount = static_cast<std::uint8_t>(lands.size());
      for (Square l : lands) t.landSquares.push_back(l);
      ray.dx = static_cast<std::int8_t>(step.dx);
      ray.dy = static_cast<std::int8_t>(step.dy);
      ray.start = makeSquare(f0 + s.dx, r0 + s.dy);
      ray.flags = (m.canMove ? kRayMove : 0) | (m.canCapture ? kRayCapture : 0) |
                  (m.enPassant ? kRayEnPassant : 0) | (m.initialOnly ? kRayInitialOnly : 0) |
                  (m.createsEnPassant ? kRayCreatesEnPassant : 0);
      t.rays.push_back(ray);
      if (m.enPassant)
        for (Square l : lands) t.enPassantReach[(static_cast<std::size_t>(side) * t.types + type) * 256 + from].set(l);
      if (m.canCapture) {
        for (std::size_t i = 0; i < lands.size(); ++i) {
          reach.set(lands[i]);
          for (Square p : passes) t.blockSensitive[lands[i] * 256 + p] = 1;
          for (std::size_t j = 0; j < i; ++j) t.blockSensitive[lands[i] * 256 + lands[j]] = 1;
        }
      }
      for (PassCondition c : m.conditions)
        if (c == PassCondition::Occupied) t.hasScreens = true;
    }
    span.count = static_cast<std::uint32_t>(t.rays.size()) - span.begin;
    SquareSet landed;
    for (std::uint32_t r = span.begin; r < span.begin + span.count; ++r)
      for (std::uint32_t k = 0; k < t.rays[r].landCount; ++k) {
        const Square l = t.landSquares[t.rays[r].landBegin + k];
        span.landingsRepeat = span.landingsRepeat || landed.test(l);
        landed.set(l);
      }
  }

  void addPromotionZones() {
    for (int side = 0; side < t.sides; ++side) {
      const Offset fwd = orient({0, 1}, sideQuarterTurns(t.sides, side));
      for (int r = 0; r < t.size.ranks; ++r)
        for (int f = 0; f < t.size.files; ++f) {
          // Steps left to the far edge in the forward direction.
          int toEdge = 0;
          if (fwd.dy > 0) toEdge = t.size.ranks - 1 - r;
          else if (fwd.dy < 0) toEdge = r;
          else if (fwd.dx > 0) toEdge = t.size.files - 1 - f;
          else toEdge = f;
          if (toEdge < v.promotionZone) t.promotionZone[side].set(makeSquare(f, r));
        }
    }
  }

  void addCastling() {
    if (!v.castling) return;
    const int royal = v.royalType();
    const int distance = v.pieces[royal].moves.castlingDistance;
    if (distance <= 0) throw VariantError("castling is on but the royal piece has no O in its moves");
    const Placement start = parsePlacement(v, v.startPosition);
    for (int side = 0; side < 2 && side < t.sides; ++side) {
      Square king = kNoSquare;
      for (int sq = 0; sq < 256; ++sq)
        if (start.board[sq] && pieceSide(start.board[sq]) == side && pieceType(start.board[sq]) == royal) king = sq;
      if (king == kNoSquare) continue;
      const int rank = rankOf(king);
      for (int wing = 0; wing < 2; ++wing) {
        const int dir = wing == 0 ? 1 : -1;
        const Square partner = makeSquare(wing == 0 ? t.size.files - 1 : 0, rank);
        if (!start.board[partner] || pieceSide(start.board[partner]) != side) continue;
        const int kf = fileOf(king) + dir * distance;
        if (kf - dir < 0 || kf - dir >= t.size.files || (wing == 0 ? kf >= fileOf(partner) + 1 : kf <= -1))
          continue;
        CastlingRule c;
        c.exists = true;
        c.kingFrom = king;
        c.kingTo = makeSquare(kf, rank);
        c.partnerFrom = partner;
        c.partnerTo = makeSquare(kf - dir, rank);
        for (int f = fileOf(king) + dir; f != fileOf(partner); f += dir) c.mustBeEmpty.set(makeSquare(f, rank));
        for (int f = fileOf(king);; f += dir) {
          c.kingPath.push_back(makeSquare(f, rank));
          if (f == kf) break;
        }
        const RaySpan& span = t.span(side, royal, king);
        for (std::uint32_t r = span.begin; r < span.begin + span.count; ++r)
          if (t.rays[r].flags & kRayMove)
            for (std::uint32_t k = 0; k < t.rays[r].landCount; ++k)
              c.kingAlsoMovesThere = c.kingAlsoMovesThere || t.landSquares[t.rays[r].landBegin + k] == c.kingTo;
        t.castling[side][wing] = c;
        const std::uint8_t bit = static_cast<std::uint8_t>(1u << (side * 2 + wing));
        t.castlingRightsTouching[king] |= bit;
        t.castlingRightsTouching[partner] |= bit;
      }
    }
  }
};

}  // namespace

std::shared_ptr<const MoveTables> buildMoveTables(const Variant& v) {
  auto t = std::make_shared<MoveTables>();
  t->size = v.size;
  t->sides = v.sides;
  t->types = static_cast<int>(v.pieces.size());
  t->spans.resize(static_cast<std::size_t>(t->sides) * t->types * 256);
  t->captureReach.resize(t->spans.size());
  t->enPassantReach.resize(t->spans.size());
  t->blockSensitive.assign(256 * 256, 0);
  for (int r = 0; r < v.size.ranks; ++r)
    for (int f = 0; f < v.size.files; ++f) t->playable.set(makeSquare(f, r));
  Builder b(v, *t);
  for (int side = 0; side < t->sides; ++side)
    for (int type = 0; type < t->types; ++type)
      t->playable.forEach([&](Square sq) { b.addRays(side, type, sq); });
  t->attackersOnto.resize(static_cast<std::size_t>(t->sides) * 256);
  for (int side = 0; side < t->sides; ++side)
    for (int type = 0; type < t->types; ++type)
      t->playable.forEach([&](Square from) {
        t->reach(side, type, from).forEach([&](Square target) {
          t->attackersOnto[static_cast<std::size_t>(side) * 256 + target].set(from);
        });
      });
  b.addPromotionZones();
  b.addCastling();
  return t;
}

}  // namespace tessera
