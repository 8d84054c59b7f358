#include "display_view.hpp"

#include <opencv2/imgcodecs.hpp>

#include "host/views/session_scene.hpp"

namespace tessera::views {

DisplayView::DisplayView(session::RefereeSession& session, session::EventBus& bus, std::optional<std::filesystem::path> frameFolder,
                         bool numberedFrames)
    : session_(session), painter_(display::fitLayout(session.game().variant().size)) {
  if (frameFolder) writer_ = std::make_unique<display::PngFrameWriter>(*frameFolder, numberedFrames);
  bus.subscribe([this](const session::SessionEvent&) { refresh(); });
}

void DisplayView::refresh() {
  image_ = painter_.draw(sceneOf(session_));
  pngStale_ = true;
  if (writer_) writer_->write(image_);
}

const std::vector<unsigned char>& DisplayView::png() {
  if (pngStale_) {
    if (image_.empty()) refresh();
    cv::imencode(".png", image_, png_);
    pngStale_ = false;
  }
  return png_;
}

}  // namespace tessera::views
