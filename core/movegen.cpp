#include "movegen.hpp"

#include "attacks.hpp"

namespace tessera {
namespace {

void addWithPromotions(const Position& pos, Square from, Square to, int side, int type, bool doubleStep,
                       MoveKind kind, MoveList& out) {
  const Variant& v = pos.variant();
  if (v.isPromotingType(type) && pos.tables().promotionZone[side].test(to)) {
    if (v.promotionByColour) {
      out.push({from, to, kind, static_cast<std::uint8_t>(v.typeForColour[v.colourAt(to)] + 1), 0, false});
      return;
    }
    for (int choice : v.promotionChoices)
      out.push({from, to, kind, static_cast<std::uint8_t>(choice + 1), 0, false});
    for (int choice : v.holdingsChoices)
      if (pos.held(side, choice) > 0) out.push({from, to, kind, static_cast<std::uint8_t>(choice + 1), 0, false});
    if (v.promotionCompulsory) return;
  }
  out.push({from, to, kind, 0, 0, doubleStep});
}

bool passesAllow(const Position& pos, const MoveTables& t, const Ray& ray) {
  for (std::uint32_t i = 0; i < ray.passCount; ++i) {
    if (pos.isAntiTile(t.passSquares[ray.passBegin + i])) return false;
    const bool occupied = pos.at(t.passSquares[ray.passBegin + i]) != kEmpty;
    const PassCondition c = t.passConditions[ray.passBegin + i];
    if ((c == PassCondition::Empty && occupied) || (c == PassCondition::Occupied && !occupied)) return false;
  }
  return true;
}

void generatePieceMoves(const Position& pos, Square from, MoveList& out) {
  const MoveTables& t = pos.tables();
  const PieceCode p = pos.at(from);
  const int side = pieceSide(p), type = pieceType(p);
  const bool unmoved = pos.unmoved(from);
  const bool tiles = pos.variant().hasTiles();
  const bool royal = pos.variant().pieces[type].royal;
  const RaySpan& span = t.span(side, type, from);
  for (std::uint32_t r = span.begin; r < span.begin + span.count; ++r) {
    const Ray& ray = t.rays[r];
    if ((ray.flags & kRayInitialOnly) && !unmoved) continue;
    if (!passesAllow(pos, t, ray)) continue;
    for (std::uint32_t k = 0; k < ray.landCount; ++k) {
      const Square to = t.landSquares[ray.landBegin + k];
      const PieceCode target = pos.at(to);
      if (tiles && target == kEmpty && !royal && pos.tile(to).state != TileState::Tile) {
        // Only the King lands off a Tile; other pieces cross void but not Anti-Tiles.
        if (pos.isAntiTile(to)) break;
        continue;
      }
      if (target == kEmpty) {
        if (ray.flags & kRayMove)
          addWithPromotions(pos, from, to, side, type, (ray.flags & kRayCreatesEnPassant) != 0, MoveKind::Normal, out);
        if ((ray.flags & kRayEnPassant) && to == pos.enPassantSquare())
          addWithPromotions(pos, from, to, side, type, false, MoveKind::EnPassant, out);
        continue;
      }
      if (pieceSide(target) != side && (ray.flags & kRayCapture))
        addWithPromotions(pos, from, to, side, type, false, MoveKind::Normal, out);
      break;
    }
  }
}

void generateCastling(const Position& pos, MoveList& out) {
  const int side = pos.sideToMove();
  if (!pos.variant().castling || side > 1) return;
  for (int wing = 0; wing < 2; ++wing) {
    if (!pos.canCastle(side, wing)) continue;
    const CastlingRule& rule = pos.tables().castling[side][wing];
    if (!rule.exists || pos.royalSquare(side) != rule.kingFrom) continue;
    const PieceCode partner = pos.at(rule.partnerFrom);
    if (partner == kEmpty || pieceSide(partner) != side) continue;
    bool clear = true;
    rule.mustBeEmpty.forEach([&](Square sq) { clear = clear && pos.at(sq) == kEmpty; });
    if (!clear) continue;
    if (pos.variant().hasTiles() && pos.tile(rule.partnerTo).state != TileState::Tile) continue;
    bool safe = true;
    for (Square sq : rule.kingPath)
      if (isAttackedByOpponentsOf(pos, sq, side)) {
        safe = false;
        break;
      }
    if (safe) out.push({rule.kingFrom, rule.kingTo, MoveKind::Castle, 0, static_cast<std::uint8_t>(wing), false});
  }
}

// Tiled Squares: drop a Tile or an Anti-Tile on any void square, or take away an empty Tile the
// side may remove.
void generateTileActions(const Position& pos, MoveList& out) {
  const int side = pos.sideToMove();
  pos.tables().playable.forEach([&](Square sq) {
    const TileFacts& t = pos.tile(sq);
    if (t.state == TileState::Void) {
      out.push({sq, sq, MoveKind::TileDrop, 0, 0, false});
      out.push({sq, sq, MoveKind::AntiTileDrop, 0, 0, false});
    } else if (pos.at(sq) == kEmpty && mayRemoveTile(t, side)) {
      out.push({sq, sq, MoveKind::TileRemove, 0, 0, false});
    }
  });
}

}  // namespace

void generatePseudoLegal(const Position& pos, MoveList& out) {
  out.clear();
  pos.occupied(pos.sideToMove()).forEach([&](Square from) { generatePieceMoves(pos, from, out); });
  generateCastling(pos, out);
  if (pos.variant().hasTiles()) generateTileActions(pos, out);
}

bool isLegal(Position& pos, const Move& m) {
  const int us = pos.sideToMove();
  pos.make(m);
  const bool ok = !inCheck(pos, us);
  pos.unmake();
  return ok;
}

void generateLegal(Position& pos, MoveList& out) {
  generatePseudoLegal(pos, out);
  const int us = pos.sideToMove();
  const Square king = pos.royalSquare(us);
  if (king == kNoSquare) return;
  const MoveTables& t = pos.tables();
  const bool checked = inCheck(pos, us);
  const std::uint8_t* sensitive = &t.blockSensitive[static_cast<std::size_t>(king) * 256];
  int kept = 0;
  for (int i = 0; i < out.size(); ++i) {
    const Move m = out[i];
    const bool mustTest = checked || t.hasScreens || m.kind != MoveKind::Normal || m.from == king ||
                          sensitive[m.from];
    if (!mustTest || isLegal(pos, m)) out[kept++] = m;
  }
  out.truncate(kept);
}

}  // namespace tessera
