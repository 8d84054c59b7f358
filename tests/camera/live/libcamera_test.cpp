// The libcamera path against a real kernel driver: the vimc virtual camera, driven by libcamera's own
// vimc pipeline handler and read through GStreamer's libcamerasrc, as a Pi Camera Module is through
// the Pi's pipeline. Listed with its modes, frames of the size asked for (from the camera itself,
// or scaled where it cannot give that size), and unplugged and plugged back in (vimc's driver
// unbound and bound) while it is read. Runs where vimc is loaded and udev runs:
// scripts/test-camera-vm.sh, in the project's VM; skipped elsewhere.
#include <gtest/gtest.h>

#include <unistd.h>

#include <opencv2/core.hpp>

#include "hardware/camera/libcamera_cameras.hpp"
#include "hardware/camera/libcamera_frame_source.hpp"
#include "tests/camera/live/platform_device.hpp"

namespace tessera::camera {
namespace {

using testing::platformDeviceExists;

#define SKIP_WITHOUT_VIMC()                                                                              \
  if (!platformDeviceExists("vimc.0"))                                                                   \
  GTEST_SKIP() << "no vimc device: scripts/test-camera-vm.sh runs this test in a VM that loads it"

// A frame of the test pattern vimc's sensor draws: not one flat colour.
::testing::AssertionResult looksLikeAPicture(const cv::Mat& image) {
  cv::Scalar mean, deviation;
  cv::meanStdDev(image, mean, deviation);
  if (deviation[0] + deviation[1] + deviation[2] > 10.0) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << image.cols << "x" << image.rows << " frame of one colour: mean " << mean
                                       << ", deviation " << deviation;
}

TEST(LibcameraCamera, VimcIsListedWithItsModes) {
  SKIP_WITHOUT_VIMC();
  const LibcameraCameras listed = listLibcameraCameras();
  ASSERT_FALSE(listed.problem) << *listed.problem;
  ASSERT_EQ(listed.cameras.size(), 1u);
  EXPECT_NE(listed.cameras[0].id.find("vimc"), std::string::npos) << listed.cameras[0].id;
  ASSERT_FALSE(listed.cameras[0].modes.empty());
  std::string modes;
  for (const std::string& mode : listed.cameras[0].modes) modes += mode + "\n";
  EXPECT_NE(modes.find("640x480"), std::string::npos) << modes;
  EXPECT_NE(modes.find("1920x1080"), std::string::npos) << modes;
}

TEST(LibcameraCamera, FramesComeAtTheSizeAskedFor) {
  SKIP_WITHOUT_VIMC();
  // 960x720 vimc makes itself; 1280x720 it cannot (its pipeline needs sizes in multiples of 3), so
  // the camera runs at the nearest size it lists that it can make, and the frames are scaled.
  for (const cv::Size size : {cv::Size(960, 720), cv::Size(1280, 720)}) {
    LibcameraFrameSource source("0", size.width, size.height);
    for (int i = 0; i < 3; ++i) {
      const FrameRead read = source.read();
      ASSERT_EQ(read.status, FrameRead::Status::Frame) << read.problem;
      EXPECT_EQ(read.frame.image.size(), size);
      EXPECT_EQ(read.frame.image.type(), CV_8UC3);
      EXPECT_EQ(read.frame.index, i);
      EXPECT_TRUE(looksLikeAPicture(read.frame.image));
    }
  }
}

TEST(LibcameraCamera, ACameraByIdAndOneThatIsNotThere) {
  SKIP_WITHOUT_VIMC();
  const std::string id = listLibcameraCameras().cameras.at(0).id;
  {
    LibcameraFrameSource byId(id, 960, 720);
    EXPECT_EQ(byId.read().status, FrameRead::Status::Frame);
  }  // (while a camera streams, libcamera elsewhere cannot list it: its media device is busy)
  LibcameraFrameSource absent("3", 960, 720);
  const FrameRead read = absent.read();
  EXPECT_EQ(read.status, FrameRead::Status::Unavailable);
  EXPECT_EQ(read.problem, "libcamera has no camera 3 (it sees 1: `tessera cameras` lists them); retrying every 2 s");
}

TEST(LibcameraCamera, UnpluggedItIsReportedAndRetriedAndItsFramesComeBack) {
  SKIP_WITHOUT_VIMC();
  double now = 0.0;
  LibcameraFrameSource source("0", 960, 720, 2.0, [&] { return now; });
  // Right after another program let the camera go (the test before), libcamera may not list it yet.
  FrameRead first = source.read();
  for (int attempt = 0; attempt < 5 && first.status != FrameRead::Status::Frame; ++attempt) {
    ::sleep(1);
    now += 2.5;
    first = source.read();
  }
  ASSERT_EQ(first.status, FrameRead::Status::Frame) << first.problem;

  ASSERT_TRUE(testing::unplugPlatformDevice("vimc", "vimc.0"));
  // Frames already on their way may still come; then the source says the camera stopped.
  FrameRead read = source.read();
  for (int late = 0; late < 10 && read.status == FrameRead::Status::Frame; ++late) read = source.read();
  EXPECT_EQ(read.status, FrameRead::Status::Unavailable);
  EXPECT_EQ(read.problem.rfind("libcamera camera 0 stopped delivering frames", 0), 0u) << read.problem;
  now += 2.5;
  read = source.read();
  EXPECT_EQ(read.status, FrameRead::Status::Unavailable);
  const std::string gone = "libcamera sees no camera (unplugged, or its ribbon cable loose?); retrying every 2 s";
  EXPECT_EQ(read.problem, gone);
  now += 0.5;  // between attempts the problem stands, word for word
  EXPECT_EQ(source.read().problem, gone);

  ASSERT_TRUE(testing::plugPlatformDevice("vimc", "vimc.0"));
  now += 2.0;
  // udev makes the nodes anew; libcamera sees the camera once they are there.
  for (int attempt = 0; attempt < 20 && read.status != FrameRead::Status::Frame; ++attempt) {
    read = source.read();
    if (read.status != FrameRead::Status::Frame) {
      ::usleep(500'000);
      now += 2.5;
    }
  }
  ASSERT_EQ(read.status, FrameRead::Status::Frame) << read.problem;
  EXPECT_EQ(read.frame.image.size(), cv::Size(960, 720));
  EXPECT_TRUE(looksLikeAPicture(read.frame.image));
}

}  // namespace
}  // namespace tessera::camera
