#include "video_file_source.hpp"

namespace tessera::camera {

VideoFileSource::VideoFileSource(std::string path, double fallbackFramesPerSecond)
    : path_(std::move(path)), framesPerSecond_(fallbackFramesPerSecond) {
  if (capture_.open(path_)) {
    const double fps = capture_.get(cv::CAP_PROP_FPS);
    if (fps > 0.5 && fps < 1000) framesPerSecond_ = fps;
  }
}

FrameRead VideoFileSource::read() {
  FrameRead result;
  if (!capture_.isOpened()) {
    // A file that cannot be opened will not get better by retrying: say so once, then finish.
    if (reported_) return result;
    reported_ = true;
    result.status = FrameRead::Status::Unavailable;
    result.problem = "cannot open video " + path_;
    return result;
  }
  cv::Mat image;
  if (!capture_.read(image) || image.empty()) return result;
  result.status = FrameRead::Status::Frame;
  result.frame = Frame{image, frames_ / framesPerSecond_, frames_};
  ++frames_;
  return result;
}

}  // namespace tessera::camera
