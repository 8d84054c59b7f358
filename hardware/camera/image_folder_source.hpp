#pragma once
// A folder of images (png, jpg, bmp) read in name order (numbers in names by value) as frames at a fixed rate. An image that
// cannot be decoded, or a JPEG cut short, is reported and skipped.
#include <filesystem>
#include <vector>

#include "hardware/camera/frame_source.hpp"

namespace tessera::camera {

class ImageFolderSource : public FrameSource {
 public:
  ImageFolderSource(const std::filesystem::path& folder, double framesPerSecond);
  FrameRead read() override;
  std::string describe() const override { return "images in " + folder_.string(); }
  std::size_t size() const { return files_.size(); }

 private:
  std::filesystem::path folder_;
  std::vector<std::filesystem::path> files_;
  double framesPerSecond_;
  std::size_t next_ = 0;
};

}  // namespace tessera::camera
