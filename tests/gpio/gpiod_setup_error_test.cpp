// The real libgpiod side refuses a chip that is not there with a message a person can act on:
// the name asked for and the chips that are present. Runs on any machine (with or without GPIO
// chips), since the name asked for never exists.
#include <gtest/gtest.h>

#include <filesystem>

#include "hardware/gpio/gpio_devices.hpp"
#include "hardware/gpio/gpio_error.hpp"
#include "tests/support/message_of.hpp"

namespace {

using namespace tessera::gpio;

TEST(GpiodSetup, AWrongChipNameIsAClearErrorAtStartListingTheChipsPresent) {
  GpioConfig config = readGpioConfig("[gpio]\nchip = gpiochip-tessera-missing\nrows = 0\ncolumns = 1\n");
  const std::string message = messageOf<GpioSetupError>([&] { GpioDevices devices(config); });
  EXPECT_NE(message.find("GPIO chip 'gpiochip-tessera-missing' cannot be opened"), std::string::npos) << message;
  EXPECT_NE(message.find("Chips present: " + describeChipsPresent()), std::string::npos) << message;
}

TEST(GpiodSetup, TheChipListSaysSoWhenThereIsNone) {
  const std::string chips = describeChipsPresent();
  if (std::filesystem::exists("/dev/gpiochip0")) {
    EXPECT_NE(chips.find("gpiochip0 ["), std::string::npos) << chips;
  } else {
    EXPECT_EQ(chips, "none (no /dev/gpiochip* device)");
  }
}

}  // namespace
