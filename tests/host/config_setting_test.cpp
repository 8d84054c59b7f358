// calibrate's writing of one setting into play's configuration file (host/cli/config_setting).
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "host/cli/config_arguments.hpp"
#include "host/cli/config_setting.hpp"
#include "host/cli/lens_option.hpp"

namespace tessera::cli {
namespace {

TEST(ConfigSetting, ReplacesTheKeysLineAndKeepsEveryOther) {
  EXPECT_EQ(withSetting("# board 3\n[tessera]\nlens = 0.100\n; old\nvariant = chess\n", "lens", "0.183"),
            "# board 3\n[tessera]\nlens = 0.183\n; old\nvariant = chess\n");
}

TEST(ConfigSetting, AddsTheKeyToTheSectionOrTheSectionToTheFile) {
  EXPECT_EQ(withSetting("[gpio]\nchip = gpiochip0\n[tessera]\nvariant = chess\n\n# end\n", "lens", "0.050"),
            "[gpio]\nchip = gpiochip0\n[tessera]\nvariant = chess\nlens = 0.050\n\n# end\n");
  // Only the [tessera] section's key: another section's is left alone.
  EXPECT_EQ(withSetting("[gpio]\nlens = 3\n", "lens", "0.050"), "[gpio]\nlens = 3\n\n[tessera]\nlens = 0.050\n");
  EXPECT_EQ(withSetting("", "lens", "0.050"), "[tessera]\nlens = 0.050\n");
}

TEST(ConfigSetting, TheFileWrittenIsReadBackByPlaysConfiguration) {
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("tessera-setting-" + std::to_string(::getpid()) + ".conf");
  std::filesystem::remove(path);
  writeSetting(path.string(), "lens", lensText(camera::Lens{0.1834}));
  const std::vector<OptionSpec> specs = {kLensOption};
  const ConfigArguments read = configArguments(path.string(), specs, {});
  EXPECT_EQ(read.args, (std::vector<std::string>{"--lens", "0.183"}));
  std::filesystem::remove(path);
  EXPECT_THROW(writeSetting("/nonexistent-folder/tessera.conf", "lens", "0.1"), UsageError);
}

TEST(LensOption, ANumberInRangeOrAClearRefusal) {
  EXPECT_DOUBLE_EQ(parseLens("0.183").barrel, 0.183);
  EXPECT_DOUBLE_EQ(parseLens("-0.08").barrel, -0.08);
  for (const char* bad : {"", "wide", "0.6", "-0.5", "0.1x", "nan"}) EXPECT_THROW(parseLens(bad), UsageError) << bad;
}

}  // namespace
}  // namespace tessera::cli
