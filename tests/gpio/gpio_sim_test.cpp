// The real libgpiod driver against a chip simulated by the kernel (gpio-sim): lines found by name
// and offset, wrong names and offsets refused at start, rows driven one at a time as open drain,
// columns read through their pull-ups, buttons as debounced edge events. Skipped, with the
// reason, where the kernel or the permissions do not allow making a gpio-sim chip.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <unistd.h>

#include <gpiod.hpp>

#include "hardware/gpio/gpio_devices.hpp"
#include "hardware/gpio/gpio_error.hpp"
#include "support/gpio_sim_chip.hpp"
#include "tests/support/message_of.hpp"

namespace {

using namespace tessera;
using namespace std::chrono_literals;
using tessera::testing::GpioSimChip;

// Lines 0-1: rows (named), 2-4: columns (by offset), 5: the confirm button (named), 6-7: unused.
constexpr unsigned kRow0 = 0, kRow1 = 1, kColumn0 = 2, kButton = 5;

class GpioSim : public ::testing::Test {
 protected:
  void SetUp() override {
    if (auto reason = GpioSimChip::unavailableReason()) GTEST_SKIP() << *reason;
    label_ = "tessera-sim-" + std::to_string(::getpid());
    chip_ = std::make_unique<GpioSimChip>(label_, 8, std::vector<std::string>{"ROW0", "ROW1", "", "", "", "BTN_OK"});
  }

  std::string configText(const std::string& rows = "ROW0, ROW1", const std::string& columns = "2, 3, 4") const {
    return "[gpio]\nchip = " + label_ + "\nrows = " + rows + "\ncolumns = " + columns +
           "\nsettle_us = 100\ndebounce_scans = 2\nbutton_confirm = BTN_OK\nbutton_debounce_ms = 20\n";
  }

  std::string label_;
  std::unique_ptr<GpioSimChip> chip_;
};

TEST_F(GpioSim, AWrongLineNameIsAClearErrorListingTheChipsNamedLines) {
  const auto config = gpio::readGpioConfig(configText("ROW0, ROW9"));
  const std::string message = messageOf<gpio::GpioSetupError>([&] { gpio::GpioDevices devices(config); });
  EXPECT_EQ(message, "no line named 'ROW9' on " + chip_->chipName() + " [" + label_ +
                         "], wanted for rows; its named lines: ROW0, ROW1, BTN_OK");
}

TEST_F(GpioSim, AnOffsetBeyondTheChipIsAClearError) {
  const auto config = gpio::readGpioConfig(configText("ROW0, ROW1", "2, 3, 40"));
  EXPECT_EQ(messageOf<gpio::GpioSetupError>([&] { gpio::GpioDevices devices(config); }),
            "line offset 40 is out of range on " + chip_->chipName() + " [" + label_ +
                "], wanted for columns: the chip has 8 lines, 0 to 7");
}

TEST_F(GpioSim, ALineAlreadyHeldIsAClearErrorNamingItsUser) {
  const auto config = gpio::readGpioConfig(configText());
  gpio::GpioDevices first(config);
  const std::string message = messageOf<gpio::GpioSetupError>([&] { gpio::GpioDevices second(config); });
  EXPECT_NE(message.find("cannot request the rows lines on " + chip_->chipName()), std::string::npos) << message;
  EXPECT_NE(message.find("used by 'tessera'"), std::string::npos) << message;
}

TEST_F(GpioSim, RowsAreDrivenLowOneAtATimeAndReleasedOtherwise) {
  const auto config = gpio::readGpioConfig(configText());
  chip_->pull(kRow0, true);  // the board's pull-ups on the row lines, there before the program starts
  chip_->pull(kRow1, true);
  gpio::GpiodChip chip(config.chip);
  EXPECT_EQ(chip.name(), chip_->chipName()) << "found by its label";
  gpio::GpiodMatrixLines lines(chip, config);
  EXPECT_EQ(chip_->level(kRow0), 1) << "requesting the rows lets them go";
  EXPECT_EQ(chip_->level(kRow1), 1);
  gpiod::chip observer(chip_->chipName());
  for (unsigned row : {kRow0, kRow1})
    EXPECT_TRUE(observer.get_line(row).is_open_drain()) << "row " << row << " is let go, never driven high";
  lines.driveRow(1);
  EXPECT_EQ(chip_->level(kRow0), 1) << "an idle row is let go";
  EXPECT_EQ(chip_->level(kRow1), 0);
  lines.driveRow(0);
  EXPECT_EQ(chip_->level(kRow0), 0);
  // Row 1 is let go again, but gpio-sim does not show it: it emulates open drain by making the
  // line an input and keeps the level last driven (0) instead of going back to the pull-up, so
  // its level is not checked here; is_open_drain() above is what says it is never driven high.
  lines.releaseRows();
}

TEST_F(GpioSim, ColumnsAreReadThroughTheirPullUpsAndAClosedSwitchReadsLow) {
  const auto config = gpio::readGpioConfig(configText());
  gpio::GpiodChip chip(config.chip);
  gpio::GpiodMatrixLines lines(chip, config);
  EXPECT_EQ(chip_->level(kColumn0), 1) << "the request turned the pull-up on";
  EXPECT_EQ(lines.readColumns(), 0);
  chip_->pull(kColumn0 + 1, false);  // a closed switch pulls column 1 down to the driven row
  EXPECT_EQ(lines.readColumns(), 0b010);
}

TEST_F(GpioSim, TheSensorReportsTheSettledBoardAsAnObservation) {
  gpio::GpioDevices devices(gpio::readGpioConfig(configText()));
  chip_->pull(kColumn0 + 2, false);  // file c reads closed on both ranks (the sim has no real crossings)
  std::optional<gpio::OccupancyReport> report;
  for (int scan = 0; scan < 10 && !report; ++scan) report = devices.board().poll();
  ASSERT_TRUE(report.has_value());
  EXPECT_EQ(report->observation.files, 3);
  EXPECT_EQ(report->observation.ranks, 2);
  for (int rank = 0; rank < 2; ++rank) {
    EXPECT_EQ(report->observation.at(2, rank).occupant, Occupant::Occupied);
    EXPECT_EQ(report->observation.at(0, rank).occupant, Occupant::Empty);
  }
}

TEST_F(GpioSim, AButtonPushArrivesAsOneDebouncedPressAndOneRelease) {
  gpio::GpioDevices devices(gpio::readGpioConfig(configText()));
  chip_->pull(kButton, false);  // pressed: the button shorts the line to ground
  auto presses = devices.buttons().wait(1s);
  ASSERT_EQ(presses.size(), 1u);
  EXPECT_EQ(presses[0].button, "confirm");
  EXPECT_EQ(presses[0].action, gpio::ButtonAction::Pressed);
  chip_->pull(kButton, true);
  presses = devices.buttons().wait(1s);
  ASSERT_EQ(presses.size(), 1u);
  EXPECT_EQ(presses[0].action, gpio::ButtonAction::Released);
}

}  // namespace
