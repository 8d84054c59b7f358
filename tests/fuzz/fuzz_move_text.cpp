// Action text, as sent after UCI's `position ... moves` or read from a record: the first
// byte picks the variant, then a position string and a newline (or none: the start), then words
// separated by spaces. A word that names a legal action is made; anything else must be refused
// with a MoveTextError.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "tests/fuzz/exercise_position.hpp"
#include "tests/fuzz/variants_to_fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace tessera;
  if (size == 0) return 0;
  const Variant& v = fuzz::variantOfByte(data[0]);
  std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  Position pos = startPosition(v);
  if (const std::size_t newline = rest.find('\n'); newline != std::string_view::npos) {
    try {
      pos = parsePosition(v, rest.substr(0, newline));
    } catch (const PositionError&) {
      return 0;
    }
    rest = rest.substr(newline + 1);
  }
  while (!rest.empty()) {
    const std::size_t space = rest.find(' ');
    const std::string_view word = rest.substr(0, space);
    rest = space == std::string_view::npos ? std::string_view{} : rest.substr(space + 1);
    if (word.empty()) continue;
    try {
      const Move m = parseMove(pos, word);
      if (!isLegal(pos, m)) std::abort();
      pos.make(m);
    } catch (const MoveTextError&) {
    }
  }
  fuzz::exercisePosition(pos, 1);
  return 0;
}
