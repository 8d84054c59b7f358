#include "core/rules/zobrist.hpp"

namespace tessera {
namespace {

// splitmix64: a fixed seed makes keys identical across runs, so keys can be compared in tests.
std::uint64_t next(std::uint64_t& s) {
  std::uint64_t z = (s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

ZobristKeys makeKeys() {
  ZobristKeys k{};
  std::uint64_t s = 0x7E55E4A;
  for (auto& row : k.piece)
    for (auto& x : row) x = next(s);
  for (auto& x : k.sideToMove) x = next(s);
  for (auto& x : k.castling) x = next(s);
  for (auto& x : k.enPassant) x = next(s);
  for (auto& a : k.holdings)
    for (auto& b : a)
      for (auto& x : b) x = next(s);
  for (auto& x : k.unmoved) x = next(s);
  for (auto& sq : k.tileState)
    for (auto& x : sq) x = next(s);
  for (auto& fact : k.tileFact)
    for (auto& sq : fact)
      for (auto& x : sq) x = next(s);
  for (auto& sq : k.paperColour)
    for (auto& c : sq)
      for (auto& x : c) x = next(s);
  for (auto& c : k.pool)
    for (auto& x : c) x = next(s);
  for (auto& sq : k.tileState) sq[0] = 0;
  for (auto& fact : k.tileFact)
    for (auto& sq : fact) sq[0] = 0;
  k.sideToMove[0] = 0;
  k.castling[0] = 0;
  for (auto& a : k.holdings)
    for (auto& b : a) b[0] = 0;
  return k;
}

}  // namespace

namespace {
const ZobristKeys keys = makeKeys();
}
const ZobristKeys& kZobrist = keys;

}  // namespace tessera
