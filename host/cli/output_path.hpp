#pragma once
// Output files named on the command line, checked before the work that fills them.
#include <string>

namespace tessera::cli {

// Throws UsageError, naming `option`, unless a file can be written at `path`: its folder exists and
// takes a new file, and the path is no folder. Checked first, so that a game is not played (or a
// recording read) only to find at the end that its record cannot be kept.
void checkWritable(const std::string& path, const std::string& option);

}  // namespace tessera::cli
