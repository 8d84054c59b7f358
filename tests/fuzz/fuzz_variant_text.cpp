// Variant files (`--variant-file`): any text either defines variants or is refused with a
// VariantError; each variant defined either has a start position that holds up
// (exercise_position.hpp) or one refused with a PositionError.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "tests/fuzz/exercise_position.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace tessera;
  std::vector<Variant> variants;
  try {
    variants = parseVariantText(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz");
  } catch (const VariantError&) {
    return 0;
  }
  for (const Variant& v : variants) {
    try {
      Position pos = startPosition(v);
      fuzz::exercisePosition(pos, 1);
    } catch (const PositionError&) {
    }
  }
  return 0;
}
