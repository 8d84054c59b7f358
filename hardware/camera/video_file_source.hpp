#pragma once
// A recorded video, read frame by frame; times come from the file's frame rate.
#include <optional>
#include <string>

#include <opencv2/videoio.hpp>

#include "hardware/camera/frame_source.hpp"

namespace tessera::camera {

// Opens `capture` on the video file `path`; when it cannot, says why.
std::optional<std::string> openVideoFile(cv::VideoCapture& capture, const std::string& path);

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
  std::string problem_;  // why the file could not be opened
  bool reported_ = false;
};

}  // namespace tessera::camera
