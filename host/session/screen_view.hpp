#pragma once
// The display on the Pi's own screen: a full-screen window (OpenCV highgui) showing the display
// image after every event, and keys for the players: h hint, t takeback, c or Enter confirm,
// 1-9 choose, o override, n new game, r resign, d draw, q or Esc quit.
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

#include "host/session/display_view.hpp"

namespace tessera::session {

class ScreenView {
 public:
  // Throws std::runtime_error when there is no graphical display to open the window on.
  ScreenView(boost::asio::io_context& io, RefereeSession& session, DisplayView& display, EventBus& bus);
  ~ScreenView();

 private:
  void pollKeys();
  void key(int code);

  boost::asio::io_context& io_;
  boost::asio::steady_timer timer_;
  RefereeSession& session_;
  DisplayView& display_;
};

}  // namespace tessera::session
