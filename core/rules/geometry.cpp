#include "core/rules/geometry.hpp"

namespace tessera {

char fileLetter(int file) { return static_cast<char>('a' + file); }

std::optional<Square> parseSquare(std::string_view text, BoardSize size) {
  if (text.size() < 2 || text.size() > 3) return std::nullopt;
  const char f = text[0];
  if (f < 'a' || f > 'p') return std::nullopt;
  int rank = 0;
  for (std::size_t i = 1; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') return std::nullopt;
    rank = rank * 10 + (text[i] - '0');
  }
  if (text[1] == '0' || rank < 1) return std::nullopt;
  const int file = f - 'a';
  if (!size.contains(file, rank - 1)) return std::nullopt;
  return makeSquare(file, rank - 1);
}

std::string squareName(Square sq) {
  if (sq == kNoSquare) return "-";
  return std::string(1, fileLetter(fileOf(sq))) + std::to_string(rankOf(sq) + 1);
}

}  // namespace tessera
