#include "png_frame_writer.hpp"

#include <cstdio>
#include <stdexcept>
#include <string_view>
#include <vector>

#include <opencv2/imgcodecs.hpp>

#include "host/files/atomic_file.hpp"

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
  const std::filesystem::path latest = folder_ / "latest.png";
  std::vector<unsigned char> png;
  if (image.empty() || !cv::imencode(".png", image, png)) throw files::FileError("cannot write '" + latest.string() + "': no image");
  const std::string_view bytes(reinterpret_cast<const char*>(png.data()), png.size());
  // Each file whole, so that a viewer never shows half a board.
  if (numbered_) files::writeFileAtomically(folder_ / name, bytes);
  files::writeFileAtomically(latest, bytes);
  return numbered_ ? folder_ / name : latest;
}

}  // namespace tessera::display
