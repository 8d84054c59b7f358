#pragma once
// A position of a variant: pieces, side to move, rights, counters, holdings, and its hash key.
// make() and unmake() change it one action at a time; unmake restores it exactly.
#include <array>
#include <cstdint>
#include <vector>

#include "core/rules/move.hpp"
#include "core/rules/move_tables.hpp"
#include "core/rules/piece.hpp"
#include "core/rules/tiles.hpp"
#include "core/rules/variant.hpp"

namespace tessera {

class Position {
 public:
  explicit Position(const Variant& variant);  // an empty board, side 0 to move

  const Variant& variant() const { return *variant_; }
  const MoveTables& tables() const { return *tables_; }

  PieceCode at(Square sq) const { return board_[sq]; }
  int sideToMove() const { return side_; }
  const SquareSet& occupied(int side) const { return occupied_[side]; }
  Square royalSquare(int side) const { return royal_[side]; }
  std::uint8_t castlingRights() const { return castling_; }  // bit side * 2 + wing
  bool canCastle(int side, int wing) const { return castling_ >> (side * 2 + wing) & 1; }
  Square enPassantSquare() const { return enPassant_; }
  Square enPassantVictim() const { return enPassantVictim_; }
  int halfmoveClock() const { return halfmove_; }
  int fullmoveNumber() const { return fullmove_; }
  int held(int side, int type) const { return holdings_[side][type]; }
  bool unmoved(Square sq) const { return unmoved_.test(sq); }
  const SquareSet& unmovedSet() const { return unmoved_; }
  std::uint64_t key() const { return key_; }
  const TileFacts& tile(Square sq) const { return tiles_[sq]; }
  // Squares nothing passes over: Anti-Tiles, and the empty slots of Shifting Chess.
  bool isWall(Square sq) const { return walls_.test(sq); }
  // Shifting Chess: bit row * 4 + column is set where a sector lies.
  std::uint16_t sectorSlots() const { return slots_; }
  // Shifting Sands: the paper colour on a square (-1 none), who dropped it, and the shared pool.
  int paper(Square sq) const { return paper_[sq]; }
  int paperOwner(Square sq) const { return paperOwner_[sq]; }
  int poolCount(int colour) const { return pool_[colour]; }
  bool isVoid(Square sq) const { return voids_.test(sq); }
  const SquareSet& voids() const { return voids_; }
  const SquareSet& walls() const { return walls_; }
  int plyCount() const { return static_cast<int>(history_.size()); }
  // A side is in the game while its royal piece is on the board.
  bool inGame(int side) const { return royal_[side] != kNoSquare; }
  int sidesInGame() const;

  // Setting up (the position string parser uses these); each keeps the key right.
  void put(Square sq, PieceCode piece);
  void clear(Square sq);
  void setSideToMove(int side);
  void setCastlingRights(std::uint8_t rights);
  void setEnPassant(Square passed, Square victim);
  void setHeld(int side, int type, int count);
  void setUnmoved(Square sq, bool value);
  void setClocks(int halfmove, int fullmove);
  void setTile(Square sq, const TileFacts& facts);
  void setSectorSlots(std::uint16_t slots);
  void setPaper(Square sq, int colour, int owner);
  void setPool(int colour, int count);

  void make(const Move& m);
  void unmake();
  // The search's null move: the turn passes without an action (en passant lapses). Not part of the
  // history: repetition and takebacks never see it.
  void makeNull();
  void unmakeNull();
  const Move& lastMove() const { return history_.back().move; }
  // Turns played by each side so far, counted from the move number (Shifting Sands' opening drops).
  bool inOpeningDrops() const { return fullmove_ <= variant_->openingDrops; }

  // How often the current position stood before with the same side to move, since the last
  // irreversible move.
  int repetitions() const;

  friend bool samePosition(const Position& a, const Position& b);

 private:
  struct Undo {
    Move move;
    int side = 0;  // who acted
    PieceCode moved = kEmpty;
    PieceCode captured = kEmpty;
    Square capturedSquare = kNoSquare;
    std::uint8_t castling = 0;
    Square enPassant = kNoSquare, enPassantVictim = kNoSquare;
    int halfmove = 0, fullmove = 0, reversible = 0;
    std::uint64_t key = 0;
    bool movedWasUnmoved = false, capturedWasUnmoved = false;
    std::int8_t heldAddedType = -1, heldAddedSide = -1, heldUsedType = -1;
    std::uint8_t tileChanges = 0;  // squares whose tile facts the action changed (at most two)
    Square tileSquare[2] = {kNoSquare, kNoSquare};
    TileFacts tileBefore[2];
    std::uint16_t slotsBefore = 0xFFFF;
    std::uint8_t paperChanges = 0;  // squares whose paper colour the action changed (at most two)
    Square paperSquare[2] = {kNoSquare, kNoSquare};
    std::int8_t paperBefore[2] = {-1, -1}, paperOwnerBefore[2] = {-1, -1};
    std::int8_t poolColour = -1;  // the pool colour a drop took from
    PieceCode carried[4] = {kEmpty, kEmpty, kEmpty, kEmpty};
    std::uint8_t removedCount = 0;  // an eliminated side's pieces
    Square removedSquare[16];
    PieceCode removedPiece[16];
    std::uint16_t removedUnmoved = 0;  // a shifted sector's pieces before
    std::uint8_t carriedUnmoved = 0;
  };
  bool undoable(const Undo& u) const;  // whether a later action could bring back the position before u

  void place(Square sq, PieceCode piece);
  PieceCode lift(Square sq);
  void changeHeld(int side, int type, int delta);
  bool enPassantCapturable(Square passed, int bySide) const;
  void changeTile(Undo& u, Square sq, const TileFacts& facts);
  void arrive(Undo& u, Square sq, int side, bool royal);
  void shiftSector(Undo& u, const Move& m);
  void changePaper(Undo& u, Square sq, int colour, int owner);
  int paperArrivalType(int type, Square to) const;

  const Variant* variant_;
  const MoveTables* tables_;
  std::array<PieceCode, 256> board_{};
  std::array<SquareSet, kMaxSides> occupied_{};
  std::array<Square, kMaxSides> royal_{};
  int side_ = 0;
  std::uint8_t castling_ = 0;
  Square enPassant_ = kNoSquare, enPassantVictim_ = kNoSquare;
  int halfmove_ = 0, fullmove_ = 1;
  // Plies since the last action no later action can undo (a capture, a Pawn's step forward): how
  // far back an earlier occurrence of this position can lie. Not the fifty-move clock, because a
  // Pawn's sideways step (four players) resets that clock yet can be stepped back.
  int reversible_ = 0;
  std::array<std::array<std::uint8_t, kMaxPieceTypes>, kMaxSides> holdings_{};
  SquareSet unmoved_;
  std::uint64_t key_ = 0;
  std::array<TileFacts, 256> tiles_{};
  SquareSet walls_, voids_;
  std::uint16_t slots_ = 0xFFFF;
  std::array<std::int8_t, 256> paper_ = filledWithNone();
  std::array<std::int8_t, 256> paperOwner_ = filledWithNone();
  std::array<std::uint8_t, 8> pool_{};
  static std::array<std::int8_t, 256> filledWithNone() {
    std::array<std::int8_t, 256> a;
    a.fill(-1);
    return a;
  }
  std::vector<Undo> history_;
  struct NullUndo {
    Square enPassant, enPassantVictim;
    std::uint64_t key;
    int side;
  };
  std::vector<NullUndo> nulls_;
};

// Same pieces, rights, counters and key; history is not compared.
bool samePosition(const Position& a, const Position& b);

int nextSide(const Position& pos, int side);

}  // namespace tessera
