#pragma once
// The configuration file of `tessera play` (--config FILE): its [tessera] section holds the same
// settings as the command line, one `name = value` per line (flags: yes or no), e.g.
//   [tessera]
//   variant = desert-dust
//   input = camera:/dev/video0
//   mode = engine
// They are turned into arguments placed before the command line's, so an option given on the
// command line wins, and every value is checked exactly as on the command line. Other sections
// ([gpio]: the pins) belong to their drivers. The lines are read by core/text/ini_section.hpp, as
// the [gpio] section is.
#include <map>
#include <string>
#include <vector>

#include "host/cli/options.hpp"

namespace tessera::cli {

struct ConfigArguments {
  std::vector<std::string> args;              // the file's settings the command line does not give
  std::map<std::string, std::string> places;  // option name: "FILE line N: key: "

  // Where the file set option `name`, to begin a message about its value with, or "" when the
  // value is not the file's.
  std::string placeOf(const std::string& name) const;
};

// Throws UsageError naming the file and line for an unknown setting, a flag that is not
// yes/no, a setting with no value, or a file that cannot be read.
ConfigArguments configArguments(const std::string& path, const std::vector<OptionSpec>& specs,
                                const std::vector<std::string>& commandLine);

}  // namespace tessera::cli
