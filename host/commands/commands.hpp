#pragma once
// The subcommands of `tessera`, each defined in its own file.
#include <vector>

#include "host/cli/command.hpp"

namespace tessera::commands {

cli::Command perftCommand();
cli::Command benchCommand();
cli::Command demoCommand();
cli::Command variantsCommand();
cli::Command pgnCommand();
cli::Command printCommand();
cli::Command replayCommand();
cli::Command calibrateCommand();
cli::Command camerasCommand();
cli::Command analyzeCommand();
cli::Command matchCommand();
cli::Command uciCommand();
cli::Command xboardCommand();
cli::Command tuneCommand();
cli::Command playCommand();
cli::Command hubCommand();

std::vector<cli::Command> allCommands();

}  // namespace tessera::commands
