#include "web_server.hpp"

#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <algorithm>
#include <deque>
#include <stdexcept>

#include "host/web/state_json.hpp"
#include "host/web/web_page.hpp"

namespace tessera::web {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = boost::asio::ip::tcp;

// Holds one of the server's connections for as long as it lives (WebServer::kMaxConnections).
class ConnectionSlot {
 public:
  explicit ConnectionSlot(std::shared_ptr<int> open) : open_(std::move(open)) { ++*open_; }
  ~ConnectionSlot() { --*open_; }
  ConnectionSlot(const ConnectionSlot&) = delete;
  ConnectionSlot& operator=(const ConnectionSlot&) = delete;

 private:
  std::shared_ptr<int> open_;
};

// One page's WebSocket: state out (newest wins when a slow client falls behind), commands in, and
// an error back to the page whose command could not be carried out.
class WebSocketSession : public std::enable_shared_from_this<WebSocketSession> {
 public:
  WebSocketSession(tcp::socket&& socket, WebServer& server, std::shared_ptr<bool> alive)
      : ws_(std::move(socket)), server_(server), alive_(std::move(alive)), slot_(server.openConnections()) {}

  void accept(http::request<http::string_body> request) {
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.async_accept(request, [self = shared_from_this()](beast::error_code ec) {
      if (ec || !*self->alive_) return;
      self->server_.join(self);
      self->send(self->server_.backend().stateJson());
      self->read();
    });
  }

  void send(std::string state) { enqueue({std::move(state), false}); }

 private:
  struct Message {
    std::string text;
    bool error = false;  // a reply to this page's own command, as opposed to the state
  };

  // Only the newest state matters when a slow client falls behind, and the newest error: behind the
  // message being written at most one of each waits.
  void enqueue(Message m) {
    const auto waiting = std::find_if(queue_.begin() + (queue_.empty() ? 0 : 1), queue_.end(),
                                      [&](const Message& q) { return q.error == m.error; });
    if (waiting != queue_.end()) queue_.erase(waiting);
    queue_.push_back(std::move(m));
    if (queue_.size() == 1) write();
  }

  // A command that cannot be carried out is answered to this page alone: {"error": "..."}.
  void read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return self->close();
      const std::string text = beast::buffers_to_string(self->buffer_.data());
      self->buffer_.consume(self->buffer_.size());
      if (!*self->alive_) return;
      const std::string error = self->ws_.got_text() ? self->server_.backend().command(text)
                                                     : "commands are text messages, such as 'hint'";
      if (!error.empty()) self->enqueue({errorJson(error), true});
      self->read();
    });
  }

  void write() {
    ws_.text(true);
    ws_.async_write(boost::asio::buffer(queue_.front().text), [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return self->close();
      self->queue_.pop_front();
      if (!self->queue_.empty()) self->write();
    });
  }

  void close() {
    if (*alive_) server_.leave(this);
  }

  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  std::deque<Message> queue_;
  WebServer& server_;
  std::shared_ptr<bool> alive_;
  ConnectionSlot slot_;
};

namespace {

using Response = http::response<http::string_body>;

Response reply(const http::request<http::string_body>& req, http::status status, std::string_view type,
               std::string body) {
  Response res{status, req.version()};
  res.set(http::field::server, "tessera");
  res.set(http::field::content_type, std::string(type));
  res.set(http::field::cache_control, "no-store");
  res.keep_alive(req.keep_alive());
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

// The path of a request, without its query.
std::string pathOf(const http::request<http::string_body>& req) {
  std::string target(req.target());
  if (const auto q = target.find('?'); q != std::string::npos) target.resize(q);
  return target;
}

// A browser names the page a request comes from: a command (or a WebSocket) from a page of another
// site, which any page opened on the phone could send, is refused. Programs that name no origin
// (curl, tests) are let through.
bool fromAnotherSite(const http::request<http::string_body>& req) {
  const auto origin = req.find(http::field::origin);
  if (origin == req.end()) return false;
  const std::string value(origin->value());
  const auto scheme = value.find("://");
  return scheme == std::string::npos || value.substr(scheme + 3) != std::string(req[http::field::host]);
}

Response handleGetOrPost(const http::request<http::string_body>& req, const WebBackend& backend) {
  const std::string target = pathOf(req);
  if (websocket::is_upgrade(req)) {
    if (target != "/ws") return reply(req, http::status::not_found, "text/plain", "the WebSocket is at /ws, not " + target + "\n");
    return reply(req, http::status::forbidden, "text/plain", "the WebSocket is only for tessera's own page\n");
  }
  const bool read = req.method() == http::verb::get || req.method() == http::verb::head;
  if (read) {
    if (target == "/" || target == "/index.html")
      return reply(req, http::status::ok, "text/html; charset=utf-8", std::string(webPageHtml()));
    if (target == "/state") return reply(req, http::status::ok, "application/json", backend.stateJson());
    if (target == "/board.png") {
      const auto png = backend.boardPng();
      return reply(req, http::status::ok, "image/png", std::string(png.begin(), png.end()));
    }
    if (target == "/review.json" && backend.reviewJson)
      return reply(req, http::status::ok, "application/json", backend.reviewJson());
    if (target == "/game.pgn") {
      Response res = reply(req, http::status::ok, "application/x-chess-pgn", backend.pgn());
      res.set(http::field::content_disposition, "attachment; filename=\"game.pgn\"");
      return res;
    }
  }
  if (req.method() == http::verb::post && target == "/command") {
    if (fromAnotherSite(req))
      return reply(req, http::status::forbidden, "text/plain", "commands come only from tessera's own page\n");
    const std::string error = backend.command(req.body());
    if (!error.empty()) return reply(req, http::status::bad_request, "text/plain", error + "\n");
    return reply(req, http::status::ok, "application/json", backend.stateJson());
  }
  const bool page = target == "/" || target == "/index.html" || target == "/state" || target == "/board.png" ||
                    target == "/game.pgn" || target == "/review.json";
  if (page || target == "/command") {
    Response res = reply(req, http::status::method_not_allowed, "text/plain",
                         std::string(req.method_string()) + " is not for " + target + "\n");
    res.set(http::field::allow, page ? "GET, HEAD" : "POST");
    return res;
  }
  return reply(req, http::status::not_found, "text/plain", "not found: " + target + "\n");
}

// A HEAD request gets the headers a GET would, and no body: a body there would be read as the
// start of the next response on the connection.
Response handle(const http::request<http::string_body>& req, const WebBackend& backend) {
  Response res = handleGetOrPost(req, backend);
  if (req.method() == http::verb::head) {
    const std::size_t length = res.body().size();
    res.body().clear();
    res.content_length(length);
  }
  return res;
}

// One HTTP connection: requests answered in turn until the client closes or upgrades to /ws.
class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket&& socket, WebServer& server, std::shared_ptr<bool> alive)
      : stream_(std::move(socket)), server_(server), alive_(std::move(alive)), slot_(server.openConnections()) {}

  void read() {
    request_ = {};
    stream_.expires_after(std::chrono::seconds(60));
    http::async_read(stream_, buffer_, request_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (!*self->alive_) return;
      if (isMalformedRequest(ec)) return self->refuse(ec);
      if (ec) return;
      if (websocket::is_upgrade(self->request_) && pathOf(self->request_) == "/ws" && !fromAnotherSite(self->request_)) {
        stream_timeout_off(self->stream_);
        std::make_shared<WebSocketSession>(self->stream_.release_socket(), self->server_, self->alive_)
            ->accept(std::move(self->request_));
        return;
      }
      self->response_ = std::make_shared<Response>(handle(self->request_, self->server_.backend()));
      http::async_write(self->stream_, *self->response_, [self](beast::error_code ec, std::size_t) {
        if (ec) return;
        if (!self->response_->keep_alive()) {
          beast::error_code ignored;
          self->stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
          return;
        }
        self->read();
      });
    });
  }

 private:
  static void stream_timeout_off(beast::tcp_stream& s) { s.expires_never(); }

  // Bytes that are no HTTP request (or one too large), as opposed to a client leaving or timing out.
  static bool isMalformedRequest(const beast::error_code& ec) {
    return ec && ec.category() == beast::error_code(http::error::bad_target).category() &&
           ec != http::error::end_of_stream && ec != http::error::partial_message;
  }

  // Says what was wrong, then closes the connection: the parser cannot find the next request.
  void refuse(const beast::error_code& ec) {
    auto res = std::make_shared<Response>(
        reply(request_, http::status::bad_request, "text/plain", "not an HTTP request tessera can read: " + ec.message() + "\n"));
    res->keep_alive(false);
    http::async_write(stream_, *res, [self = shared_from_this(), res](beast::error_code, std::size_t) {
      beast::error_code ignored;
      self->stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
    });
  }

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  http::request<http::string_body> request_;
  std::shared_ptr<Response> response_;
  WebServer& server_;
  std::shared_ptr<bool> alive_;
  ConnectionSlot slot_;
};

}  // namespace

WebServer::WebServer(boost::asio::io_context& io, unsigned short port, WebBackend backend)
    : io_(io), acceptor_(io), retryTimer_(io), backend_(std::move(backend)), alive_(std::make_shared<bool>(true)) {
  const tcp::endpoint endpoint(tcp::v4(), port);
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(boost::asio::socket_base::reuse_address(true));
  beast::error_code ec;
  acceptor_.bind(endpoint, ec);
  if (!ec) acceptor_.listen(boost::asio::socket_base::max_listen_connections, ec);
  if (ec) throw std::runtime_error("cannot serve the web page on port " + std::to_string(port) + ": " + ec.message() +
                                   (ec == boost::asio::error::address_in_use ? " (another program has it: choose another with --http)" : ""));
  port_ = acceptor_.local_endpoint().port();
  accept();
}

WebServer::~WebServer() {
  *alive_ = false;
  beast::error_code ignored;
  acceptor_.close(ignored);
}

void WebServer::accept() {
  acceptor_.async_accept(io_, [this, alive = alive_](beast::error_code ec, tcp::socket socket) {
    if (!*alive || !acceptor_.is_open()) return;
    if (ec) {
      // Out of file descriptors, say: trying again at once would spin and starve the game.
      retryTimer_.expires_after(std::chrono::milliseconds(200));
      retryTimer_.async_wait([this, alive](beast::error_code timerError) {
        if (!timerError && *alive && acceptor_.is_open()) accept();
      });
      return;
    }
    // Past the cap a new connection is closed at once: idle clients cannot take what the camera
    // and the journal need.
    if (*open_ < kMaxConnections) std::make_shared<HttpSession>(std::move(socket), *this, alive_)->read();
    accept();
  });
}

void WebServer::join(const std::shared_ptr<WebSocketSession>& s) { pages_.push_back(s); }

void WebServer::leave(const WebSocketSession* s) {
  std::erase_if(pages_, [s](const std::weak_ptr<WebSocketSession>& w) {
    const auto p = w.lock();
    return !p || p.get() == s;
  });
}

int WebServer::connectedPages() const {
  int n = 0;
  for (const auto& w : pages_)
    if (!w.expired()) ++n;
  return n;
}

void WebServer::broadcastState() {
  if (pages_.empty()) return;
  const std::string state = backend_.stateJson();
  for (const auto& w : pages_)
    if (const auto p = w.lock()) p->send(state);
}

}  // namespace tessera::web
