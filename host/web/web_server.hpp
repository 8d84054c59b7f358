#pragma once
// The web page's server (Boost.Beast): HTTP for the page, the board image, the state and the PGN,
// and a WebSocket at /ws that pushes the state on every change and takes the buttons' commands.
// Runs on the session's io_context; a browser that drops its connection only loses its session.
//
// Anyone may watch; commands (POST /command, or a message on the WebSocket) need a device paired
// with the code the board shows (web/pairing.hpp): its token comes as the cookie POST /pair sets
// or as "Authorization: Bearer TOKEN". Refused: 401 without a valid token, 403 from another site
// or when the page is read-only; nothing reaches the game. docs/security.md.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "host/web/pairing.hpp"
#include "host/web/request_budget.hpp"

namespace tessera::web {

// What the server asks of the program; every function is called on the io_context's thread.
struct WebBackend {
  std::function<std::string()> stateJson;
  std::function<std::string()> pgn;
  std::function<std::vector<unsigned char>()> boardPng;
  // The game's review (review_json.hpp), at /review.json; empty: not served.
  std::function<std::string()> reviewJson;
  // A button: "hint", "takeback", "confirm", "choose N", "override", "new", "resign", "draw", or a
  // tap on the board: "show SQUARE". Called only for a paired device.
  // Returns an error text for an unknown command, empty otherwise; the page that sent it gets that
  // text back as {"error": "..."}.
  std::function<std::string(const std::string&)> command;
};

// What one network address may take of the server.
struct WebLimits {
  std::size_t bodyBytes = 4096;         // a request's body (a command, a code): larger gets 413
  std::size_t messageBytes = 4096;      // a WebSocket message
  std::chrono::seconds idle{15};        // an HTTP connection without a whole request is closed
  std::chrono::seconds socketIdle{30};  // a WebSocket that answers no ping for this long is closed
  double requestsPerSecond = 30;        // HTTP requests and WebSocket messages, per address...
  double burst = 120;                   // ...with this many at once
  int connectionsPerAddress = 16;       // one address cannot take all kMaxConnections
};

struct WebServerOptions {
  std::string bindAddress = "0.0.0.0";  // an IPv4 or IPv6 address: "0.0.0.0" all, "127.0.0.1" this computer
  unsigned short port = 0;              // 0: any free port, see port()
  bool readOnly = false;                // the page only watches: no pairing, no command
  WebLimits limits;
};

// The Content-Security-Policy of every response: the page's own files only, no inline script or
// style, no frame around it.
inline constexpr const char* kContentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
    "form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

class WebSocketSession;

class WebServer {
 public:
  // Connections (HTTP and WebSocket) served at once; more are closed as they come.
  static constexpr int kMaxConnections = 64;

  // Listens on options.bindAddress:options.port. Throws std::runtime_error when the address is
  // none of this computer's or the port cannot be opened.
  WebServer(boost::asio::io_context& io, WebServerOptions options, WebBackend backend, Pairing& pairing);
  ~WebServer();
  unsigned short port() const { return port_; }
  // Sends the current state to every connected page.
  void broadcastState();
  // Tells every connected page whether it is still paired (after a revocation, say).
  void broadcastAccess();
  int connectedPages() const;

  // For the connections.
  const WebBackend& backend() const { return backend_; }
  const WebServerOptions& options() const { return options_; }
  Pairing& pairing() { return pairing_; }
  // Takes one request from `address`'s budget; false when it sends too fast.
  bool takeRequest(const std::string& address);
  void join(const std::shared_ptr<WebSocketSession>& s);
  void leave(const WebSocketSession* s);
  // Open connections, in all and by address, shared with each (they outlive the server).
  struct Connections {
    int open = 0;
    std::map<std::string, int> byAddress;
  };
  const std::shared_ptr<Connections>& connections() const { return connections_; }

 private:
  void accept();

  boost::asio::io_context& io_;
  WebServerOptions options_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::steady_timer retryTimer_;
  WebBackend backend_;
  Pairing& pairing_;
  RequestBudget budget_;
  unsigned short port_ = 0;
  std::vector<std::weak_ptr<WebSocketSession>> pages_;
  std::shared_ptr<bool> alive_;
  std::shared_ptr<Connections> connections_ = std::make_shared<Connections>();
};

}  // namespace tessera::web
