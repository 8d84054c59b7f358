// Position strings: the first byte picks the variant, the rest is the string. A bad string must
// be refused with a PositionError, never crash; a good one must hold up (exercise_position.hpp).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "tests/fuzz/exercise_position.hpp"
#include "tests/fuzz/variants_to_fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace tessera;
  if (size == 0) return 0;
  const Variant& v = fuzz::variantOfByte(data[0]);
  try {
    Position pos = parsePosition(v, std::string_view(reinterpret_cast<const char*>(data + 1), size - 1));
    fuzz::exercisePosition(pos, 1);
  } catch (const PositionError&) {
  }
  return 0;
}
