#include "device_frame_source.hpp"

#include <fcntl.h>
#include <linux/videodev2.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <optional>

namespace tessera::camera {

namespace {
double steadySeconds() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

// Why the device at `path` is no camera to capture from, as V4L2 itself says; nothing when it is one.
// Asked before OpenCV opens it, whose failure says only that it failed.
std::optional<std::string> captureProblem(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDWR | O_NONBLOCK);
  if (fd < 0) {
    if (errno == EACCES) return "no permission to open " + path + " (is the user in the video group?)";
    return "cannot open " + path + ": " + std::strerror(errno);
  }
  v4l2_capability capability{};
  const bool answered = ::ioctl(fd, VIDIOC_QUERYCAP, &capability) == 0;
  const int queryError = errno;
  ::close(fd);
  if (!answered) return path + " is not a V4L2 video device (" + std::strerror(queryError) + ")";
  const std::uint32_t caps =
      (capability.capabilities & V4L2_CAP_DEVICE_CAPS) ? capability.device_caps : capability.capabilities;
  if (!(caps & (V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_VIDEO_CAPTURE_MPLANE)))
    return path + " is a V4L2 device that captures no video (a USB camera's second node, for metadata? use the first)";
  return std::nullopt;
}
}  // namespace

DeviceFrameSource::DeviceFrameSource(std::string devicePath, int width, int height, double retrySeconds,
                                     Clock clock)
    : path_(std::move(devicePath)), width_(width), height_(height), retrySeconds_(retrySeconds),
      clock_(clock ? std::move(clock) : Clock(steadySeconds)) {
  start_ = clock_();
}

bool DeviceFrameSource::tryOpen(std::string& problem) {
  lastAttempt_ = clock_();
  if (!std::filesystem::exists(path_)) {
    problem = path_ + " does not exist (camera unplugged?)";
    return false;
  }
  if (const auto notACamera = captureProblem(path_)) {
    problem = *notACamera;
    return false;
  }
  if (!capture_.open(path_, cv::CAP_V4L2)) {
    problem = "cannot open " + path_ + " as a V4L2 camera (busy?)";
    return false;
  }
  capture_.set(cv::CAP_PROP_FRAME_WIDTH, width_);
  capture_.set(cv::CAP_PROP_FRAME_HEIGHT, height_);
  return true;
}

FrameRead DeviceFrameSource::read() {
  FrameRead result;
  result.status = FrameRead::Status::Unavailable;
  const std::string retry = "; retrying every " + std::to_string(static_cast<int>(retrySeconds_ + 0.5)) + " s";
  if (!capture_.isOpened()) {
    // Between attempts the last attempt's problem stands, word for word: whoever logs problems as
    // they change then logs a missing camera once, not twice every retry, all day.
    if (clock_() - lastAttempt_ < retrySeconds_) {
      result.problem = problem_;
      return result;
    }
    if (!tryOpen(problem_)) {
      problem_ += retry;
      result.problem = problem_;
      return result;
    }
  }
  cv::Mat image;
  if (!capture_.read(image) || image.empty()) {
    capture_.release();
    lastAttempt_ = clock_();
    problem_ = path_ + " stopped delivering frames" + retry;
    result.problem = problem_;
    return result;
  }
  result.status = FrameRead::Status::Frame;
  result.frame = Frame{image, clock_() - start_, frames_++};
  return result;
}

}  // namespace tessera::camera
