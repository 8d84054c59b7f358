#pragma once
// The web page's server (Boost.Beast): HTTP for the page, the board image, the state and the PGN,
// and a WebSocket at /ws that pushes the state on every change and takes the buttons' commands.
// Runs on the session's io_context; a browser that drops its connection only loses its session.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace tessera::web {

// What the server asks of the program; every function is called on the io_context's thread.
struct WebBackend {
  std::function<std::string()> stateJson;
  std::function<std::string()> pgn;
  std::function<std::vector<unsigned char>()> boardPng;
  // The game's review (review_json.hpp), at /review.json; empty: not served.
  std::function<std::string()> reviewJson;
  // A button: "hint", "takeback", "confirm", "choose N", "override", "new", "resign", "draw", or a
  // tap on the board: "show SQUARE".
  // Returns an error text for an unknown command, empty otherwise; the page that sent it gets that
  // text back as {"error": "..."}.
  std::function<std::string(const std::string&)> command;
};

class WebSocketSession;

class WebServer {
 public:
  // Connections (HTTP and WebSocket) served at once; more are closed as they come.
  static constexpr int kMaxConnections = 64;

  // Listens on all interfaces at `port` (0: any free port, see port()). Throws
  // boost::system::system_error when the port cannot be opened.
  WebServer(boost::asio::io_context& io, unsigned short port, WebBackend backend);
  ~WebServer();
  unsigned short port() const { return port_; }
  // Sends the current state to every connected page.
  void broadcastState();
  int connectedPages() const;

  // For the connections.
  const WebBackend& backend() const { return backend_; }
  void join(const std::shared_ptr<WebSocketSession>& s);
  // The count of open connections, shared with each (it outlives the server).
  const std::shared_ptr<int>& openConnections() const { return open_; }
  void leave(const WebSocketSession* s);

 private:
  void accept();

  boost::asio::io_context& io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::steady_timer retryTimer_;
  WebBackend backend_;
  unsigned short port_ = 0;
  std::vector<std::weak_ptr<WebSocketSession>> pages_;
  std::shared_ptr<bool> alive_;
  std::shared_ptr<int> open_ = std::make_shared<int>(0);
};

}  // namespace tessera::web
