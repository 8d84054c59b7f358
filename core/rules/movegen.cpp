#include "core/rules/movegen.hpp"

#include "core/rules/attacks.hpp"
#include "core/rules/sectors.hpp"

namespace tessera {
namespace {

// `promoting`: the moving piece's type is one that promotes.
void addWithPromotions(const Position& pos, Square from, Square to, int side, bool promoting, bool doubleStep,
                       MoveKind kind, MoveList& out) {
  const Variant& v = pos.variant();
  if (promoting && pos.tables().promotionZone[side].test(to)) {
    if (v.hasPaperColours()) {
      // Onto a colour the colour decides; from the queen colour (Dark Green) only a Queen; from
      // no colour the choice (staying a Pawn is one of them).
      if (pos.paper(to) >= 0) {
        out.push({from, to, kind, 0, 0, false, 0});
        return;
      }
      if (pos.paper(from) >= 0 && pos.paper(from) == v.queenFromPaper) {
        out.push({from, to, kind, static_cast<std::uint8_t>(v.queenType + 1), 0, false, 0});
        return;
      }
    }
    if (v.promotionByColour) {
      out.push({from, to, kind, static_cast<std::uint8_t>(v.typeForColour[v.colourAt(to)] + 1), 0, false, 0});
      return;
    }
    for (int choice : v.promotionChoices)
      out.push({from, to, kind, static_cast<std::uint8_t>(choice + 1), 0, false, 0});
    for (int choice : v.holdingsChoices)
      if (pos.held(side, choice) > 0) out.push({from, to, kind, static_cast<std::uint8_t>(choice + 1), 0, false, 0});
    if (v.promotionCompulsory) return;
  }
  out.push({from, to, kind, 0, 0, doubleStep, 0});
}

bool passesAllow(const Position& pos, const MoveTables& t, const Ray& ray) {
  for (std::uint32_t i = 0; i < ray.passCount; ++i) {
    if (pos.isWall(t.passSquares[ray.passBegin + i])) return false;
    const bool occupied = pos.at(t.passSquares[ray.passBegin + i]) != kEmpty;
    const PassCondition c = t.passConditions[ray.passBegin + i];
    if ((c == PassCondition::Empty && occupied) || (c == PassCondition::Occupied && !occupied)) return false;
  }
  return true;
}

// Keeps one of equal moves among out[first..]: the same move found along two paths. On the board a
// double step and a plain move between the same squares are one action; it passed the square
// between without jumping either way, so it keeps the double step's en-passant chance.
void dropRepeats(MoveList& out, int first) {
  int kept = first;
  for (int i = first; i < out.size(); ++i) {
    Move plain = out[i];
    plain.doubleStep = false;
    int repeatOf = -1;
    for (int j = first; j < kept && repeatOf < 0; ++j) {
      Move keptPlain = out[j];
      keptPlain.doubleStep = false;
      if (keptPlain == plain) repeatOf = j;
    }
    if (repeatOf < 0)
      out[kept++] = out[i];
    else
      out[repeatOf].doubleStep = out[repeatOf].doubleStep || out[i].doubleStep;
  }
  out.truncate(kept);
}

// A piece that may both step onto the en passant square and take en passant there has one action
// onto it, the capture: two would share one name in long algebraic (and UCI) text.
void dropPlainMovesOntoEnPassant(MoveList& out, int first, Square enPassant) {
  int kept = first;
  for (int i = first; i < out.size(); ++i)
    if (out[i].kind != MoveKind::Normal || out[i].to != enPassant) out[kept++] = out[i];
  out.truncate(kept);
}

// With `capturesOnly`, only the moves that take a piece (en passant included).
void generatePieceMoves(const Position& pos, Square from, bool capturesOnly, MoveList& out) {
  const MoveTables& t = pos.tables();
  const PieceCode p = pos.at(from);
  const int side = pieceSide(p), type = pieceType(p);
  const Variant& v = pos.variant();
  bool unmoved = pos.unmoved(from);
  if (v.initialMoveRanks) {
    const int fromOwnSide = side == 0 ? rankOf(from) : v.size.ranks - 1 - rankOf(from);
    unmoved = fromOwnSide < v.initialMoveRanks;
  }
  const bool terrain = v.hasTiles() || v.hasSectors() || v.hasPaperColours();
  const bool royal = v.pieces[type].royal;
  const bool promoting = v.isPromotingType(type);
  const RaySpan& span = t.span(side, type, from);
  const int first = out.size();
  bool takesEnPassant = false;
  for (std::uint32_t r = span.begin; r < span.begin + span.count; ++r) {
    const Ray& ray = t.rays[r];
    if ((ray.flags & kRayInitialOnly) && !unmoved) continue;
    if (!passesAllow(pos, t, ray)) continue;
    for (std::uint32_t k = 0; k < ray.landCount; ++k) {
      const Square to = t.landSquares[ray.landBegin + k];
      const PieceCode target = pos.at(to);
      if (terrain && target == kEmpty) {
        // Nothing crosses a wall; only the Tiled Squares King steps onto one (an Anti-Tile). Void
        // is crossed, and only the King lands there.
        if (pos.isWall(to)) {
          if (royal && v.royalEntersWalls() && !capturesOnly) out.push({from, to, MoveKind::Normal, 0, 0, false, 0});
          break;
        }
        if (!royal && pos.isVoid(to)) continue;
      }
      if (target == kEmpty) {
        if ((ray.flags & kRayMove) && !capturesOnly)
          addWithPromotions(pos, from, to, side, promoting, (ray.flags & kRayCreatesEnPassant) != 0, MoveKind::Normal, out);
        if ((ray.flags & kRayEnPassant) && to == pos.enPassantSquare()) {
          addWithPromotions(pos, from, to, side, promoting, false, MoveKind::EnPassant, out);
          takesEnPassant = true;
        }
        continue;
      }
      // A royal piece is never taken: a player whose King cannot escape is mated (or, with four
      // players, leaves the game on their turn).
      if (pieceSide(target) != side && (ray.flags & kRayCapture) && !v.pieces[pieceType(target)].royal)
        addWithPromotions(pos, from, to, side, promoting, false, MoveKind::Normal, out);
      break;
    }
  }
  if (span.landingsRepeat) dropRepeats(out, first);
  if (takesEnPassant) dropPlainMovesOntoEnPassant(out, first, pos.enPassantSquare());
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
    rule.mustBeEmpty.forEach([&](Square sq) { clear = clear && pos.at(sq) == kEmpty && !pos.isWall(sq); });
    if (!clear) continue;
    if (pos.variant().hasTiles() && pos.tile(rule.partnerTo).state != TileState::Tile) continue;
    bool safe = true;
    for (Square sq : rule.kingPath)
      if (isAttackedByOpponentsOf(pos, sq, side)) {
        safe = false;
        break;
      }
    if (safe) out.push({rule.kingFrom, rule.kingTo, MoveKind::Castle, 0, static_cast<std::uint8_t>(wing), false, 0});
  }
}

// Tiled Squares: drop a Tile or an Anti-Tile on any void square, or take away an empty Tile the
// side may remove.
void generateTileActions(const Position& pos, MoveList& out) {
  const int side = pos.sideToMove();
  pos.tables().playable.forEach([&](Square sq) {
    const TileFacts& t = pos.tile(sq);
    if (t.state == TileState::Void) {
      out.push({sq, sq, MoveKind::TileDrop, 0, 0, false, 0});
      out.push({sq, sq, MoveKind::AntiTileDrop, 0, 0, false, 0});
    } else if (pos.at(sq) == kEmpty && mayRemoveTile(t, side)) {
      out.push({sq, sq, MoveKind::TileRemove, 0, 0, false, 0});
    }
  });
}

// Shifting Chess: a sector on which the side has more pieces than the opponent moves one or two
// slots in a straight orthogonal line through and into empty slots.
void generateSectorShifts(const Position& pos, MoveList& out) {
  const Variant& v = pos.variant();
  const int side = pos.sideToMove();
  const std::uint16_t slots = pos.sectorSlots();
  for (int slot = 0; slot < kSlotColumns * kSlotRows; ++slot) {
    if (!(slots >> slot & 1)) continue;
    int own = 0, theirs = 0;
    for (Square sq : slotSquares(slot))
      if (pos.at(sq)) (pieceSide(pos.at(sq)) == side ? own : theirs)++;
    if (own <= theirs) continue;
    constexpr int kDirections[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    for (const auto& d : kDirections) {
      for (int k = 1; k <= 2; ++k) {
        const int col = slotColumn(slot) + d[0] * k, row = slotRow(slot) + d[1] * k;
        if (col < 0 || col >= kSlotColumns || row < 0 || row >= kSlotRows) break;
        const int target = row * kSlotColumns + col;
        if (slots >> target & 1) break;
        // Pawns carried onto their last rank promote: one action per choice.
        bool promotes = false;
        const auto from = slotSquares(slot), to = slotSquares(target);
        for (int i = 0; i < 4; ++i) {
          const PieceCode p = pos.at(from[i]);
          promotes = promotes || (p && v.isPromotingType(pieceType(p)) && pos.tables().promotionZone[pieceSide(p)].test(to[i]));
        }
        const auto fromSlot = static_cast<Square>(slot), toSlot = static_cast<Square>(target);
        if (!promotes) out.push({fromSlot, toSlot, MoveKind::SectorShift, 0, 0, false, 0});
        else
          for (int choice : v.promotionChoices)
            out.push({fromSlot, toSlot, MoveKind::SectorShift, static_cast<std::uint8_t>(choice + 1), 0, false, 0});
      }
    }
  }
}

// Shifting Sands: a colour from the pool onto a square with no piece and no colour, or one of the
// side's own colour squares (not Blue, nothing on it) one step in any direction onto such a square.
void generatePaperActions(const Position& pos, MoveList& out) {
  const Variant& v = pos.variant();
  const int side = pos.sideToMove();
  const auto bare = [&](Square sq) { return pos.at(sq) == kEmpty && pos.paper(sq) < 0; };
  pos.tables().playable.forEach([&](Square sq) {
    if (!bare(sq)) return;
    for (std::size_t c = 0; c < v.paperColours.size(); ++c)
      if (pos.poolCount(static_cast<int>(c)) > 0)
        out.push({sq, sq, MoveKind::ColourDrop, 0, 0, false, static_cast<std::uint8_t>(c)});
  });
  if (pos.inOpeningDrops()) return;
  pos.tables().playable.forEach([&](Square from) {
    const int c = pos.paper(from);
    if (c < 0 || pos.paperOwner(from) != side || v.typeForPaper[c] < 0 || pos.at(from) != kEmpty) return;
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        const int f = fileOf(from) + dx, r = rankOf(from) + dy;
        if ((dx || dy) && v.size.contains(f, r) && bare(makeSquare(f, r)))
          out.push({from, makeSquare(f, r), MoveKind::ColourShift, 0, 0, false, static_cast<std::uint8_t>(c)});
      }
  });
}

}  // namespace

void generatePseudoLegal(const Position& pos, MoveList& out) {
  out.clear();
  if (pos.variant().hasPaperColours()) {
    generatePaperActions(pos, out);
    if (pos.inOpeningDrops()) return;  // each side's first turns must be drops
  }
  pos.occupied(pos.sideToMove()).forEach([&](Square from) { generatePieceMoves(pos, from, false, out); });
  generateCastling(pos, out);
  if (pos.variant().hasTiles()) generateTileActions(pos, out);
  if (pos.variant().hasSectors()) generateSectorShifts(pos, out);
}

void generateCaptures(const Position& pos, MoveList& out) {
  out.clear();
  const Variant& v = pos.variant();
  if (v.hasPaperColours() && pos.inOpeningDrops()) return;
  const int side = pos.sideToMove();
  SquareSet others;
  for (int s = 0; s < v.sides; ++s)
    if (s != side) others |= pos.occupied(s);
  const MoveTables& t = pos.tables();
  const Square enPassant = pos.enPassantSquare();
  pos.occupied(side).forEach([&](Square from) {
    // Most pieces reach nothing they could take: their rays need not be walked.
    const int type = pieceType(pos.at(from));
    const bool mayTakeEnPassant = enPassant != kNoSquare && t.enPassantReachOf(side, type, from).test(enPassant);
    if (t.reach(side, type, from).intersects(others) || mayTakeEnPassant) generatePieceMoves(pos, from, true, out);
  });
}

bool isCapture(const Position& pos, const Move& m) {
  if (m.kind == MoveKind::EnPassant) return true;
  if (!isPieceMove(m.kind)) return false;
  const PieceCode target = pos.at(m.to);
  return target && pieceSide(target) != pos.sideToMove();
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
  // Four players: with no legal action the side leaves the game, and that is its turn.
  if (kept == 0 && pos.variant().sides > 2 && pos.sidesInGame() > 1)
    out.push({king, king, MoveKind::Elimination, 0, 0, false, 0});
}

std::vector<Move> legalActionsFrom(Position& pos, Square sq) {
  MoveList moves;
  generateLegal(pos, moves);
  std::vector<Move> out;
  for (const Move& m : moves)
    if (m.from == sq && m.kind != MoveKind::SectorShift && m.kind != MoveKind::Elimination) out.push_back(m);
  return out;
}

std::vector<Move> sectorShiftsFrom(Position& pos, Square sq) {
  std::vector<Move> out;
  if (!pos.variant().hasSectors()) return out;
  MoveList moves;
  generateLegal(pos, moves);
  for (const Move& m : moves)
    if (m.kind == MoveKind::SectorShift && m.from == slotOf(sq)) out.push_back(m);
  return out;
}

std::vector<Square> landingSquares(const Move& m) {
  if (m.kind != MoveKind::SectorShift) return {m.to};
  const auto squares = slotSquares(m.to);
  return {squares.begin(), squares.end()};
}

}  // namespace tessera
