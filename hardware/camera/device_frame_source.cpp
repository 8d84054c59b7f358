#include "device_frame_source.hpp"

#include <chrono>
#include <filesystem>

namespace tessera::camera {

namespace {
double steadySeconds() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
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
  if (!capture_.open(path_, cv::CAP_V4L2)) {
    problem = "cannot open " + path_ + " as a V4L2 camera (busy, or no permission?)";
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
    if (clock_() - lastAttempt_ < retrySeconds_) {
      result.problem = "waiting to reopen " + path_ + retry;
      return result;
    }
    if (!tryOpen(result.problem)) {
      result.problem += retry;
      return result;
    }
  }
  cv::Mat image;
  if (!capture_.read(image) || image.empty()) {
    capture_.release();
    lastAttempt_ = clock_();
    result.problem = path_ + " stopped delivering frames" + retry;
    return result;
  }
  result.status = FrameRead::Status::Frame;
  result.frame = Frame{image, clock_() - start_, frames_++};
  return result;
}

}  // namespace tessera::camera
