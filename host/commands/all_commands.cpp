#include "commands.hpp"

namespace tessera::commands {

std::vector<cli::Command> allCommands() {
  return {demoCommand(), perftCommand(), benchCommand(), variantsCommand(), pgnCommand(), analyzeCommand(), matchCommand(), tuneCommand(), uciCommand(), xboardCommand(), printCommand(), calibrateCommand(), camerasCommand(), replayCommand(), playCommand(), hubCommand()};
}

}  // namespace tessera::commands
