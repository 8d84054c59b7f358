#pragma once
// The lines of an INI-style text, numbered: `[section]` headers and `key = value` entries, with
// blank lines and comment lines left out. Both the variant files (core/rules/variant.cpp) and the
// configuration file (ini_section.hpp) are read with it; what a section or a key means, and how a
// wrong line is worded, is theirs to say.
#include <string>
#include <string_view>
#include <vector>

namespace tessera {

struct IniLine {
  enum class Kind {
    Section,     // "[name]": `name` is what the brackets hold, trimmed
    Entry,       // "key = value": `name` is the key and `value` the value, both trimmed, either may be empty
    OpenHeader,  // starts with '[' but does not end with ']'
    NoEquals,    // neither a header nor an entry: no '=' in it
  };
  Kind kind = Kind::Entry;
  int number = 0;    // 1-based
  std::string text;  // the whole line, trimmed
  std::string name;
  std::string value;
};

// The text's lines but blank ones and those whose first character (after blanks) is one of
// `commentMarks` ("#" for the variant files, "#;" for the configuration). A comment after a value
// stays in the value.
std::vector<IniLine> iniLines(std::string_view text, std::string_view commentMarks);

}  // namespace tessera
