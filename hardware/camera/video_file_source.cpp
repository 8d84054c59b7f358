#include "video_file_source.hpp"

#include <filesystem>

namespace tessera::camera {

std::optional<std::string> openVideoFile(cv::VideoCapture& capture, const std::string& path) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) return "no such folder or video file";
  // Only FFmpeg, which reads files: with CAP_ANY, OpenCV would go on after a file it cannot decode
  // to GStreamer (which prints its own errors) and to the camera back ends, a search for USB cameras
  // among them.
  if (!capture.open(path, cv::CAP_FFMPEG)) return "not a video OpenCV can decode";
  return std::nullopt;
}

VideoFileSource::VideoFileSource(std::string path, double fallbackFramesPerSecond)
    : path_(std::move(path)), framesPerSecond_(fallbackFramesPerSecond) {
  if (const auto reason = openVideoFile(capture_, path_)) {
    problem_ = "cannot read video " + path_ + ": " + *reason;
    return;
  }
  const double fps = capture_.get(cv::CAP_PROP_FPS);
  if (fps > 0.5 && fps < 1000) framesPerSecond_ = fps;
}

FrameRead VideoFileSource::read() {
  FrameRead result;
  if (!capture_.isOpened()) {
    // A file that cannot be opened will not get better by retrying: say so once, then finish.
    if (reported_) return result;
    reported_ = true;
    result.status = FrameRead::Status::Unavailable;
    result.problem = problem_;
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
