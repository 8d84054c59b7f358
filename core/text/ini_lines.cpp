#include "core/text/ini_lines.hpp"

namespace tessera {
namespace {

std::string trimmed(std::string_view s) {
  constexpr std::string_view kBlanks = " \t\r\n\v\f";
  const auto first = s.find_first_not_of(kBlanks);
  if (first == std::string_view::npos) return {};
  return std::string(s.substr(first, s.find_last_not_of(kBlanks) - first + 1));
}

}  // namespace

std::vector<IniLine> iniLines(std::string_view text, std::string_view commentMarks) {
  std::vector<IniLine> lines;
  int number = 0;
  for (std::size_t pos = 0; pos <= text.size();) {
    const std::size_t end = std::min(text.find('\n', pos), text.size());
    IniLine line;
    line.number = ++number;
    line.text = trimmed(text.substr(pos, end - pos));
    pos = end + 1;
    if (line.text.empty() || commentMarks.find(line.text.front()) != std::string_view::npos) continue;
    if (line.text.front() == '[') {
      if (line.text.back() == ']') {
        line.kind = IniLine::Kind::Section;
        line.name = trimmed(std::string_view(line.text).substr(1, line.text.size() - 2));
      } else {
        line.kind = IniLine::Kind::OpenHeader;
      }
    } else if (const std::size_t equals = line.text.find('='); equals == std::string::npos) {
      line.kind = IniLine::Kind::NoEquals;
    } else {
      line.kind = IniLine::Kind::Entry;
      line.name = trimmed(std::string_view(line.text).substr(0, equals));
      line.value = trimmed(std::string_view(line.text).substr(equals + 1));
    }
    lines.push_back(std::move(line));
  }
  return lines;
}

}  // namespace tessera
