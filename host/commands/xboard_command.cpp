#include <iostream>

#include "commands.hpp"
#include "core/protocol/xboard.hpp"
#include "host/cli/options.hpp"

namespace tessera::commands {

cli::Command xboardCommand() {
  return {"xboard", "speak the XBoard protocol (CECP) on standard input and output, for XBoard and WinBoard",
          [](const cli::CommandArgs& args, std::ostream& out, std::ostream&) {
            if (!args.empty()) {
              if (args.front() == "--help") {
                out << "tessera xboard\n\nReads XBoard (CECP version 2) commands from standard input until 'quit'.\n"
                       "The two-player variants are offered as XBoard variants (chess as \"normal\");\n"
                       "start it from XBoard with: xboard -fcp \"tessera xboard\"\n";
                return 0;
              }
              throw cli::UsageError("xboard takes no options");
            }
            runXboard(std::cin, out);
            return 0;
          }};
}

}  // namespace tessera::commands
