#include "image_folder_source.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include <opencv2/imgcodecs.hpp>

namespace tessera::camera {

namespace {
bool isImage(const std::filesystem::path& p) {
  std::string ext = p.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  return ext == ".png" || ext == ".jpg" || ext == ".jpeg" || ext == ".bmp";
}

std::vector<unsigned char> fileBytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<unsigned char>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// A JPEG cut short (a recorder stopped mid-write, a copy interrupted) has no end-of-image marker,
// FF D9. libjpeg decodes it anyway, the missing part grey, with only a bare warning on the standard
// error. Zero bytes after the marker are allowed: the Pi camera's encoder pads its frames with them.
bool isTruncatedJpeg(const std::vector<unsigned char>& bytes) {
  if (bytes.size() < 2 || bytes[0] != 0xFF || bytes[1] != 0xD8) return false;  // not a JPEG
  std::size_t end = bytes.size();
  while (end > 2 && bytes[end - 1] == 0x00) --end;
  return end < 4 || bytes[end - 2] != 0xFF || bytes[end - 1] != 0xD9;
}

// Name order with runs of digits compared by value, so that frame2.png comes before frame10.png
// when a recorder does not pad its numbers.
bool comesBefore(const std::filesystem::path& a, const std::filesystem::path& b) {
  const std::string x = a.filename().string(), y = b.filename().string();
  const auto isDigit = [](char c) { return c >= '0' && c <= '9'; };
  std::size_t i = 0, j = 0;
  while (i < x.size() && j < y.size()) {
    if (isDigit(x[i]) && isDigit(y[j])) {
      std::size_t ei = i, ej = j;
      while (ei < x.size() && isDigit(x[ei])) ++ei;
      while (ej < y.size() && isDigit(y[ej])) ++ej;
      // Leading zeros do not count: compare the digits that are left, the longer being larger.
      std::size_t si = i, sj = j;
      while (si + 1 < ei && x[si] == '0') ++si;
      while (sj + 1 < ej && y[sj] == '0') ++sj;
      const std::string_view dx(x.data() + si, ei - si), dy(y.data() + sj, ej - sj);
      if (dx.size() != dy.size()) return dx.size() < dy.size();
      if (dx != dy) return dx < dy;
      i = ei;
      j = ej;
      continue;
    }
    if (x[i] != y[j]) return x[i] < y[j];
    ++i;
    ++j;
  }
  if ((x.size() - i) != (y.size() - j)) return x.size() - i < y.size() - j;
  return x < y;  // equal by value ("f01" and "f1"): by the plain name, so the order is total
}
}  // namespace

ImageFolderSource::ImageFolderSource(const std::filesystem::path& folder, double framesPerSecond)
    : folder_(folder), framesPerSecond_(framesPerSecond) {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(folder, ec))
    if (entry.is_regular_file() && isImage(entry.path())) files_.push_back(entry.path());
  std::sort(files_.begin(), files_.end(), comesBefore);
}

FrameRead ImageFolderSource::read() {
  FrameRead result;
  if (next_ >= files_.size()) return result;
  const std::size_t index = next_++;
  const std::vector<unsigned char> bytes = fileBytes(files_[index]);
  if (isTruncatedJpeg(bytes)) {
    result.status = FrameRead::Status::Unavailable;
    result.problem = "image " + files_[index].string() + " is truncated (no JPEG end marker): skipped";
    return result;
  }
  cv::Mat image;
  if (!bytes.empty()) image = cv::imdecode(bytes, cv::IMREAD_COLOR);
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
