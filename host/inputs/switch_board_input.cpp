#include "switch_board_input.hpp"

#include "host/session/session_commands.hpp"

namespace tessera::inputs {

SwitchBoardInput::SwitchBoardInput(boost::asio::io_context& io, gpio::SwitchBoardSensor& board,
                                   gpio::ButtonPanel& buttons, std::chrono::milliseconds scanInterval,
                                   session::RefereeSession& session)
    : board_(board), buttons_(buttons), interval_(scanInterval), session_(session), rereader_(io, session), timer_(io) {}

void SwitchBoardInput::scan() {
  if (auto report = board_.poll()) {
    ++boards_;
    rereader_.feed(report->observation);
  }
  for (const auto& press : buttons_.wait(std::chrono::nanoseconds(0)))
    if (press.action == gpio::ButtonAction::Pressed && press.button != "menu") session::runCommand(session_, press.button);
  timer_.expires_after(interval_);
  timer_.async_wait([this](const boost::system::error_code& ec) {
    if (!ec) scan();
  });
}

}  // namespace tessera::inputs
