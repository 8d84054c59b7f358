// `tessera cameras` on a machine with real camera drivers: vivid's capture node as a V4L2 camera
// (its output node left out: it captures nothing) and vimc's sensor as a libcamera camera, each with
// the --input that reads it and its modes. Runs where vivid and vimc are loaded:
// scripts/test-camera-vm.sh, in the project's VM; skipped elsewhere.
#include <gtest/gtest.h>

#include "tests/camera/live/platform_device.hpp"
#include "tests/camera/live/running_tessera.hpp"
#include "tests/camera/live/vivid_screen.hpp"

namespace tessera::testing {
namespace {

using namespace std::chrono_literals;

TEST(CamerasCommand, ListsTheV4l2AndTheLibcameraCamerasWithTheirModes) {
  if (!platformDeviceExists("vivid.0") || !platformDeviceExists("vimc.0"))
    GTEST_SKIP() << "no vivid and vimc devices: scripts/test-camera-vm.sh runs this test in a VM that loads them";
  const auto vivid = findVividNodes();
  ASSERT_TRUE(vivid);
  RunningTessera cameras({"cameras"});
  const int status = cameras.waitForExit(120s);
  const std::string listed = cameras.output();
  EXPECT_EQ(status, 0) << listed;
  const std::string number = vivid->capture.substr(std::string("/dev/video").size());
  const std::size_t vividLine = listed.find("  camera:" + number + "  " + vivid->capture + ": ");
  ASSERT_NE(vividLine, std::string::npos) << listed;
  EXPECT_EQ(listed.find("(vivid)\n", vividLine), listed.find('\n', vividLine) - 7) << listed;
  EXPECT_EQ(listed.find(vivid->output), std::string::npos) << "an output node listed as a camera:\n" << listed;
  EXPECT_NE(listed.find("      BGR3: "), std::string::npos) << listed;
  EXPECT_NE(listed.find("  camera:libcamera:0  platform/vimc.0 Sensor B\n"), std::string::npos) << listed;
  EXPECT_NE(listed.find("1920x1080"), std::string::npos) << listed;
  std::printf("%s", listed.c_str());
}

}  // namespace
}  // namespace tessera::testing
