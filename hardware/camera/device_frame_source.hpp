#pragma once
// A V4L2 camera (/dev/videoN, or another name of one: /dev/v4l/by-id/...). When the device is
// missing, is no camera, or stops delivering, read() reports it and reopens the device at most once
// per retry interval; the problem it reports changes only when an attempt finds another.
#include <functional>

#include <opencv2/videoio.hpp>

#include "hardware/camera/frame_source.hpp"

namespace tessera::camera {

class DeviceFrameSource : public FrameSource {
 public:
  using Clock = std::function<double()>;  // seconds; injectable so tests need not sleep
  DeviceFrameSource(std::string devicePath, int width, int height, double retrySeconds = 2.0,
                    Clock clock = {});
  FrameRead read() override;
  std::string describe() const override { return "camera " + path_; }

 private:
  bool tryOpen(std::string& problem);

  std::string path_;
  int width_, height_;
  double retrySeconds_;
  Clock clock_;
  cv::VideoCapture capture_;
  double lastAttempt_ = -1e9;
  std::string problem_;  // what the last attempt found, reported until the next
  double start_ = 0.0;
  long frames_ = 0;
};

}  // namespace tessera::camera
