#pragma once
// Writes display images as numbered PNG files (frame-00001.png, ...) into a folder, and keeps the
// newest one also as latest.png so a viewer (or a person) always finds the current board. Each
// file is written whole (host/files/atomic_file.hpp).
#include <filesystem>
#include <string>

#include <opencv2/core.hpp>

namespace tessera::display {

class PngFrameWriter {
 public:
  // Creates the folder if needed. Throws std::runtime_error when it cannot be created.
  // `numbered` false: only latest.png is kept (a long game on the Pi does not fill the card).
  explicit PngFrameWriter(std::filesystem::path folder, bool numbered = true);
  // Returns the path written; throws files::FileError (a std::runtime_error) when a file cannot be written.
  std::filesystem::path write(const cv::Mat& image);
  int framesWritten() const { return count_; }
  const std::filesystem::path& folder() const { return folder_; }

 private:
  std::filesystem::path folder_;
  bool numbered_ = true;
  int count_ = 0;
};

}  // namespace tessera::display
