#pragma once
// Random keys for every fact a position holds, so that its hash can be updated move by move.
#include <cstdint>

namespace tessera {

// The most of one paper colour the shared pool can hold (position strings and variant files are
// checked against it).
constexpr int kMaxPoolCount = 15;

struct ZobristKeys {
  std::uint64_t piece[128][256];
  std::uint64_t sideToMove[4];
  std::uint64_t castling[256];
  std::uint64_t enPassant[256];
  std::uint64_t holdings[4][32][16];  // [side][type][count], count capped at 15
  std::uint64_t unmoved[256];
  std::uint64_t tileState[256][3];   // [square][TileState]; a plain Tile is 0
  std::uint64_t tileFact[3][256][3];  // [dropper, lastStood, kingMade][square][side + 1]; none is 0
  std::uint64_t paperColour[256][8][2];  // [square][colour][owner]
  std::uint64_t pool[8][kMaxPoolCount + 1];  // [colour][count]
};

// Built before main (no dependency on other statics), read through a plain reference in hot code.
extern const ZobristKeys& kZobrist;
inline const ZobristKeys& zobrist() { return kZobrist; }

}  // namespace tessera
