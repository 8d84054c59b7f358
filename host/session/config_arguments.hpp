#pragma once
// The configuration file of `tessera play` (--config FILE): its [tessera] section holds the same
// settings as the command line, one `name = value` per line (flags: yes or no), e.g.
//   [tessera]
//   variant = desert-dust
//   input = camera:/dev/video0
//   mode = engine
// They are turned into arguments placed before the command line's, so an option given on the
// command line wins, and every value is checked exactly as on the command line. Other sections
// ([gpio]: the pins) belong to their drivers.
#include <string>
#include <vector>

#include "host/cli/options.hpp"

namespace tessera::session {

// Throws cli::UsageError naming the file and line for an unknown setting, a flag that is not
// yes/no, or a file that cannot be read.
std::vector<std::string> configArguments(const std::string& path, const std::vector<cli::OptionSpec>& specs,
                                         const std::vector<std::string>& commandLine);

}  // namespace tessera::session
