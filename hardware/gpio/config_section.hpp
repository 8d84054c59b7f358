#pragma once
// A small reader for `key = value` configuration text split in `[section]`s. It only finds the
// entries of one section and remembers their line numbers; what the keys mean is up to the
// caller. `#` and `;` start a comment line; blank lines are ignored. A comment after a value (a
// `#` or `;` at its start or after a space) is refused: comments go on a line of their own.
#include <string>
#include <string_view>
#include <vector>

namespace tessera::gpio {

struct ConfigEntry {
  std::string key;
  std::string value;
  int line = 0;  // 1-based line number in the text
};

struct ConfigSection {
  std::string name;
  std::vector<ConfigEntry> entries;

  // The entry with this key, or nullptr.
  const ConfigEntry* find(std::string_view key) const;
};

// Reads section `name` from `text`. Throws GpioConfigError naming the line for a malformed line
// (inside any section), a comment after a value in the section, a key given twice in it, or a
// section that is not there.
ConfigSection readConfigSection(std::string_view text, std::string_view name);

}  // namespace tessera::gpio
