#pragma once
// The hub's web server (Boost.Beast, HTTP/1.1, GET and HEAD only; read only, docs/security.md): the arbiter page (/), a spectator page
// per board (/board/NAME), the round PGN (/round.pgn) and each board's (/board/NAME.pgn) for a
// broadcast service that polls a PGN URL, the JSON feed (/feed.json; ?after=REVISION waits up to
// 25 s for a change, so a page hears of an action at once), one board's JSON (/board/NAME.json)
// and the LiveChess layout (/livechess/index.json, /livechess/game-N.json).
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <memory>
#include <string>

#include "host/hub/hub.hpp"

namespace tessera::hub {

class HubHttp {
 public:
  // Listens on `address`:`port` (0: any free port). Throws boost::system::system_error when it cannot.
  HubHttp(boost::asio::io_context& io, Hub& hub, const std::string& address, unsigned short port);
  unsigned short port() const { return port_; }

  struct Reply {
    int status = 200;
    std::string contentType;
    std::string body;
  };
  // The reply to GET `target`, or none when it is a feed to wait for (revision not past `after`).
  std::optional<Reply> answer(const std::string& target, long* after = nullptr) const;
  Hub& hub() { return hub_; }

 private:
  void accept();
  boost::asio::io_context& io_;
  Hub& hub_;
  boost::asio::ip::tcp::acceptor acceptor_;
  unsigned short port_ = 0;
  std::shared_ptr<int> open_ = std::make_shared<int>(0);  // connections open now
  // An arbiter page and a few hundred spectators, each page holding one waiting feed; what comes
  // beyond is closed, so that the hub's files and its broker connection never lack descriptors.
  static constexpr int kMaxConnections = 512;
};

// The pages (hub_pages.cpp).
std::string arbiterPage();
std::string spectatorPage();

}  // namespace tessera::hub
