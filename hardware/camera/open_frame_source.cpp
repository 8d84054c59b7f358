#include <filesystem>

#include "hardware/camera/device_frame_source.hpp"
#include "hardware/camera/frame_source.hpp"
#include "hardware/camera/image_folder_source.hpp"
#include "hardware/camera/libcamera_frame_source.hpp"
#include "hardware/camera/video_file_source.hpp"

namespace tessera::camera {
namespace {

// A camera is a device: /dev/videoN, a stable name under /dev/v4l/ (the same camera whatever USB port
// it is in), another name udev gives it, or a link to one of these. A name under /dev/ that is not
// there is a camera unplugged, to be waited for, never a video file.
bool isCameraDevice(const std::string& path) {
  std::error_code error;
  return path.rfind("/dev/", 0) == 0 || std::filesystem::is_character_file(path, error);
}

}  // namespace

std::unique_ptr<FrameSource> openFrameSource(const std::string& spec, double framesPerSecond) {
  if (spec.rfind(kLibcameraPrefix, 0) == 0)
    return std::make_unique<LibcameraFrameSource>(spec.substr(std::string(kLibcameraPrefix).size()), 1280, 720);
  if (isCameraDevice(spec)) return std::make_unique<DeviceFrameSource>(spec, 1280, 720);
  std::error_code error;  // a path that cannot be looked at is no folder; the video source says why
  if (std::filesystem::is_directory(spec, error)) return std::make_unique<ImageFolderSource>(spec, framesPerSecond);
  return std::make_unique<VideoFileSource>(spec, framesPerSecond);
}

std::optional<std::string> recordingProblem(const std::string& path) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) return std::nullopt;
  cv::VideoCapture capture;
  return openVideoFile(capture, path);
}

bool isFolderWithoutImages(const std::string& path) {
  std::error_code error;
  return std::filesystem::is_directory(path, error) && ImageFolderSource(path, 10.0).size() == 0;
}

}  // namespace tessera::camera
