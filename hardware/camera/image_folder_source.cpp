#include "image_folder_source.hpp"

#include <algorithm>

#include <opencv2/imgcodecs.hpp>

namespace tessera::camera {

namespace {
bool isImage(const std::filesystem::path& p) {
  std::string ext = p.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  return ext == ".png" || ext == ".jpg" || ext == ".jpeg" || ext == ".bmp";
}
}  // namespace

ImageFolderSource::ImageFolderSource(const std::filesystem::path& folder, double framesPerSecond)
    : folder_(folder), framesPerSecond_(framesPerSecond) {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(folder, ec))
    if (entry.is_regular_file() && isImage(entry.path())) files_.push_back(entry.path());
  std::sort(files_.begin(), files_.end());
}

FrameRead ImageFolderSource::read() {
  FrameRead result;
  if (next_ >= files_.size()) return result;
  const std::size_t index = next_++;
  cv::Mat image = cv::imread(files_[index].string(), cv::IMREAD_COLOR);
  if (image.empty()) {
    result.status = FrameRead::Status::Unavailable;
    result.problem = "cannot read image " + files_[index].string();
    return result;
  }
  if (image.cols > kMaxFrameSide || image.rows > kMaxFrameSide) {
    result.status = FrameRead::Status::Unavailable;
    result.problem = "image " + files_[index].string() + " is " + std::to_string(image.cols) + "x" +
                     std::to_string(image.rows) + " pixels, larger than any camera frame (a corrupt file?): skipped";
    return result;
  }
  result.status = FrameRead::Status::Frame;
  result.frame = Frame{image, static_cast<double>(index) / framesPerSecond_, static_cast<long>(index)};
  return result;
}

}  // namespace tessera::camera
