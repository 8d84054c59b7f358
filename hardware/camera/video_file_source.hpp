#pragma once
// A recorded video, read frame by frame; times come from the file's frame rate.
#include <opencv2/videoio.hpp>

#include "hardware/camera/frame_source.hpp"

namespace tessera::camera {

class VideoFileSource : public FrameSource {
 public:
  explicit VideoFileSource(std::string path, double fallbackFramesPerSecond = 10.0);
  FrameRead read() override;
  std::string describe() const override { return "video " + path_; }

 private:
  std::string path_;
  cv::VideoCapture capture_;
  double framesPerSecond_;
  long frames_ = 0;
  bool reported_ = false;
};

}  // namespace tessera::camera
