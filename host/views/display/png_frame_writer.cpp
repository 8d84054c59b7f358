#include "png_frame_writer.hpp"

#include <cstdio>
#include <stdexcept>

#include <opencv2/imgcodecs.hpp>

namespace tessera::display {

PngFrameWriter::PngFrameWriter(std::filesystem::path folder, bool numbered)
    : folder_(std::move(folder)), numbered_(numbered) {
  std::error_code ec;
  std::filesystem::create_directories(folder_, ec);
  if (ec) throw std::runtime_error("cannot create the display folder '" + folder_.string() + "': " + ec.message());
}

std::filesystem::path PngFrameWriter::write(const cv::Mat& image) {
  char name[32];
  std::snprintf(name, sizeof name, "frame-%05d.png", ++count_);
  // latest.png is replaced by a rename so a reader never sees half a file.
  const std::filesystem::path tmp = folder_ / ".latest.tmp.png";
  if (!cv::imwrite(tmp.string(), image)) throw std::runtime_error("cannot write '" + tmp.string() + "'");
  std::error_code ec;
  if (numbered_) std::filesystem::copy_file(tmp, folder_ / name, std::filesystem::copy_options::overwrite_existing, ec);
  if (ec) throw std::runtime_error("cannot write '" + (folder_ / name).string() + "': " + ec.message());
  std::filesystem::rename(tmp, folder_ / "latest.png", ec);
  if (ec) throw std::runtime_error("cannot write '" + (folder_ / "latest.png").string() + "': " + ec.message());
  return numbered_ ? folder_ / name : folder_ / "latest.png";
}

}  // namespace tessera::display
