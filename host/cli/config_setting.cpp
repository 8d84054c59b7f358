#include "host/cli/config_setting.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "core/text/ini_lines.hpp"
#include "host/cli/options.hpp"
#include "host/files/atomic_file.hpp"

namespace tessera::cli {

std::string withSetting(std::string_view text, const std::string& key, const std::string& value) {
  std::vector<std::string> lines;
  std::string line;
  std::istringstream in{std::string(text)};
  while (std::getline(in, line)) lines.push_back(line);
  const std::string setting = key + " = " + value;
  int sectionStart = 0;      // the header's line number, 1-based; 0: no [tessera] section
  int lastInSection = 0;     // the section's last entry's line (or its header's)
  int keyLine = 0;
  bool inSection = false;
  for (const IniLine& l : iniLines(text, "#;")) {
    if (l.kind == IniLine::Kind::Section) {
      inSection = l.name == "tessera" && sectionStart == 0;
      if (inSection) sectionStart = lastInSection = l.number;
      continue;
    }
    if (!inSection) continue;
    lastInSection = l.number;
    if (l.kind == IniLine::Kind::Entry && l.name == key) keyLine = l.number;
  }
  if (keyLine > 0) {
    lines[static_cast<std::size_t>(keyLine - 1)] = setting;
  } else if (sectionStart > 0) {
    lines.insert(lines.begin() + lastInSection, setting);
  } else {
    if (!lines.empty() && !lines.back().empty()) lines.emplace_back();
    lines.emplace_back("[tessera]");
    lines.push_back(setting);
  }
  std::string out;
  for (const std::string& l : lines) out += l + "\n";
  return out;
}

void writeSetting(const std::string& path, const std::string& key, const std::string& value) {
  std::string text;
  if (std::filesystem::exists(path)) {
    std::ifstream in(path);
    if (!in) throw UsageError("cannot read the configuration file '" + path + "'");
    std::stringstream whole;
    whole << in.rdbuf();
    text = whole.str();
  }
  try {
    files::writeFileAtomically(path, withSetting(text, key, value));
  } catch (const std::exception& e) {
    throw UsageError(std::string("cannot write the configuration file '") + path + "': " + e.what());
  }
}

}  // namespace tessera::cli
