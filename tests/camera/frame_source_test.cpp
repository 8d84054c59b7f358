// Frames from a folder of images, a video file and a camera device; a missing camera is reported
// with what is being done about it and retried, never thrown.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <vector>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/videoio.hpp>

#include "hardware/camera/device_frame_source.hpp"
#include "hardware/camera/frame_source.hpp"

namespace tessera::camera {
namespace {

std::filesystem::path freshFolder(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / ("tessera-camera-" + name + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

cv::Mat plain(int grey) { return cv::Mat(48, 64, CV_8UC3, cv::Scalar(grey, grey, grey)); }

TEST(FrameSource, ImageFolderInNameOrderWithTimesAndBadFilesReported) {
  const auto dir = freshFolder("images");
  cv::imwrite((dir / "frame-002.png").string(), plain(200));
  cv::imwrite((dir / "frame-001.png").string(), plain(100));
  std::ofstream(dir / "frame-003.jpg") << "not a jpeg";
  std::ofstream(dir / "notes.txt") << "ignored";
  auto source = openFrameSource(dir.string(), 5.0);
  FrameRead r = source->read();
  ASSERT_EQ(r.status, FrameRead::Status::Frame);
  EXPECT_EQ(r.frame.image.at<cv::Vec3b>(0, 0)[0], 100);
  EXPECT_DOUBLE_EQ(r.frame.seconds, 0.0);
  r = source->read();
  ASSERT_EQ(r.status, FrameRead::Status::Frame);
  EXPECT_EQ(r.frame.image.at<cv::Vec3b>(0, 0)[0], 200);
  EXPECT_DOUBLE_EQ(r.frame.seconds, 0.2);
  r = source->read();
  EXPECT_EQ(r.status, FrameRead::Status::Unavailable);
  EXPECT_NE(r.problem.find("frame-003.jpg"), std::string::npos) << r.problem;
  EXPECT_EQ(source->read().status, FrameRead::Status::Finished);
  std::filesystem::remove_all(dir);
}

// What the process writes to its standard error while `action` runs.
template <typename Action>
std::string standardErrorOf(Action action) {
  std::fflush(stderr);
  FILE* capture = std::tmpfile();
  const int saved = ::dup(2);
  ::dup2(::fileno(capture), 2);
  action();
  std::fflush(stderr);
  ::dup2(saved, 2);
  ::close(saved);
  std::string text;
  std::rewind(capture);
  for (int c = std::fgetc(capture); c != EOF; c = std::fgetc(capture)) text += static_cast<char>(c);
  std::fclose(capture);
  return text;
}

TEST(FrameSource, AJpegCutShortIsReportedAndSkipped) {
  const auto dir = freshFolder("truncated");
  cv::Mat noise(48, 64, CV_8UC3);
  cv::randu(noise, cv::Scalar::all(0), cv::Scalar::all(255));
  std::vector<unsigned char> jpeg;
  ASSERT_TRUE(cv::imencode(".jpg", noise, jpeg));
  const auto write = [&](const char* name, std::size_t bytes, std::size_t zeros) {
    std::ofstream file(dir / name, std::ios::binary);
    file.write(reinterpret_cast<const char*>(jpeg.data()), static_cast<std::streamsize>(bytes));
    file << std::string(zeros, '\0');
  };
  write("frame-1.jpg", jpeg.size(), 0);
  write("frame-2.jpg", jpeg.size() / 2, 0);  // a recorder stopped mid-write
  write("frame-3.jpg", jpeg.size(), 3);      // padded after its end, as the Pi camera's encoder does
  auto source = openFrameSource(dir.string(), 5.0);
  EXPECT_EQ(source->read().status, FrameRead::Status::Frame);
  FrameRead r;
  const std::string said = standardErrorOf([&] { r = source->read(); });
  EXPECT_EQ(r.status, FrameRead::Status::Unavailable);
  EXPECT_EQ(r.problem, "image " + (dir / "frame-2.jpg").string() + " is truncated (no JPEG end marker): skipped");
  EXPECT_EQ(said, "") << "libjpeg's own warning, naming no file";
  r = source->read();
  ASSERT_EQ(r.status, FrameRead::Status::Frame);
  EXPECT_EQ(r.frame.index, 2);
  EXPECT_EQ(source->read().status, FrameRead::Status::Finished);
  std::filesystem::remove_all(dir);
}

TEST(FrameSource, AnImageLargerThanAnyCameraFrameIsReportedAndSkipped) {
  // What a JPEG with a corrupt header can decode to; the marker search cannot take it.
  const auto dir = freshFolder("oversized");
  cv::imwrite((dir / "frame-001.png").string(), cv::Mat(4, kMaxFrameSide + 1, CV_8UC3, cv::Scalar(90, 90, 90)));
  cv::imwrite((dir / "frame-002.png").string(), plain(100));
  auto source = openFrameSource(dir.string(), 5.0);
  FrameRead r = source->read();
  EXPECT_EQ(r.status, FrameRead::Status::Unavailable);
  EXPECT_NE(r.problem.find("frame-001.png is 16385x4 pixels, larger than any camera frame"), std::string::npos)
      << r.problem;
  r = source->read();
  ASSERT_EQ(r.status, FrameRead::Status::Frame);
  EXPECT_EQ(r.frame.image.at<cv::Vec3b>(0, 0)[0], 100);
  std::filesystem::remove_all(dir);
}

TEST(FrameSource, VideoFileFramesThenFinished) {
  const auto dir = freshFolder("video");
  const std::string path = (dir / "game.avi").string();
  cv::VideoWriter writer(path, cv::VideoWriter::fourcc('M', 'J', 'P', 'G'), 10.0, cv::Size(64, 48));
  if (!writer.isOpened()) GTEST_SKIP() << "this OpenCV cannot write MJPG video";
  for (int i = 0; i < 5; ++i) writer.write(plain(40 * i + 20));
  writer.release();
  auto source = openFrameSource(path);
  int frames = 0;
  double last = -1;
  for (FrameRead r = source->read(); r.status == FrameRead::Status::Frame; r = source->read()) {
    ++frames;
    last = r.frame.seconds;
  }
  EXPECT_EQ(frames, 5);
  EXPECT_NEAR(last, 0.4, 1e-6);
  std::filesystem::remove_all(dir);
}

TEST(FrameSource, MissingVideoIsReportedOnceThenFinished) {
  auto source = openFrameSource("/nonexistent/game.mp4");
  const FrameRead r = source->read();
  EXPECT_EQ(r.status, FrameRead::Status::Unavailable);
  EXPECT_EQ(r.problem, "cannot read video /nonexistent/game.mp4: no such folder or video file");
  EXPECT_EQ(source->read().status, FrameRead::Status::Finished);
}

TEST(FrameSource, AFileThatIsNoVideoIsReportedOnceThenFinished) {
  const auto dir = freshFolder("corrupt-video");
  const std::string path = (dir / "game.mp4").string();
  std::ofstream(path, std::ios::binary) << std::string(4096, '\x5a') << "no video here";
  auto source = openFrameSource(path);
  const FrameRead r = source->read();
  EXPECT_EQ(r.status, FrameRead::Status::Unavailable);
  EXPECT_EQ(r.problem, "cannot read video " + path + ": not a video OpenCV can decode");
  EXPECT_EQ(source->read().status, FrameRead::Status::Finished);
  std::filesystem::remove_all(dir);
}

TEST(FrameSource, MissingCameraIsReportedAndRetriedAtItsInterval) {
  double now = 100.0;
  DeviceFrameSource camera("/dev/video97", 1280, 720, 2.0, [&] { return now; });
  FrameRead r = camera.read();
  EXPECT_EQ(r.status, FrameRead::Status::Unavailable);
  EXPECT_EQ(r.problem, "/dev/video97 does not exist (camera unplugged?); retrying every 2 s");
  now += 2.5;
  r = camera.read();  // tried again: still not there, still not fatal
  EXPECT_EQ(r.status, FrameRead::Status::Unavailable);
  EXPECT_EQ(r.problem, "/dev/video97 does not exist (camera unplugged?); retrying every 2 s");
}

// A caller logs a problem when it changes (tessera play: "camera: ..."): while nothing changes, the
// words stay the same between attempts and at each one, so a camera missing all day is logged once.
TEST(FrameSource, AMissingCameraIsTheSameProblemUntilAnAttemptFindsAnother) {
  const auto dir = freshFolder("device");
  const std::string path = (dir / "video97").string();
  double now = 100.0;
  DeviceFrameSource camera(path, 1280, 720, 2.0, [&] { return now; });
  const std::string missing = path + " does not exist (camera unplugged?); retrying every 2 s";
  // Read every half second from 100 s to 106 s: looked for again at 102, 104 and 106 s.
  for (int i = 0; i < 13; ++i, now += 0.5) EXPECT_EQ(camera.read().problem, missing) << "at " << now << " s";
  std::ofstream(path) << "something else is there now";
  EXPECT_EQ(camera.read().problem, missing) << "not looked at again before the retry interval is over";
  now += 2.0;
  EXPECT_EQ(camera.read().problem.rfind(path + " is not a V4L2 video device (", 0), 0u);
  std::filesystem::remove_all(dir);
}

TEST(FrameSource, AnyPathUnderDevIsACameraEvenWhenUnplugged) {
  // The stable name a USB camera has whatever port it is in: a camera, waited for, never a video file.
  const std::string byId = "/dev/v4l/by-id/usb-Tessera_Test_Camera-video-index0";
  auto source = openFrameSource(byId);
  EXPECT_EQ(source->describe(), "camera " + byId);
  const FrameRead r = source->read();
  EXPECT_EQ(r.status, FrameRead::Status::Unavailable);
  EXPECT_EQ(r.problem, byId + " does not exist (camera unplugged?); retrying every 2 s");
}

TEST(FrameSource, ADeviceThatIsNoCameraIsNamedAsSuch) {
  auto source = openFrameSource("/dev/null");
  EXPECT_EQ(source->describe(), "camera /dev/null");
  const FrameRead r = source->read();
  EXPECT_EQ(r.status, FrameRead::Status::Unavailable);
  EXPECT_EQ(r.problem.rfind("/dev/null is not a V4L2 video device (", 0), 0u) << r.problem;
}

}  // namespace
}  // namespace tessera::camera
