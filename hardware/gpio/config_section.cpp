#include "hardware/gpio/config_section.hpp"

#include "hardware/gpio/gpio_error.hpp"

namespace tessera::gpio {
namespace {

std::string_view trimmed(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  const auto last = s.find_last_not_of(" \t\r");
  return s.substr(first, last - first + 1);
}

std::string lineLabel(int line) { return "line " + std::to_string(line); }

}  // namespace

const ConfigEntry* ConfigSection::find(std::string_view key) const {
  for (const ConfigEntry& e : entries)
    if (e.key == key) return &e;
  return nullptr;
}

ConfigSection readConfigSection(std::string_view text, std::string_view name) {
  ConfigSection section;
  section.name = std::string(name);
  bool found = false;
  bool inside = false;
  int lineNumber = 0;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    const auto end = text.find('\n', pos);
    const std::string_view raw =
        text.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos);
    pos = end == std::string_view::npos ? text.size() + 1 : end + 1;
    ++lineNumber;

    const std::string_view line = trimmed(raw);
    if (line.empty() || line.front() == '#' || line.front() == ';') continue;
    if (line.front() == '[') {
      if (line.back() != ']')
        throw GpioConfigError(lineLabel(lineNumber) + ": section header '" + std::string(line) +
                              "' lacks its closing ']'");
      const std::string_view header = trimmed(line.substr(1, line.size() - 2));
      inside = header == name;
      found = found || inside;
      continue;
    }
    const auto equals = line.find('=');
    if (equals == std::string_view::npos)
      throw GpioConfigError(lineLabel(lineNumber) + ": expected 'key = value', found '" +
                            std::string(line) + "'");
    const std::string_view key = trimmed(line.substr(0, equals));
    if (key.empty())
      throw GpioConfigError(lineLabel(lineNumber) + ": the key before '=' is empty");
    if (!inside) continue;
    const std::string_view value = trimmed(line.substr(equals + 1));
    // A comment after a value would be read as part of it (a wrong value, or a file that is not
    // there): refused with the reason instead.
    for (std::size_t at = value.find_first_of("#;"); at != std::string_view::npos; at = value.find_first_of("#;", at + 1))
      if (at == 0 || value[at - 1] == ' ' || value[at - 1] == '\t')
        throw GpioConfigError(lineLabel(lineNumber) + ": '" + std::string(value.substr(at)) +
                              "' after the value: a comment goes on a line of its own, starting with # or ;");
    if (const ConfigEntry* earlier = section.find(key))
      throw GpioConfigError(lineLabel(lineNumber) + ": key '" + std::string(key) +
                            "' is already set on " + lineLabel(earlier->line));
    section.entries.push_back(
        {std::string(key), std::string(value), lineNumber});
  }
  if (!found) throw GpioConfigError("no [" + std::string(name) + "] section in the configuration");
  return section;
}

}  // namespace tessera::gpio
