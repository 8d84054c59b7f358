#include "core/text/ini_section.hpp"

#include "core/text/ini_lines.hpp"
#include "core/text/visible_text.hpp"

namespace tessera {
namespace {

std::string lineLabel(int line) { return "line " + std::to_string(line); }

}  // namespace

IniError::IniError(const std::string& what) : std::runtime_error(visibleText(what)) {}

const IniEntry* IniSection::find(std::string_view key) const {
  for (const IniEntry& e : entries)
    if (e.key == key) return &e;
  return nullptr;
}

IniSection readIniSection(std::string_view text, std::string_view name) {
  IniSection section;
  section.name = std::string(name);
  bool found = false;
  bool inside = false;
  for (const IniLine& line : iniLines(text, "#;")) {
    const std::string at = lineLabel(line.number);
    switch (line.kind) {
      case IniLine::Kind::OpenHeader: throw IniError(at + ": section header '" + line.text + "' lacks its closing ']'");
      case IniLine::Kind::NoEquals: throw IniError(at + ": expected 'key = value', found '" + line.text + "'");
      case IniLine::Kind::Section:
        inside = line.name == name;
        found = found || inside;
        continue;
      case IniLine::Kind::Entry: break;
    }
    if (line.name.empty()) throw IniError(at + ": the key before '=' is empty");
    if (!inside) continue;
    // A comment after a value would be read as part of it (a wrong value, or a file that is not
    // there): refused with the reason instead.
    const std::string& value = line.value;
    for (std::size_t c = value.find_first_of("#;"); c != std::string::npos; c = value.find_first_of("#;", c + 1))
      if (c == 0 || value[c - 1] == ' ' || value[c - 1] == '\t')
        throw IniError(at + ": '" + value.substr(c) + "' after the value: a comment goes on a line of its own, starting with # or ;");
    if (const IniEntry* earlier = section.find(line.name))
      throw IniError(at + ": key '" + line.name + "' is already set on " + lineLabel(earlier->line));
    section.entries.push_back({line.name, line.value, line.number});
  }
  if (!found) throw IniError("no [" + std::string(name) + "] section in the configuration");
  return section;
}

}  // namespace tessera
