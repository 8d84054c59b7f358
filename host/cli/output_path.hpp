#pragma once
// Output files named on the command line: checked before the work that fills them, written whole.
#include <string>

namespace tessera::cli {

// Writes `text` to `path` whole or not at all (host/files/atomic_file.hpp), so that a failure
// leaves the file that was there as it was. Throws UsageError, naming the file, when it cannot.
void writeWholeFile(const std::string& path, const std::string& text);

// The extension of `path` with its dot, in lower case ("" if it has none): board.PNG is a .png file.
std::string lowerCaseExtension(const std::string& path);

// Throws UsageError, naming `option`, unless a file can be written at `path`: its folder exists and
// takes a new file, and the path is no folder. Checked first, so that a game is not played (or a
// recording read) only to find at the end that its record cannot be kept.
void checkWritable(const std::string& path, const std::string& option);

// Throws UsageError, naming both options, when `path` and `otherPath` are one file, however each
// is written (`a/x`, `a/../a/x`, a link to it): what one option writes would destroy the other's.
void checkNotTheSameFile(const std::string& path, const std::string& option, const std::string& otherPath,
                         const std::string& otherOption);

}  // namespace tessera::cli
