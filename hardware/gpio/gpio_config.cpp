#include "hardware/gpio/gpio_config.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fstream>
#include <set>
#include <sstream>

#include "hardware/gpio/gpio_error.hpp"

namespace tessera::gpio {
namespace {

[[noreturn]] void fail(const IniEntry& e, const std::string& what) {
  throw GpioConfigError("[gpio] line " + std::to_string(e.line) + ", key '" + e.key + "': " +
                        what + " (value '" + e.value + "')");
}

std::string_view trimmed(std::string_view s) {
  const auto first = s.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

long readInteger(const IniEntry& e, long low, long high) {
  long value = 0;
  const char* begin = e.value.data();
  const char* end = begin + e.value.size();
  const auto [stop, error] = std::from_chars(begin, end, value);
  if (error != std::errc() || stop != end || e.value.empty())
    fail(e, "expected a whole number from " + std::to_string(low) + " to " + std::to_string(high));
  if (value < low || value > high)
    fail(e, "must be from " + std::to_string(low) + " to " + std::to_string(high));
  return value;
}

bool readYesNo(const IniEntry& e) {
  if (e.value == "yes" || e.value == "true" || e.value == "1") return true;
  if (e.value == "no" || e.value == "false" || e.value == "0") return false;
  fail(e, "expected yes or no");
}

bool isLineNameCharacter(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
}

LineRef readLine(const IniEntry& e, std::string_view item) {
  if (item.empty()) fail(e, "a line in the list is empty");
  if (std::all_of(item.begin(), item.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    unsigned offset = 0;
    const auto [stop, error] = std::from_chars(item.data(), item.data() + item.size(), offset);
    if (error != std::errc() || stop != item.data() + item.size() || offset > 1023)
      fail(e, "line offset '" + std::string(item) + "' is out of range");
    return LineRef{offset, {}};
  }
  if (!std::all_of(item.begin(), item.end(), isLineNameCharacter))
    fail(e, "'" + std::string(item) +
                "' is neither a line offset nor a line name (letters, digits, _ - .)");
  return LineRef{std::nullopt, std::string(item)};
}

std::vector<LineRef> readLineList(const IniEntry& e) {
  std::vector<LineRef> lines;
  std::string_view rest = e.value;
  while (true) {
    const auto comma = rest.find(',');
    lines.push_back(readLine(e, trimmed(rest.substr(0, comma))));
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  if (static_cast<int>(lines.size()) > kMaxMatrixLines)
    fail(e, "at most " + std::to_string(kMaxMatrixLines) + " lines, found " +
                std::to_string(lines.size()));
  return lines;
}

// Each physical line may serve one purpose only.
void checkNoLineTwice(const GpioConfig& config, const IniSection& section) {
  std::vector<std::pair<LineRef, std::string>> used;
  auto add = [&](const LineRef& line, const std::string& key) {
    for (const auto& [other, otherKey] : used)
      if (other == line) {
        const IniEntry* e = section.find(key);
        fail(*e, line.describe() + " is already used by '" + otherKey + "'");
      }
    used.emplace_back(line, key);
  };
  for (const LineRef& l : config.rows) add(l, "rows");
  for (const LineRef& l : config.columns) add(l, "columns");
  for (const ButtonLine& b : config.buttons) add(b.line, "button_" + b.name);
}

BoardSize readBoardSize(const IniEntry& e) {
  const auto x = e.value.find('x');
  if (x == std::string::npos) fail(e, "expected FILESxRANKS, e.g. 8x8");
  BoardSize size;
  const std::string_view value = e.value;
  for (auto [part, target] : {std::pair{value.substr(0, x), &size.files}, std::pair{value.substr(x + 1), &size.ranks}}) {
    const auto [stop, error] = std::from_chars(part.data(), part.data() + part.size(), *target);
    if (part.empty() || error != std::errc() || stop != part.data() + part.size())
      fail(e, "expected FILESxRANKS, e.g. 8x8");
    if (*target < 1 || *target > kMaxMatrixLines)
      fail(e, "files and ranks must be from 1 to " + std::to_string(kMaxMatrixLines));
  }
  return size;
}

// The board the rows and columns make must be the board `size` announces.
void checkSize(const GpioConfig& config, const IniSection& section) {
  if (!config.size) return;
  const MatrixToBoard board(static_cast<int>(config.rows.size()), static_cast<int>(config.columns.size()),
                            config.mapping);
  if (board.files() != config.size->files || board.ranks() != config.size->ranks)
    fail(*section.find("size"), std::to_string(config.rows.size()) + " rows and " +
                                    std::to_string(config.columns.size()) + " columns with row_axis = " +
                                    (config.mapping.rowAxis == RowAxis::Ranks ? "rank" : "file") + " make a " +
                                    std::to_string(board.files()) + "x" + std::to_string(board.ranks()) + " board");
}

const IniEntry& required(const IniSection& section, std::string_view key) {
  const IniEntry* e = section.find(key);
  if (!e) throw GpioConfigError("[gpio]: required key '" + std::string(key) + "' is missing");
  return *e;
}

}  // namespace

std::string LineRef::describe() const {
  if (offset) return "offset " + std::to_string(*offset);
  return "line '" + name + "'";
}

const std::vector<std::string>& buttonNames() {
  static const std::vector<std::string> names{"confirm", "takeback", "hint", "menu"};
  return names;
}

GpioConfig gpioConfigFromSection(const IniSection& section) {
  GpioConfig config;
  const IniEntry& chip = required(section, "chip");
  if (chip.value.empty()) fail(chip, "the chip name is empty");
  config.chip = chip.value;
  config.rows = readLineList(required(section, "rows"));
  config.columns = readLineList(required(section, "columns"));

  for (const IniEntry& e : section.entries) {
    if (e.key == "chip" || e.key == "rows" || e.key == "columns") {
      continue;
    } else if (e.key == "size") {
      config.size = readBoardSize(e);
    } else if (e.key == "active") {
      if (e.value == "low") config.active = ActiveLevel::Low;
      else if (e.value == "high") config.active = ActiveLevel::High;
      else fail(e, "expected low or high");
    } else if (e.key == "settle_us") {
      config.settle = std::chrono::microseconds(readInteger(e, 0, 100'000));
    } else if (e.key == "debounce_scans") {
      config.debounceScans = static_cast<int>(readInteger(e, 1, 100));
    } else if (e.key == "scan_interval_ms") {
      config.scanInterval = std::chrono::milliseconds(readInteger(e, 0, 10'000));
    } else if (e.key == "row_axis") {
      if (e.value == "rank") config.mapping.rowAxis = RowAxis::Ranks;
      else if (e.value == "file") config.mapping.rowAxis = RowAxis::Files;
      else fail(e, "expected rank or file");
    } else if (e.key == "reverse_rows") {
      config.mapping.reverseRows = readYesNo(e);
    } else if (e.key == "reverse_columns") {
      config.mapping.reverseColumns = readYesNo(e);
    } else if (e.key == "diodes") {
      config.diodes = readYesNo(e);
    } else if (e.key == "button_debounce_ms") {
      config.buttonDebounce = std::chrono::milliseconds(readInteger(e, 0, 10'000));
    } else if (e.key.starts_with("button_")) {
      const std::string name = e.key.substr(7);
      const auto& names = buttonNames();
      if (std::find(names.begin(), names.end(), name) == names.end())
        fail(e, "unknown button; the buttons are confirm, takeback, hint and menu");
      if (e.value.find(',') != std::string::npos) fail(e, "a button has one line");
      config.buttons.push_back({name, readLine(e, e.value)});
    } else {
      fail(e, "unknown key");
    }
  }
  checkNoLineTwice(config, section);
  checkSize(config, section);
  return config;
}

GpioConfig readGpioConfig(std::string_view text) {
  IniSection section;
  try {
    section = readIniSection(text, "gpio");
  } catch (const IniError& e) {
    throw GpioConfigError(e.what());
  }
  return gpioConfigFromSection(section);
}

GpioConfig readGpioConfigFile(const std::filesystem::path& path) {
  std::ifstream file(path);
  if (!file) throw GpioConfigError(path.string() + ": cannot open the configuration file");
  std::ostringstream text;
  text << file.rdbuf();
  try {
    return readGpioConfig(text.str());
  } catch (const GpioConfigError& e) {
    throw GpioConfigError(path.string() + ": " + e.what());
  }
}

}  // namespace tessera::gpio
