#pragma once
// The display on the Pi's own screen: a full-screen window (OpenCV highgui) redrawn after every
// event in the landscape layout fitted to the screen (board full height, status panel beside it,
// letters sized to read from two metres), and keys for the players: h hint, t takeback, c or Enter confirm,
// 1-9 choose, o override, n new game, r resign, d draw, p pair again (a new
// pairing code, every phone unpaired), l the legend, q or Esc quit. A touch (or click) on a piece
// shows where it can go; on it again, or beside the board, hides that. Key l or a touch on the
// panel shows the legend of the fairy pieces in the move list's place for kLegendSeconds.
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

#include <functional>
#include <optional>

#include "host/views/display_view.hpp"

namespace tessera::views {

class ScreenView {
 public:
  static constexpr int kLegendSeconds = 10;
  // Throws std::runtime_error when there is no graphical display to open the window on.
  // `screenSize`: the screen's pixels; without it, the full-screen window's size (1280x720 when the
  // window system does not make the window full-screen). `screenInches`: its diagonal; given, the
  // headline (what the game waits for) is drawn to read from two metres.
  ScreenView(boost::asio::io_context& io, session::RefereeSession& session, DisplayView& display, session::EventBus& bus,
             std::optional<cv::Size> screenSize = std::nullopt, std::optional<double> screenInches = std::nullopt);
  ~ScreenView();
  // Drawn over the display at every redraw, on this screen alone (the pairing panel).
  void setOverlay(std::function<void(cv::Mat&)> draw) {
    overlay_ = std::move(draw);
    show();
  }
  void redraw() { show(); }
  // Key p: a new pairing code, every paired device unpaired.
  std::function<void()> onPairAgain;

 private:
  void pollKeys();
  void key(int code);
  void show();
  void showLegend();
  static void onMouse(int event, int x, int y, int flags, void* self);

  boost::asio::io_context& io_;
  boost::asio::steady_timer timer_;
  boost::asio::steady_timer legendTimer_;  // ends the legend asked for
  bool legendShown_ = false;
  session::RefereeSession& session_;
  std::optional<display::BoardPainter> painter_;  // sized to the window once it is full-screen
  std::function<void(cv::Mat&)> overlay_;
};

}  // namespace tessera::views
