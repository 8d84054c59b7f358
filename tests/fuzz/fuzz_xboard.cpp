// The XBoard session: any lines are answered and the session goes on. The engine is held to depth
// 1 and the smallest table (`sd` and `memory` rewritten, `sd 1` after every `new`): what is fuzzed
// is the commands, not how long a search may run.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "core/protocol/xboard.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream lines(std::string(reinterpret_cast<const char*>(data), size));
  std::string commands = "sd 1\n";
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::string first;
    words >> first;
    if (first == "sd") commands += "sd 1\n";
    else if (first == "memory") commands += "memory 1\n";
    else if (first == "new") commands += "new\nsd 1\n";
    else commands += line + "\n";
  }
  std::istringstream in(commands);
  std::ostringstream out;
  tessera::runXboard(in, out);
  return 0;
}
