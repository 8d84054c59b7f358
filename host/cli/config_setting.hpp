#pragma once
// Writes one setting into the configuration file `tessera play --config FILE` reads (its [tessera]
// section, see config_arguments.hpp), as `tessera calibrate --config FILE` does with the lens it
// measured: the line of that key is replaced, or one is added to the section, or the section to the
// file; every other line, comments too, stays as it was. The file is replaced atomically.
#include <string>
#include <string_view>

namespace tessera::cli {

// `text` with `key = value` in its [tessera] section.
std::string withSetting(std::string_view text, const std::string& key, const std::string& value);

// The same on the file at `path` (created when missing). Throws UsageError when it cannot be read
// or written.
void writeSetting(const std::string& path, const std::string& key, const std::string& value);

}  // namespace tessera::cli
