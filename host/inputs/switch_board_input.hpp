#pragma once
// The GPIO switch board and its buttons as the table's input (`tessera play --input gpio`): polled
// on the event loop at the scan interval; each settled board goes to the session (read again a
// moment later, see ReadAgain), each button press becomes the session command of its name
// (confirm, takeback, hint, ...; "menu" is left to the views).
#include <chrono>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

#include "hardware/gpio/button_panel.hpp"
#include "hardware/gpio/switch_board_sensor.hpp"
#include "host/inputs/read_again.hpp"
#include "host/session/referee_session.hpp"

namespace tessera::inputs {

class SwitchBoardInput {
 public:
  SwitchBoardInput(boost::asio::io_context& io, gpio::SwitchBoardSensor& board, gpio::ButtonPanel& buttons,
                   std::chrono::milliseconds scanInterval, session::RefereeSession& session);
  void start() { scan(); }
  void stop() { timer_.cancel(); }
  long boardsRead() const { return boards_; }

 private:
  void scan();

  gpio::SwitchBoardSensor& board_;
  gpio::ButtonPanel& buttons_;
  std::chrono::milliseconds interval_;
  session::RefereeSession& session_;
  ReadAgain rereader_;
  boost::asio::steady_timer timer_;
  long boards_ = 0;
};

}  // namespace tessera::inputs
