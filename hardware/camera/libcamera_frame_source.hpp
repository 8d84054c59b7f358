#pragma once
// A camera that libcamera drives (the Raspberry Pi Camera Modules on the CSI connector), read through
// GStreamer's libcamerasrc in a child process, gst-launch-1.0, that writes BGR frames to a pipe.
// Like the V4L2 camera (device_frame_source.hpp), a camera that is missing, or stops delivering, is
// reported and looked for again at most once per retry interval; the problem reported changes only
// when an attempt finds another. A read waits a few seconds at most for a frame.
//
// Why a child process: Debian 12's libcamera (0.0.3) aborts the whole program when a camera that is
// streaming is unplugged (an assertion when it is stopped, "duplicated ID" when it comes back, both
// seen with vimc): the child dies instead, and the camera is started again in a new one.
//
// The frames are asked for at the size given. A camera that cannot give that size itself (vimc's
// pipeline needs multiples of 3) is started at the nearest size it lists that it can give, and its
// frames are scaled to the size asked for.
#include <sys/types.h>

#include <functional>
#include <string>
#include <vector>

#include "hardware/camera/frame_source.hpp"
#include "hardware/camera/libcamera_cameras.hpp"

namespace tessera::camera {

class LibcameraFrameSource : public FrameSource {
 public:
  using Clock = std::function<double()>;  // seconds; injectable so tests need not sleep
  // `camera`: its number in libcamera's list ("0" is the first) or its id, as `tessera cameras` shows.
  LibcameraFrameSource(std::string camera, int width, int height, double retrySeconds = 2.0, Clock clock = {});
  ~LibcameraFrameSource() override;
  LibcameraFrameSource(const LibcameraFrameSource&) = delete;
  LibcameraFrameSource& operator=(const LibcameraFrameSource&) = delete;
  FrameRead read() override;
  std::string describe() const override { return "libcamera camera " + camera_; }

 private:
  bool tryOpen(std::string& problem);
  std::vector<CameraSize> sizesToTry(const std::vector<CameraSize>& listed) const;
  bool startChild(const std::string& id, CameraSize cameraSize, std::string& problem);
  void stopChild();
  cv::Mat nextFrame(double seconds);  // empty if none came in time or the child ended
  std::string childProblem() const;   // the last thing the child said on its error stream

  std::string camera_;
  int width_, height_;
  double retrySeconds_;
  Clock clock_;
  pid_t child_ = -1;
  int framesFd_ = -1, errorsFd_ = -1;
  std::string errors_;  // what the child said
  cv::Mat first_;       // the frame that showed the camera had started, not yet read
  double lastAttempt_ = -1e9;
  std::string problem_;
  double start_ = 0.0;
  long frames_ = 0;
};

}  // namespace tessera::camera
