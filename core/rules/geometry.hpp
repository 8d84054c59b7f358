#pragma once
// Board geometry: squares, files, ranks and sets of squares on boards up to 16x16.
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tessera {

constexpr int kMaxFiles = 16;
constexpr int kMaxRanks = 16;
constexpr int kSquareSlots = kMaxFiles * kMaxRanks;

// A square is rank * 16 + file whatever the board size, so that file and rank are a mask and a
// shift away and arrays indexed by square never need resizing.
using Square = std::uint16_t;
constexpr Square kNoSquare = 0xFFFF;

constexpr int fileOf(int sq) { return sq & 15; }
constexpr int rankOf(int sq) { return sq >> 4; }
constexpr Square makeSquare(int file, int rank) { return static_cast<Square>(rank * 16 + file); }

struct BoardSize {
  int files = 8;
  int ranks = 8;
  constexpr bool contains(int file, int rank) const {
    return file >= 0 && file < files && rank >= 0 && rank < ranks;
  }
  constexpr int cellCount() const { return files * ranks; }
};

// "a1", "l12", "p16". Returns nullopt for anything else or a square off the given board.
std::optional<Square> parseSquare(std::string_view text, BoardSize size);
std::string squareName(Square sq);
char fileLetter(int file);

// A set of squares as 256 bits.
struct SquareSet {
  std::uint64_t words[4] = {0, 0, 0, 0};

  constexpr bool test(int sq) const { return (words[sq >> 6] >> (sq & 63)) & 1; }
  constexpr void set(int sq) { words[sq >> 6] |= std::uint64_t{1} << (sq & 63); }
  constexpr void reset(int sq) { words[sq >> 6] &= ~(std::uint64_t{1} << (sq & 63)); }
  constexpr bool any() const { return (words[0] | words[1] | words[2] | words[3]) != 0; }
  constexpr bool intersects(const SquareSet& o) const {
    return ((words[0] & o.words[0]) | (words[1] & o.words[1]) | (words[2] & o.words[2]) | (words[3] & o.words[3])) != 0;
  }
  constexpr SquareSet& operator|=(const SquareSet& o) {
    for (int w = 0; w < 4; ++w) words[w] |= o.words[w];
    return *this;
  }
  constexpr int count() const {
    return std::popcount(words[0]) + std::popcount(words[1]) + std::popcount(words[2]) +
           std::popcount(words[3]);
  }
  friend constexpr bool operator==(const SquareSet&, const SquareSet&) = default;

  // Calls f(square) for every member in ascending order.
  template <typename F>
  void forEach(F&& f) const {
    for (int w = 0; w < 4; ++w) {
      std::uint64_t bits = words[w];
      while (bits) {
        f(static_cast<Square>(w * 64 + std::countr_zero(bits)));
        bits &= bits - 1;
      }
    }
  }
};

}  // namespace tessera
