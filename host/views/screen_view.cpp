#include "screen_view.hpp"

#include <cstdlib>
#include <stdexcept>

#include <opencv2/highgui.hpp>

#include "host/views/session_scene.hpp"
#include "host/session/session_commands.hpp"

namespace tessera::views {
namespace {
constexpr const char* kWindow = "Tessera";
}  // namespace

ScreenView::ScreenView(boost::asio::io_context& io, session::RefereeSession& session, DisplayView& display, session::EventBus& bus,
                       std::optional<cv::Size> screenSize, std::optional<double> screenInches)
    : io_(io), timer_(io), legendTimer_(io), session_(session) {
  if (!std::getenv("DISPLAY") && !std::getenv("WAYLAND_DISPLAY"))
    throw std::runtime_error("--screen needs a graphical display (neither DISPLAY nor WAYLAND_DISPLAY is set)");
  cv::namedWindow(kWindow, cv::WINDOW_NORMAL);
  cv::setWindowProperty(kWindow, cv::WND_PROP_FULLSCREEN, cv::WINDOW_FULLSCREEN);
  if (!screenSize) {
    // Until the window has its full-screen size, the portrait frame stands in.
    if (display.image().empty()) display.refresh();
    cv::imshow(kWindow, display.image());
    for (int i = 0; i < 5; ++i) cv::pollKey();
    const cv::Rect window = cv::getWindowImageRect(kWindow);
    screenSize = window.width >= 640 && window.height >= 400 ? window.size() : cv::Size(1280, 720);
  }
  cv::resizeWindow(kWindow, *screenSize);
  display::PixelLayout layout = display::fitLayout(session_.game().variant().size, *screenSize);
  if (screenInches) layout.headlineCap = display::readableCapHeight(*screenInches, *screenSize, 2.0);
  painter_.emplace(layout);
  bus.subscribe([this](const session::SessionEvent&) { show(); });
  cv::setMouseCallback(kWindow, &ScreenView::onMouse, this);
  show();
  pollKeys();
}

// Called by OpenCV from inside pollKey, so on the event loop's thread.
void ScreenView::onMouse(int event, int x, int y, int, void* self) {
  if (event != cv::EVENT_LBUTTONDOWN) return;
  auto& view = *static_cast<ScreenView*>(self);
  view.session_.showActionsFrom(view.painter_->layout().squareAt({x, y}));
  if (view.painter_->layout().statusRect().contains({x, y})) view.showLegend();
}

void ScreenView::show() {
  display::BoardScene scene = sceneOf(session_);
  scene.legendShown = legendShown_;
  cv::Mat image = painter_->draw(scene);
  if (overlay_) overlay_(image);
  cv::imshow(kWindow, image);
}

// The legend in the move list's place for a while; asked again meanwhile, for a while from then.
void ScreenView::showLegend() {
  legendShown_ = true;
  show();
  legendTimer_.expires_after(std::chrono::seconds(kLegendSeconds));
  legendTimer_.async_wait([this](const boost::system::error_code& ec) {
    if (ec) return;
    legendShown_ = false;
    show();
  });
}

ScreenView::~ScreenView() { cv::destroyWindow(kWindow); }

void ScreenView::pollKeys() {
  const int code = cv::pollKey();
  if (code >= 0) key(code & 0xFF);
  timer_.expires_after(std::chrono::milliseconds(30));
  timer_.async_wait([this](const boost::system::error_code& ec) {
    if (!ec) pollKeys();
  });
}

void ScreenView::key(int code) {
  switch (code) {
    case 'h': session::runCommand(session_, "hint"); break;
    case 't': session::runCommand(session_, "takeback"); break;
    case 'c': case '\r': case '\n': session::runCommand(session_, "confirm"); break;
    case 'o': session::runCommand(session_, "override"); break;
    case 'n': session::runCommand(session_, "new"); break;
    case 'r': session::runCommand(session_, "resign"); break;
    case 'd': session::runCommand(session_, "draw"); break;
    case 'p': if (onPairAgain) onPairAgain(); break;
    case 'l': showLegend(); break;
    case 'q': case 27: io_.stop(); break;
    default:
      if (code >= '1' && code <= '9') session::runCommand(session_, "choose " + std::string(1, static_cast<char>(code)));
  }
}

}  // namespace tessera::views
