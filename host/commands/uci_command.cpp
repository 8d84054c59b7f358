#include <iostream>

#include "commands.hpp"
#include "core/protocol/uci.hpp"
#include "host/cli/options.hpp"

namespace tessera::commands {

cli::Command uciCommand() {
  return {"uci", "speak the UCI protocol on standard input and output (UCI_Variant picks the variant)",
          [](const cli::CommandArgs& args, std::ostream& out, std::ostream&) {
            if (!args.empty()) {
              if (args.front() == "--help") {
                out << "tessera uci\n\nReads UCI commands from standard input until 'quit'.\n";
                return 0;
              }
              throw cli::UsageError("uci takes no options");
            }
            runUci(std::cin, out);
            return 0;
          }};
}

}  // namespace tessera::commands
