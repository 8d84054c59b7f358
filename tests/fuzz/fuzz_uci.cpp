// The UCI session: any lines are answered and the session goes on. Every `go` is made `go depth
// 2`: what is fuzzed is the commands, not how long a search may run.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "core/protocol/uci.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream lines(std::string(reinterpret_cast<const char*>(data), size));
  std::string commands;
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::string first;
    words >> first;
    commands += (first == "go" ? std::string("go depth 2") : line) + "\n";
  }
  std::istringstream in(commands);
  std::ostringstream out;
  tessera::runUci(in, out);
  return 0;
}
