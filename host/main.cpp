// tessera: one program, many subcommands.
#include <iostream>

#include "commands/commands.hpp"
#include "core/rules/position_text.hpp"
#include "core/rules/variant.hpp"
#include "core/text/visible_text.hpp"
#include "host/cli/options.hpp"

namespace {

void printUsage(std::ostream& out, const std::vector<tessera::cli::Command>& commands) {
  out << "usage: tessera <command> [options]\n\nTessera referees chess variants on a physical board.\n\ncommands:\n";
  for (const auto& c : commands) out << "  " << c.name << std::string(12 - c.name.size(), ' ') << c.summary << "\n";
  out << "\n'tessera <command> --help' explains the options of each command.\n";
}

}  // namespace

int main(int argc, char** argv) {
  const auto commands = tessera::commands::allCommands();
  if (argc < 2) {
    printUsage(std::cerr, commands);
    return 2;
  }
  const std::string name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    printUsage(std::cout, commands);
    return 0;
  }
  for (const auto& c : commands) {
    if (c.name != name) continue;
    const tessera::cli::CommandArgs args(argv + 2, argv + argc);
    try {
      return c.run(args, std::cout, std::cerr);
    } catch (const tessera::cli::UsageError& e) {
      std::cerr << "tessera " << name << ": " << e.what() << "\n(see 'tessera " << name << " --help')\n";
      return 2;
    } catch (const std::exception& e) {
      std::cerr << "tessera " << name << ": error: " << tessera::visibleText(e.what()) << "\n";
      return 1;
    }
  }
  std::cerr << "tessera: unknown command '" << tessera::visibleText(name) << "'\n(see 'tessera --help')\n";
  return 2;
}
