#pragma once
// A piece on a square as one byte: 0 is empty, otherwise (side << 5) | (type + 1).
#include <cstdint>

namespace tessera {

using PieceCode = std::uint8_t;
constexpr PieceCode kEmpty = 0;

constexpr PieceCode makePiece(int side, int type) { return static_cast<PieceCode>((side << 5) | (type + 1)); }
constexpr int pieceType(PieceCode p) { return (p & 31) - 1; }
constexpr int pieceSide(PieceCode p) { return p >> 5; }

}  // namespace tessera
