#pragma once
// A switch board or the firmware reports a board once, when it settles. Reading it again a moment
// later (unchanged) is the second reading that lets the referee rule out a lone misread.
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

#include "host/session/referee_session.hpp"

namespace tessera::inputs {

class ReadAgain {
 public:
  ReadAgain(boost::asio::io_context& io, session::RefereeSession& session) : timer_(io), session_(session) {}
  void feed(const Observation& o) {
    session_.onObservation(o);
    latest_ = o;
    timer_.expires_after(std::chrono::milliseconds(300));
    timer_.async_wait([this](const boost::system::error_code& ec) {
      if (!ec) session_.onObservation(latest_);
    });
  }

 private:
  boost::asio::steady_timer timer_;
  session::RefereeSession& session_;
  Observation latest_;
};

}  // namespace tessera::inputs
