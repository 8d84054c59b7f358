#pragma once
// The display as a view of the session: after every event it draws the board (host/views/display)
// and keeps the image for the web page; with a folder it also writes each image as a PNG frame.
#include <memory>
#include <optional>
#include <vector>

#include <opencv2/core.hpp>

#include "host/views/display/board_painter.hpp"
#include "host/views/display/png_frame_writer.hpp"
#include "host/session/referee_session.hpp"

namespace tessera::views {

class DisplayView {
 public:
  DisplayView(session::RefereeSession& session, session::EventBus& bus, std::optional<std::filesystem::path> frameFolder,
              bool numberedFrames = true);
  void refresh();
  const cv::Mat& image() const { return image_; }
  // The current image as PNG bytes (encoded once per change).
  const std::vector<unsigned char>& png();
  int framesWritten() const { return writer_ ? writer_->framesWritten() : 0; }

 private:
  session::RefereeSession& session_;
  display::BoardPainter painter_;
  std::unique_ptr<display::PngFrameWriter> writer_;
  cv::Mat image_;
  std::vector<unsigned char> png_;
  bool pngStale_ = true;
};

}  // namespace tessera::views
