#pragma once
// Tiled Squares: what lies on each square of a board that is built during play, and who may
// take a tile away again.
#include <cstdint>

namespace tessera {

enum class TileState : std::uint8_t { Tile, Void, AntiTile };

struct TileFacts {
  TileState state = TileState::Tile;
  std::int8_t dropper = -1;    // the side that dropped it, while no opposing piece has stood on it since
  std::int8_t lastStood = -1;  // the side of the last piece that stood on it
  std::int8_t kingMade = -1;   // the side whose King created it
  friend bool operator==(const TileFacts&, const TileFacts&) = default;
};

// A player may remove an empty Tile they dropped that no opposing piece has stood on since, one
// last stood on by their own piece, or one their King created.
inline bool mayRemoveTile(const TileFacts& t, int side) {
  return t.state == TileState::Tile && (t.dropper == side || t.lastStood == side || t.kingMade == side);
}

// The facts that decide who may remove the tile, now and after any later arrivals: a dropper whose
// King also made it adds nothing, nor does a last stander who dropped or made it (an opposing piece
// arriving clears both alike). Tiles whose facts differ only so are the same for repetition
// (FIDE 9.2.3: the same possible actions) and share a key.
inline TileFacts removalRights(TileFacts t) {
  if (t.lastStood == t.kingMade || t.lastStood == t.dropper) t.lastStood = -1;
  if (t.dropper == t.kingMade) t.dropper = -1;
  return t;
}

// The facts after a piece of `side` arrives (a King on void or an Anti-Tile makes it a Tile).
inline TileFacts afterArrival(TileFacts t, int side, bool royal) {
  if (t.state != TileState::Tile && royal) {
    t.state = TileState::Tile;
    t.kingMade = static_cast<std::int8_t>(side);
  }
  t.lastStood = static_cast<std::int8_t>(side);
  if (t.dropper != side) t.dropper = -1;
  return t;
}

}  // namespace tessera
