// The game journal read back after a power cut: whatever the file holds, the game is rebuilt or a
// JournalError says why, never a crash. With the first byte odd the rest is taken as lines each
// given its true checksum (as the program writes them), so that the fuzzer reaches the entries
// themselves; even, the bytes are the file as they are.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "core/record/pgn.hpp"
#include "host/record/game_journal.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace tessera;
  if (size == 0) return 0;
  const std::string rest(reinterpret_cast<const char*>(data + 1), size - 1);
  std::string file;
  if (data[0] % 2) {
    std::istringstream lines(rest);
    for (std::string payload; std::getline(lines, payload);) file += journalLine(payload);
  } else {
    file = rest;
  }
  static const std::string path = "/tmp/tessera-fuzz-journal-" + std::to_string(::getpid());
  std::ofstream(path, std::ios::binary | std::ios::trunc) << file;
  try {
    RecoveredGame back = GameJournal::recover(path);
    // What was rebuilt is a game the program can go on with: it is written as a record.
    (void)writePgn(*back.game);
  } catch (const JournalError&) {
  }
  return 0;
}
