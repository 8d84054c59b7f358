#pragma once
// A subcommand of `tessera`: its name, one line about it, and the function that runs it.
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace tessera::cli {

using CommandArgs = std::vector<std::string>;
using CommandFunction = std::function<int(const CommandArgs&, std::ostream& out, std::ostream& err)>;

struct Command {
  std::string name;
  std::string summary;
  CommandFunction run;
};

}  // namespace tessera::cli
