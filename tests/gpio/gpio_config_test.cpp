// The [gpio] section: pin map, size, active level, timing, buttons; and every way it can be
// wrong, each with a message that names the key and its line.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "hardware/gpio/gpio_config.hpp"
#include "hardware/gpio/gpio_error.hpp"
#include "tests/support/message_of.hpp"

namespace {

using namespace tessera::gpio;
using namespace std::chrono_literals;

constexpr const char* kFullConfig = R"(# a Raspberry Pi with an 8x8 reed matrix
[display]
width = 800

[gpio]
chip = gpiochip0
rows = 4, 17, 27, 22, 5, 6, 13, 19
columns = COL0,COL1,COL2,COL3,COL4,COL5,COL6,COL7
size = 8x8
active = low
settle_us = 30
debounce_scans = 4
scan_interval_ms = 5
row_axis = rank
reverse_rows = yes
diodes = no
button_confirm = 23
button_takeback = BTN_BACK
button_debounce_ms = 25
)";

std::string withGpio(const std::string& extra) {
  return "[gpio]\nchip = gpiochip0\nrows = 1,2\ncolumns = 3,4,5\n" + extra;
}

TEST(GpioConfig, ReadsEveryKey) {
  const GpioConfig c = readGpioConfig(kFullConfig);
  EXPECT_EQ(c.chip, "gpiochip0");
  ASSERT_EQ(c.rows.size(), 8u);
  EXPECT_EQ(c.rows[1], (LineRef{17u, {}}));
  ASSERT_EQ(c.columns.size(), 8u);
  EXPECT_EQ(c.columns[7], (LineRef{std::nullopt, "COL7"}));
  EXPECT_EQ(c.size, (BoardSize{8, 8}));
  EXPECT_EQ(c.active, ActiveLevel::Low);
  EXPECT_EQ(c.settle, 30us);
  EXPECT_EQ(c.debounceScans, 4);
  EXPECT_EQ(c.scanInterval, 5ms);
  EXPECT_EQ(c.mapping.rowAxis, RowAxis::Ranks);
  EXPECT_TRUE(c.mapping.reverseRows);
  EXPECT_FALSE(c.mapping.reverseColumns);
  EXPECT_FALSE(c.diodes);
  ASSERT_EQ(c.buttons.size(), 2u);
  EXPECT_EQ(c.buttons[0].name, "confirm");
  EXPECT_EQ(c.buttons[1].line, (LineRef{std::nullopt, "BTN_BACK"}));
  EXPECT_EQ(c.buttonDebounce, 25ms);
}

TEST(GpioConfig, DefaultsAreActiveLowWithDiodes) {
  const GpioConfig c = readGpioConfig(withGpio(""));
  EXPECT_EQ(c.active, ActiveLevel::Low);
  EXPECT_TRUE(c.diodes);
  EXPECT_EQ(c.debounceScans, 3);
  EXPECT_FALSE(c.size.has_value());
  EXPECT_TRUE(c.buttons.empty());
}

TEST(GpioConfig, ErrorsNameTheKeyTheLineAndWhatWasExpected) {
  EXPECT_EQ(messageOf<GpioConfigError>([] { readGpioConfig(withGpio("active = sideways\n")); }),
            "[gpio] line 5, key 'active': expected low or high (value 'sideways')");
  EXPECT_EQ(messageOf<GpioConfigError>([] { readGpioConfig(withGpio("debounce_scans = 0\n")); }),
            "[gpio] line 5, key 'debounce_scans': must be from 1 to 100 (value '0')");
  EXPECT_EQ(messageOf<GpioConfigError>([] { readGpioConfig(withGpio("button_undo = 7\n")); }),
            "[gpio] line 5, key 'button_undo': unknown button; the buttons are confirm, takeback, hint and menu "
            "(value '7')");
  EXPECT_EQ(messageOf<GpioConfigError>([] { readGpioConfig(withGpio("button_hint = 4\n")); }),
            "[gpio] line 5, key 'button_hint': offset 4 is already used by 'columns' (value '4')");
  EXPECT_EQ(messageOf<GpioConfigError>([] { readGpioConfig(withGpio("colums = 1\n")); }),
            "[gpio] line 5, key 'colums': unknown key (value '1')");
  EXPECT_EQ(messageOf<GpioConfigError>([] { readGpioConfig("[gpio]\nchip = gpiochip0\nrows = 1\n"); }),
            "[gpio]: required key 'columns' is missing");
  EXPECT_EQ(messageOf<GpioConfigError>([] { readGpioConfig("[camera]\nx = 1\n"); }),
            "no [gpio] section in the configuration");
  EXPECT_EQ(messageOf<GpioConfigError>([] { readGpioConfig(withGpio("rows = 6\n")); }),
            "line 5: key 'rows' is already set on line 3");
  EXPECT_EQ(messageOf<GpioConfigError>(
                [] { readGpioConfig("[gpio]\nchip = c\nrows = 0,1,2,3,4,5,6,7,8,9,10,11,12\ncolumns = 20\n"); }),
            "[gpio] line 3, key 'rows': at most 12 lines, found 13 (value '0,1,2,3,4,5,6,7,8,9,10,11,12')");
  EXPECT_EQ(messageOf<GpioConfigError>([] { readGpioConfig(withGpio("rows2 = PIN 3\n")); }),
            "[gpio] line 5, key 'rows2': unknown key (value 'PIN 3')");
  // A comment goes on a line of its own: after a value it would be read as part of it.
  EXPECT_EQ(messageOf<GpioConfigError>([] { readGpioConfig(withGpio("debounce_scans = 4  # the reeds bounce\n")); }),
            "line 5: '# the reeds bounce' after the value: a comment goes on a line of its own, starting with # or ;");
  EXPECT_EQ(readGpioConfig(withGpio("# the reeds bounce\ndebounce_scans = 4\n")).debounceScans, 4);
  // A byte that is no text (a file saved in another encoding, or spoilt) is named, not printed.
  EXPECT_EQ(messageOf<GpioConfigError>([] { readGpioConfig(withGpio("active = l\xf6w\n")); }),
            "[gpio] line 5, key 'active': expected low or high (value 'l\\xF6w')");
}

TEST(GpioConfig, TheSizeMustBeTheBoardTheLinesMake) {
  // 2 rows along the ranks and 3 columns make a board of 3 files and 2 ranks.
  EXPECT_EQ(readGpioConfig(withGpio("size = 3x2\n")).size, (BoardSize{3, 2}));
  EXPECT_EQ(readGpioConfig(withGpio("size = 2x3\nrow_axis = file\n")).size, (BoardSize{2, 3}));
  EXPECT_EQ(messageOf<GpioConfigError>([] { readGpioConfig(withGpio("size = 2x3\n")); }),
            "[gpio] line 5, key 'size': 2 rows and 3 columns with row_axis = rank make a 3x2 board (value '2x3')");
  EXPECT_EQ(messageOf<GpioConfigError>([] { readGpioConfig(withGpio("size = eight\n")); }),
            "[gpio] line 5, key 'size': expected FILESxRANKS, e.g. 8x8 (value 'eight')");
  EXPECT_EQ(messageOf<GpioConfigError>([] { readGpioConfig(withGpio("size = 13x2\n")); }),
            "[gpio] line 5, key 'size': files and ranks must be from 1 to 12 (value '13x2')");
}

TEST(GpioConfig, ReadsAFileAndPutsItsPathInFrontOfErrors) {
  const auto path = std::filesystem::temp_directory_path() / ("tessera-gpio-config-test-" + std::to_string(::getpid()) + ".ini");
  {
    std::ofstream(path) << kFullConfig;
  }
  EXPECT_EQ(readGpioConfigFile(path).rows.size(), 8u);
  {
    std::ofstream(path) << withGpio("settle_us = soon\n");
  }
  EXPECT_EQ(messageOf<GpioConfigError>([&] { readGpioConfigFile(path); }),
            path.string() + ": [gpio] line 5, key 'settle_us': expected a whole number from 0 to 100000 (value 'soon')");
  std::filesystem::remove(path);
  EXPECT_EQ(messageOf<GpioConfigError>([&] { readGpioConfigFile(path); }),
            path.string() + ": cannot open the configuration file");
}

}  // namespace
