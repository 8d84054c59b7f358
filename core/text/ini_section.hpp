#pragma once
// One section of a configuration file: `key = value` lines under `[section]` headers, with their
// line numbers; what the keys mean is up to the caller (the program's [tessera] settings,
// host/cli/config_file; the GPIO pins' [gpio], hardware/gpio/gpio_config). `#` and `;` start a
// comment line; blank lines are left out. A comment after a value (a `#` or `;` at its start or
// after a blank) is refused: comments go on a line of their own.
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tessera {

struct IniEntry {
  std::string key;
  std::string value;
  int line = 0;  // 1-based line number in the text
};

struct IniSection {
  std::string name;
  std::vector<IniEntry> entries;

  // The entry with this key, or nullptr.
  const IniEntry* find(std::string_view key) const;
};

// A configuration text that cannot be read: "line 4: ...". Text quoted from the file is shown
// as visibleText (core/text/visible_text.hpp) writes it.
class IniError : public std::runtime_error {
 public:
  explicit IniError(const std::string& what);
};

// Reads section `name` from `text`. Throws IniError naming the line for a malformed line (inside
// any section), a comment after a value in the section, a key given twice in it, or a section
// that is not there.
IniSection readIniSection(std::string_view text, std::string_view name);

}  // namespace tessera
