#pragma once
// What the GPIO part needs to know about the wiring and the timing, read from the [gpio] section
// of a configuration file. docs/hardware-status.md lists every key.
#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/text/ini_section.hpp"
#include "hardware/gpio/board_mapping.hpp"

namespace tessera::gpio {

inline constexpr int kMaxMatrixLines = 12;

// A GPIO line given by its offset on the chip or by its name.
struct LineRef {
  std::optional<unsigned> offset;
  std::string name;  // used when offset is empty

  std::string describe() const;  // "offset 5" or "line 'ROW0'"
  bool operator==(const LineRef&) const = default;
};

// Which electrical level means "row driven" and "switch closed".
enum class ActiveLevel { Low, High };

struct ButtonLine {
  std::string name;  // confirm, takeback, hint, menu
  LineRef line;
};

struct BoardSize {
  int files = 0;
  int ranks = 0;
  bool operator==(const BoardSize&) const = default;
};

struct GpioConfig {
  std::string chip;  // gpiochip0, /dev/gpiochip0, a chip label or a number
  std::vector<LineRef> rows;
  std::vector<LineRef> columns;
  std::optional<BoardSize> size;  // `size = 8x8`: checked against the rows, columns and row_axis
  ActiveLevel active = ActiveLevel::Low;
  std::chrono::microseconds settle{50};
  int debounceScans = 3;
  std::chrono::milliseconds scanInterval{10};
  BoardMapping mapping;
  bool diodes = true;  // each switch has a diode, so no ghost crossings can appear
  std::vector<ButtonLine> buttons;
  std::chrono::milliseconds buttonDebounce{30};
};

// The button names a configuration may wire, as `button_<name> = <line>`.
const std::vector<std::string>& buttonNames();

// Reads the [gpio] section of `text`. Throws GpioConfigError naming the key and its line.
GpioConfig readGpioConfig(std::string_view text);
GpioConfig gpioConfigFromSection(const IniSection& section);
// Reads the [gpio] section of the file at `path`; errors start with the path.
GpioConfig readGpioConfigFile(const std::filesystem::path& path);

}  // namespace tessera::gpio
