#include "core/rules/position.hpp"

#include "core/rules/attacks.hpp"
#include "core/rules/sectors.hpp"
#include "core/rules/zobrist.hpp"

namespace tessera {

// The next side in turn order that is still in the game.
int nextSide(const Position& pos, int side) {
  const int sides = pos.variant().sides;
  for (int k = 1; k <= sides; ++k) {
    const int s = (side + k) % sides;
    if (pos.inGame(s)) return s;
  }
  return side;
}

int Position::sidesInGame() const {
  int n = 0;
  for (int s = 0; s < variant_->sides; ++s) n += inGame(s);
  return n;
}

Position::Position(const Variant& variant) : variant_(&variant), tables_(variant.tables.get()) {
  royal_.fill(kNoSquare);
  key_ = 0;
}

void Position::place(Square sq, PieceCode piece) {
  board_[sq] = piece;
  occupied_[pieceSide(piece)].set(sq);
  if (variant_->pieces[pieceType(piece)].royal) royal_[pieceSide(piece)] = sq;
  key_ ^= zobrist().piece[piece][sq];
}

PieceCode Position::lift(Square sq) {
  const PieceCode piece = board_[sq];
  board_[sq] = kEmpty;
  occupied_[pieceSide(piece)].reset(sq);
  if (royal_[pieceSide(piece)] == sq) royal_[pieceSide(piece)] = kNoSquare;
  key_ ^= zobrist().piece[piece][sq];
  return piece;
}

void Position::changeHeld(int side, int type, int delta) {
  const auto& z = zobrist();
  key_ ^= z.holdings[side][type][std::min<int>(holdings_[side][type], 15)];
  holdings_[side][type] = static_cast<std::uint8_t>(holdings_[side][type] + delta);
  key_ ^= z.holdings[side][type][std::min<int>(holdings_[side][type], 15)];
}

void Position::put(Square sq, PieceCode piece) {
  if (board_[sq]) clear(sq);
  place(sq, piece);
}

void Position::clear(Square sq) {
  if (board_[sq]) lift(sq);
  setUnmoved(sq, false);
}

void Position::setSideToMove(int side) {
  key_ ^= zobrist().sideToMove[side_] ^ zobrist().sideToMove[side];
  side_ = side;
}

void Position::setCastlingRights(std::uint8_t rights) {
  key_ ^= zobrist().castling[castling_] ^ zobrist().castling[rights];
  castling_ = rights;
}

void Position::setEnPassant(Square passed, Square victim) {
  if (enPassant_ != kNoSquare) key_ ^= zobrist().enPassant[enPassant_];
  enPassant_ = passed;
  enPassantVictim_ = victim;
  if (enPassant_ != kNoSquare) key_ ^= zobrist().enPassant[enPassant_];
}

void Position::setHeld(int side, int type, int count) { changeHeld(side, type, count - holdings_[side][type]); }

void Position::setUnmoved(Square sq, bool value) {
  if (unmoved_.test(sq) == value) return;
  if (value) unmoved_.set(sq);
  else unmoved_.reset(sq);
  key_ ^= zobrist().unmoved[sq];
}

void Position::setClocks(int halfmove, int fullmove) {
  halfmove_ = halfmove;
  reversible_ = halfmove;
  fullmove_ = fullmove;
}

namespace {

std::uint64_t tileKey(Square sq, const TileFacts& facts) {
  const ZobristKeys& z = zobrist();
  const TileFacts t = removalRights(facts);
  return z.tileState[sq][static_cast<int>(t.state)] ^ z.tileFact[0][sq][t.dropper + 1] ^
         z.tileFact[1][sq][t.lastStood + 1] ^ z.tileFact[2][sq][t.kingMade + 1];
}

}  // namespace

void Position::setTile(Square sq, const TileFacts& facts) {
  key_ ^= tileKey(sq, tiles_[sq]) ^ tileKey(sq, facts);
  tiles_[sq] = facts;
  if (facts.state == TileState::AntiTile) walls_.set(sq);
  else walls_.reset(sq);
  if (facts.state == TileState::Void) voids_.set(sq);
  else voids_.reset(sq);
}

void Position::setSectorSlots(std::uint16_t slots) {
  const ZobristKeys& z = zobrist();
  for (int slot = 0; slot < 16; ++slot) {
    const bool was = slots_ >> slot & 1, is = slots >> slot & 1;
    if (was == is) continue;
    // An empty slot is hashed as its first square being void: no variant has both tiles and sectors.
    key_ ^= z.tileState[slotSquares(slot)[0]][static_cast<int>(TileState::Void)];
    for (Square sq : slotSquares(slot)) {
      if (is) walls_.reset(sq);
      else walls_.set(sq);
    }
  }
  slots_ = slots;
}

// The sector's pieces travel with it; carried Kings and Rooks count as moved, and Pawns it brings
// onto their last rank promote to the shift's choice.
void Position::shiftSector(Undo& u, const Move& m) {
  const auto from = slotSquares(m.from), to = slotSquares(m.to);
  for (int i = 0; i < 4; ++i) {
    u.carried[i] = board_[from[i]];
    if (unmoved_.test(from[i])) u.carriedUnmoved |= static_cast<std::uint8_t>(1u << i);
    setUnmoved(from[i], false);
    if (u.carried[i]) lift(from[i]);
  }
  for (int i = 0; i < 4; ++i) {
    if (!u.carried[i]) continue;
    PieceCode arriving = u.carried[i];
    const int side = pieceSide(arriving);
    if (m.promotion && variant_->isPromotingType(pieceType(arriving)) && tables_->promotionZone[side].test(to[i]))
      arriving = makePiece(side, m.promotion - 1);
    place(to[i], arriving);
  }
  u.slotsBefore = slots_;
  setSectorSlots(static_cast<std::uint16_t>((slots_ & ~(1u << m.from)) | (1u << m.to)));
  for (Square sq : from) setCastlingRights(castling_ & ~tables_->castlingRightsTouching[sq]);
}

void Position::setPaper(Square sq, int colour, int owner) {
  const ZobristKeys& z = zobrist();
  if (paper_[sq] >= 0) key_ ^= z.paperColour[sq][paper_[sq]][paperOwner_[sq]];
  paper_[sq] = static_cast<std::int8_t>(colour);
  paperOwner_[sq] = static_cast<std::int8_t>(colour >= 0 ? owner : -1);
  if (colour >= 0) key_ ^= z.paperColour[sq][colour][owner];
  // A colour no piece may enter (Blue) is a wall for everything but the King.
  if (colour >= 0 && variant_->typeForPaper[colour] < 0) walls_.set(sq);
  else walls_.reset(sq);
}

void Position::setPool(int colour, int count) {
  key_ ^= zobrist().pool[colour][pool_[colour]] ^ zobrist().pool[colour][count];
  pool_[colour] = static_cast<std::uint8_t>(count);
}

void Position::changePaper(Undo& u, Square sq, int colour, int owner) {
  u.paperSquare[u.paperChanges] = sq;
  u.paperBefore[u.paperChanges] = paper_[sq];
  u.paperOwnerBefore[u.paperChanges] = paperOwner_[sq];
  ++u.paperChanges;
  setPaper(sq, colour, owner);
}

// A non-royal piece takes the type of the colour it lands on; on a square with no colour it
// becomes the plain-square piece (a Pawn) except on its last rank, where it keeps its type (for a
// promoting Pawn: the type it chose).
int Position::paperArrivalType(int type, Square to) const {
  if (variant_->pieces[type].royal) return type;
  if (paper_[to] >= 0) return variant_->typeForPaper[paper_[to]];
  if (tables_->promotionZone[side_].test(to)) return type;
  return variant_->plainSquareType;
}

void Position::changeTile(Undo& u, Square sq, const TileFacts& facts) {
  if (tiles_[sq] == facts) return;
  u.tileSquare[u.tileChanges] = sq;
  u.tileBefore[u.tileChanges] = tiles_[sq];
  ++u.tileChanges;
  setTile(sq, facts);
}

void Position::arrive(Undo& u, Square sq, int side, bool royal) {
  if (variant_->hasTiles()) changeTile(u, sq, afterArrival(tiles_[sq], side, royal));
}

bool Position::enPassantCapturable(Square passed, int bySide) const {
  bool found = false;
  for (int s = 0; s < variant_->sides && !found; ++s) {
    if (s == bySide) continue;
    occupied_[s].forEach([&](Square from) {
      if (!found && canCaptureEnPassantOnto(*this, from, passed)) found = true;
    });
  }
  return found;
}

bool Position::undoable(const Undo& u) const {
  if (u.captured || u.removedCount || u.move.promotion) return false;
  if (!isPieceMove(u.move.kind) || !variant_->isPromotingType(pieceType(u.moved))) return true;
  // A Pawn's step that does not advance (sideways) can be stepped back.
  const Offset forward = orient({0, 1}, sideQuarterTurns(variant_->sides, u.side));
  const int advance = (fileOf(u.move.to) - fileOf(u.move.from)) * forward.dx +
                      (rankOf(u.move.to) - rankOf(u.move.from)) * forward.dy;
  return advance == 0;
}

void Position::make(const Move& m) {
  Undo u;
  u.move = m;
  u.castling = castling_;
  u.enPassant = enPassant_;
  u.enPassantVictim = enPassantVictim_;
  u.halfmove = halfmove_;
  u.fullmove = fullmove_;
  u.reversible = reversible_;
  u.key = key_;
  const int us = side_;
  u.side = us;
  setEnPassant(kNoSquare, kNoSquare);

  if (m.kind == MoveKind::SectorShift) {
    shiftSector(u, m);
    ++halfmove_;
  } else if (m.kind == MoveKind::Elimination) {
    occupied_[us].forEach([&](Square sq) {
      u.removedSquare[u.removedCount] = sq;
      u.removedPiece[u.removedCount++] = board_[sq];
    });
    for (int i = 0; i < u.removedCount; ++i) {
      if (unmoved_.test(u.removedSquare[i])) u.removedUnmoved |= static_cast<std::uint16_t>(1u << i);
      setUnmoved(u.removedSquare[i], false);
      lift(u.removedSquare[i]);
    }
    ++halfmove_;
  } else if (m.kind == MoveKind::ColourDrop) {
    u.poolColour = static_cast<std::int8_t>(m.colour);
    setPool(m.colour, pool_[m.colour] - 1);
    changePaper(u, m.to, m.colour, us);
    ++halfmove_;
  } else if (m.kind == MoveKind::ColourShift) {
    const int colour = paper_[m.from];
    changePaper(u, m.from, -1, -1);
    changePaper(u, m.to, colour, us);
    ++halfmove_;
  } else if (isTileAction(m.kind)) {
    TileFacts t;
    if (m.kind == MoveKind::TileDrop) t.dropper = static_cast<std::int8_t>(us);
    if (m.kind == MoveKind::AntiTileDrop) t.state = TileState::AntiTile;
    if (m.kind == MoveKind::TileRemove) t.state = TileState::Void;
    changeTile(u, m.to, t);
    ++halfmove_;
  } else if (m.kind == MoveKind::Castle) {
    const CastlingRule& rule = tables_->castling[us][m.wing];
    u.moved = lift(rule.kingFrom);
    const PieceCode partner = lift(rule.partnerFrom);
    place(rule.kingTo, u.moved);
    place(rule.partnerTo, partner);
    u.movedWasUnmoved = unmoved_.test(rule.kingFrom);
    u.capturedWasUnmoved = unmoved_.test(rule.partnerFrom);
    setUnmoved(rule.kingFrom, false);
    setUnmoved(rule.partnerFrom, false);
    arrive(u, rule.kingTo, us, true);
    arrive(u, rule.partnerTo, us, false);
    ++halfmove_;
  } else {
    u.capturedSquare = m.kind == MoveKind::EnPassant ? u.enPassantVictim : m.to;
    if (board_[u.capturedSquare]) {
      u.captured = lift(u.capturedSquare);
      u.capturedWasUnmoved = unmoved_.test(u.capturedSquare);
      setUnmoved(u.capturedSquare, false);
      const int capturedType = pieceType(u.captured);
      if (variant_->capturedToOwnerHoldings) {
        for (int t : variant_->holdingsChoices)
          if (t == capturedType) {
            changeHeld(pieceSide(u.captured), t, +1);
            u.heldAddedType = static_cast<std::int8_t>(t);
            u.heldAddedSide = static_cast<std::int8_t>(pieceSide(u.captured));
          }
      }
    }
    u.moved = lift(m.from);
    u.movedWasUnmoved = unmoved_.test(m.from);
    setUnmoved(m.from, false);
    PieceCode arriving = u.moved;
    if (m.promotion) {
      const int newType = m.promotion - 1;
      arriving = makePiece(us, newType);
      for (int t : variant_->holdingsChoices)
        if (t == newType) {
          changeHeld(us, t, -1);
          u.heldUsedType = static_cast<std::int8_t>(t);
        }
    }
    if (variant_->hasPaperColours()) {
      arriving = makePiece(us, paperArrivalType(pieceType(arriving), m.to));
      // A King entering a colour square takes the colour out of the game.
      if (variant_->pieces[pieceType(arriving)].royal && paper_[m.to] >= 0) changePaper(u, m.to, -1, -1);
    } else {
      arriving = makePiece(us, variant_->typeArrivingAt(pieceType(arriving), m.to));
    }
    place(m.to, arriving);
    arrive(u, m.to, us, variant_->pieces[pieceType(arriving)].royal);
    const bool pawnLike = variant_->isPromotingType(pieceType(u.moved));
    halfmove_ = (u.captured || pawnLike) ? 0 : halfmove_ + 1;
    if (m.doubleStep) {
      // A double step: the passed square becomes e.p. if an opponent could take there.
      const Square passed = makeSquare((fileOf(m.from) + fileOf(m.to)) / 2, (rankOf(m.from) + rankOf(m.to)) / 2);
      if (tiles_[passed].state == TileState::Tile && enPassantCapturable(passed, us)) setEnPassant(passed, m.to);
    }
  }
  if (isPieceMove(m.kind) || m.kind == MoveKind::Castle)
    setCastlingRights(castling_ & ~(tables_->castlingRightsTouching[m.from] | tables_->castlingRightsTouching[m.to]));
  const int next = nextSide(*this, us);
  if (next <= us) ++fullmove_;
  setSideToMove(next);
  reversible_ = undoable(u) ? reversible_ + 1 : 0;
  history_.push_back(u);
}

void Position::unmake() {
  const Undo u = history_.back();
  history_.pop_back();
  const Move& m = u.move;
  for (int i = u.tileChanges - 1; i >= 0; --i) setTile(u.tileSquare[i], u.tileBefore[i]);
  for (int i = u.paperChanges - 1; i >= 0; --i) setPaper(u.paperSquare[i], u.paperBefore[i], u.paperOwnerBefore[i]);
  if (u.poolColour >= 0) pool_[u.poolColour]++;
  const int us = u.side;
  for (int i = 0; i < u.removedCount; ++i) {
    place(u.removedSquare[i], u.removedPiece[i]);
    if (u.removedUnmoved >> i & 1) unmoved_.set(u.removedSquare[i]);
  }
  if (m.kind == MoveKind::SectorShift) {
    const auto from = slotSquares(m.from), to = slotSquares(m.to);
    for (int i = 0; i < 4; ++i)
      if (u.carried[i]) lift(to[i]);
    for (int i = 0; i < 4; ++i) {
      if (u.carried[i]) place(from[i], u.carried[i]);
      if (u.carriedUnmoved >> i & 1) unmoved_.set(from[i]);
    }
    setSectorSlots(u.slotsBefore);
  } else if (m.kind == MoveKind::Castle) {
    const CastlingRule& rule = tables_->castling[us][m.wing];
    const PieceCode partner = lift(rule.partnerTo);
    lift(rule.kingTo);
    place(rule.kingFrom, u.moved);
    place(rule.partnerFrom, partner);
    if (u.movedWasUnmoved) unmoved_.set(rule.kingFrom);
    if (u.capturedWasUnmoved) unmoved_.set(rule.partnerFrom);
  } else if (isPieceMove(m.kind)) {
    lift(m.to);
    place(m.from, u.moved);
    if (u.movedWasUnmoved) unmoved_.set(m.from);
    if (u.captured) {
      place(u.capturedSquare, u.captured);
      if (u.capturedWasUnmoved) unmoved_.set(u.capturedSquare);
    }
    if (u.heldAddedType >= 0) holdings_[u.heldAddedSide][u.heldAddedType]--;
    if (u.heldUsedType >= 0) holdings_[us][u.heldUsedType]++;
  }
  side_ = us;
  castling_ = u.castling;
  enPassant_ = u.enPassant;
  enPassantVictim_ = u.enPassantVictim;
  halfmove_ = u.halfmove;
  fullmove_ = u.fullmove;
  reversible_ = u.reversible;
  key_ = u.key;
}

void Position::makeNull() {
  nulls_.push_back({enPassant_, enPassantVictim_, key_, side_});
  setEnPassant(kNoSquare, kNoSquare);
  setSideToMove(nextSide(*this, side_));
}

void Position::unmakeNull() {
  const NullUndo n = nulls_.back();
  nulls_.pop_back();
  enPassant_ = n.enPassant;
  enPassantVictim_ = n.enPassantVictim;
  key_ = n.key;
  side_ = n.side;
}

int Position::repetitions() const {
  int count = 0;
  const int n = static_cast<int>(history_.size());
  const int reach = std::min(n, reversible_);
  for (int i = 1; i <= reach; ++i)
    if (history_[n - i].key == key_) ++count;
  return count;
}

bool samePosition(const Position& a, const Position& b) {
  return a.variant_ == b.variant_ && a.board_ == b.board_ && a.side_ == b.side_ && a.castling_ == b.castling_ &&
         a.enPassant_ == b.enPassant_ && a.enPassantVictim_ == b.enPassantVictim_ && a.halfmove_ == b.halfmove_ &&
         a.fullmove_ == b.fullmove_ && a.holdings_ == b.holdings_ && a.unmoved_ == b.unmoved_ &&
         a.key_ == b.key_ && a.royal_ == b.royal_ && a.occupied_ == b.occupied_ && a.tiles_ == b.tiles_ &&
         a.slots_ == b.slots_ && a.walls_ == b.walls_ && a.paper_ == b.paper_ &&
         a.paperOwner_ == b.paperOwner_ && a.pool_ == b.pool_;
}

}  // namespace tessera
