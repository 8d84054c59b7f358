// Game records: any text either reads as a game or is refused with a PgnError; a game read is
// written back, and that record reads back to the same record.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/record/pgn.hpp"
#include "core/rules/game.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace tessera;
  PgnGame game;
  try {
    game = readPgn(std::string_view(reinterpret_cast<const char*>(data), size));
  } catch (const PgnError&) {
    return 0;
  }
  const std::string written = writePgn(*game.game, game.tags);
  PgnGame again = readPgn(written);
  if (writePgn(*again.game, again.tags) != written) std::abort();
  return 0;
}
