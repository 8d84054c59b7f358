#include "web_server.hpp"

#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <algorithm>
#include <deque>
#include <optional>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "host/web/web_page.hpp"

namespace tessera::web {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = boost::asio::ip::tcp;
using Request = http::request<http::string_body>;

namespace {

constexpr const char* kCookie = "tessera_token";

// Why a command is refused; empty when the device may command.
struct Refusal {
  http::status status = http::status::ok;
  std::string text;
  bool refused() const { return status != http::status::ok; }
};

// The token a request carries: "Authorization: Bearer TOKEN" (programs), else the cookie that
// POST /pair set (the page).
std::string tokenOf(const Request& req) {
  if (const auto auth = req.find(http::field::authorization); auth != req.end()) {
    const std::string_view value(auth->value().data(), auth->value().size());
    constexpr std::string_view bearer = "Bearer ";
    if (value.substr(0, bearer.size()) == bearer) return std::string(value.substr(bearer.size()));
  }
  for (auto it = req.find(http::field::cookie); it != req.end() && it->name() == http::field::cookie; ++it) {
    std::string_view cookies(it->value().data(), it->value().size());
    while (!cookies.empty()) {
      const auto end = cookies.find(';');
      std::string_view pair = cookies.substr(0, end);
      while (!pair.empty() && pair.front() == ' ') pair.remove_prefix(1);
      const std::string prefix = std::string(kCookie) + "=";
      if (pair.substr(0, prefix.size()) == prefix) return std::string(pair.substr(prefix.size()));
      cookies = end == std::string_view::npos ? std::string_view() : cookies.substr(end + 1);
    }
  }
  return "";
}

Refusal refusalFor(WebServer& server, const std::string& token) {
  if (server.options().readOnly)
    return {http::status::forbidden,
            "this board's web page is read-only (--http-read-only): commands come from the board's own buttons and screen"};
  if (token.empty())
    return {http::status::unauthorized,
            "watching only: to command the board, pair this device with the code shown on the board's screen"};
  if (!server.pairing().admits(token))
    return {http::status::unauthorized,
            "this device is not paired with this board's game (a new game or a re-pairing ended its pairing, "
            "or it was paired with another board): pair it again with the code shown on the board's screen"};
  return {};
}

std::string accessJson(WebServer& server, const std::string& token) {
  const bool readOnly = server.options().readOnly;
  return nlohmann::json{{"access", {{"paired", !readOnly && server.pairing().admits(token)}, {"readOnly", readOnly}}}}.dump();
}

// {"error":"..."}: the answer to the page whose command could not be carried out (text that is no
// UTF-8 goes out with U+FFFD in place of each bad byte).
std::string errorJson(std::string_view message) {
  return nlohmann::json{{"error", message}}.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string addressOf(const tcp::socket& socket) {
  beast::error_code ec;
  const auto endpoint = socket.remote_endpoint(ec);
  return ec ? std::string("unknown") : endpoint.address().to_string();
}

}  // namespace

// Holds one of the server's connections for as long as it lives (WebServer::kMaxConnections, and
// WebLimits::connectionsPerAddress).
class ConnectionSlot {
 public:
  ConnectionSlot(std::shared_ptr<WebServer::Connections> counts, std::string address)
      : counts_(std::move(counts)), address_(std::move(address)) {
    ++counts_->open;
    ++counts_->byAddress[address_];
  }
  ~ConnectionSlot() {
    --counts_->open;
    if (--counts_->byAddress[address_] <= 0) counts_->byAddress.erase(address_);
  }
  ConnectionSlot(const ConnectionSlot&) = delete;
  ConnectionSlot& operator=(const ConnectionSlot&) = delete;
  const std::string& address() const { return address_; }

 private:
  std::shared_ptr<WebServer::Connections> counts_;
  std::string address_;
};

// One page's WebSocket: state out (newest wins when a slow client falls behind), commands in, and
// an error back to the page whose command could not be carried out. Anyone may watch; each command
// is checked against the token the connection was opened with, at the time it comes (a pairing
// revoked meanwhile no longer counts).
class WebSocketSession : public std::enable_shared_from_this<WebSocketSession> {
 public:
  WebSocketSession(tcp::socket&& socket, WebServer& server, std::shared_ptr<bool> alive, std::string address)
      : ws_(std::move(socket)), server_(server), alive_(std::move(alive)),
        slot_(server.connections(), std::move(address)) {}

  void accept(Request request) {
    token_ = tokenOf(request);
    const auto& limits = server_.options().limits;
    websocket::stream_base::timeout timeout{};
    timeout.handshake_timeout = limits.idle;
    timeout.idle_timeout = limits.socketIdle;  // pinged at half of it; closed when nothing comes back
    timeout.keep_alive_pings = true;
    ws_.set_option(timeout);
    ws_.read_message_max(limits.messageBytes);
    ws_.set_option(websocket::stream_base::decorator([](websocket::response_type& res) {
      res.set(http::field::server, "tessera");
    }));
    ws_.async_accept(request, [self = shared_from_this()](beast::error_code ec) {
      if (ec || !*self->alive_) return;
      self->server_.join(self);
      self->sendAccess();
      self->send(self->server_.backend().stateJson());
      self->read();
    });
  }

  void send(std::string state) { enqueue({std::move(state), Kind::State}); }
  void sendAccess() { enqueue({accessJson(server_, token_), Kind::Access}); }

 private:
  enum class Kind { State, Error, Access };
  struct Message {
    std::string text;
    Kind kind = Kind::State;
  };

  // Only the newest of each kind matters when a slow client falls behind: behind the message
  // being written at most one state, one error and one access wait.
  void enqueue(Message m) {
    const auto waiting = std::find_if(queue_.begin() + (queue_.empty() ? 0 : 1), queue_.end(),
                                      [&](const Message& q) { return q.kind == m.kind; });
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
      self->enqueueReplyTo(text);
      self->read();
    });
  }

  void enqueueReplyTo(const std::string& text) {
    if (!server_.takeRequest(slot_.address()))
      return enqueue({errorJson("too many commands at once: wait a moment"), Kind::Error});
    if (!ws_.got_text()) return enqueue({errorJson("commands are text messages, such as 'hint'"), Kind::Error});
    if (const Refusal r = refusalFor(server_, token_); r.refused()) {
      enqueue({errorJson(r.text), Kind::Error});
      return sendAccess();
    }
    if (const std::string error = server_.backend().command(text); !error.empty())
      enqueue({errorJson(error), Kind::Error});
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
  std::string token_;
};

namespace {

using Response = http::response<http::string_body>;

// Every response: not kept by any cache (the board changes with every action, and a command's
// answer is no page to keep), no other site's frame or script, no guessing of types.
Response reply(const Request& req, http::status status, std::string_view type, std::string body) {
  Response res{status, req.version()};
  res.set(http::field::server, "tessera");
  res.set(http::field::content_type, std::string(type));
  res.set(http::field::cache_control, "no-store");
  res.set("Content-Security-Policy", kContentSecurityPolicy);
  res.set("X-Content-Type-Options", "nosniff");
  res.set("X-Frame-Options", "DENY");
  res.set("Referrer-Policy", "no-referrer");
  res.set("Cross-Origin-Opener-Policy", "same-origin");
  res.set("Cross-Origin-Resource-Policy", "same-origin");
  res.keep_alive(req.keep_alive());
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

Response refuse(const Request& req, const Refusal& r) {
  Response res = reply(req, r.status, "text/plain; charset=utf-8", r.text + "\n");
  if (r.status == http::status::unauthorized) res.set(http::field::www_authenticate, "Bearer realm=\"tessera\"");
  return res;
}

// The path of a request, without its query.
std::string pathOf(const Request& req) {
  std::string target(req.target());
  if (const auto q = target.find('?'); q != std::string::npos) target.resize(q);
  return target;
}

// A browser names the page a request comes from: a command (or a WebSocket) from a page of another
// site, which any page opened on the phone could send, is refused. Programs that name no origin
// (curl, tests) are let through, to be judged by their token.
bool fromAnotherSite(const Request& req) {
  const auto origin = req.find(http::field::origin);
  if (origin == req.end()) return false;
  const std::string value(origin->value());
  const auto scheme = value.find("://");
  return scheme == std::string::npos || value.substr(scheme + 3) != std::string(req[http::field::host]);
}

// POST /pair with the code shown on the board's screen (alone, or as code=NNNNNN): the token comes
// back as an HttpOnly, SameSite=Strict cookie for the page and in the JSON for programs.
Response pairDevice(const Request& req, WebServer& server) {
  if (server.options().readOnly)
    return refuse(req, {http::status::forbidden, "this board's web page is read-only (--http-read-only): no device can be paired"});
  std::string_view code = req.body();
  if (code.substr(0, 5) == "code=") code.remove_prefix(5);
  const Pairing::Outcome outcome = server.pairing().pair(code, Pairing::Clock::now());
  using Kind = Pairing::Outcome::Kind;
  if (outcome.kind == Kind::Paired) {
    Response res = reply(req, http::status::ok, "application/json", nlohmann::json{{"paired", true}, {"token", outcome.token}}.dump());
    res.set(http::field::set_cookie, std::string(kCookie) + "=" + outcome.token + "; Path=/; HttpOnly; SameSite=Strict");
    return res;
  }
  if (outcome.kind == Kind::LockedOut) {
    Response res = refuse(req, {http::status::too_many_requests, outcome.message});
    res.set(http::field::retry_after, std::to_string(outcome.wait.count()));
    return res;
  }
  return refuse(req, {http::status::forbidden, outcome.message});
}

Response handleGetOrPost(const Request& req, WebServer& server) {
  const WebBackend& backend = server.backend();
  const std::string target = pathOf(req);
  if (websocket::is_upgrade(req)) {
    if (target != "/ws") return reply(req, http::status::not_found, "text/plain", "the WebSocket is at /ws, not " + target + "\n");
    return reply(req, http::status::forbidden, "text/plain", "the WebSocket is only for tessera's own page\n");
  }
  const bool read = req.method() == http::verb::get || req.method() == http::verb::head;
  const std::optional<WebFile> file = webPageFile(target == "/" ? "index.html" : std::string_view(target).substr(1));
  if (read) {
    if (file) return reply(req, http::status::ok, file->type, std::string(file->bytes));
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
  const bool post = req.method() == http::verb::post;
  if (post && (target == "/command" || target == "/pair") && fromAnotherSite(req))
    return reply(req, http::status::forbidden, "text/plain", "commands come only from tessera's own page\n");
  if (post && target == "/pair") return pairDevice(req, server);
  if (post && target == "/command") {
    if (const Refusal r = refusalFor(server, tokenOf(req)); r.refused()) return refuse(req, r);
    const std::string error = backend.command(req.body());
    if (!error.empty()) return reply(req, http::status::bad_request, "text/plain", error + "\n");
    return reply(req, http::status::ok, "application/json", backend.stateJson());
  }
  const bool page = file || target == "/state" || target == "/board.png" || target == "/game.pgn" ||
                    target == "/review.json";
  if (page || target == "/command" || target == "/pair") {
    Response res = reply(req, http::status::method_not_allowed, "text/plain",
                         std::string(req.method_string()) + " is not for " + target + "\n");
    res.set(http::field::allow, page ? "GET, HEAD" : "POST");
    return res;
  }
  return reply(req, http::status::not_found, "text/plain", "not found: " + target + "\n");
}

// A HEAD request gets the headers a GET would, and no body: a body there would be read as the
// start of the next response on the connection.
Response handle(const Request& req, WebServer& server) {
  Response res = handleGetOrPost(req, server);
  if (req.method() == http::verb::head) {
    const std::size_t length = res.body().size();
    res.body().clear();
    res.content_length(length);
  }
  return res;
}

// One HTTP connection: requests answered in turn until the client closes or upgrades to /ws. A
// request must come whole within WebLimits::idle, and its answer be taken within it.
class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket&& socket, WebServer& server, std::shared_ptr<bool> alive, std::string address)
      : stream_(std::move(socket)), server_(server), alive_(std::move(alive)), slot_(server.connections(), std::move(address)) {}

  void read() {
    parser_.emplace();
    parser_->body_limit(server_.options().limits.bodyBytes);
    stream_.expires_after(server_.options().limits.idle);
    http::async_read(stream_, buffer_, *parser_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (!*self->alive_) return;
      if (ec == http::error::body_limit)
        return self->refuseAndClose(http::status::payload_too_large,
                                    "a request's body is at most " + std::to_string(self->server_.options().limits.bodyBytes) + " bytes\n");
      if (isMalformedRequest(ec))
        return self->refuseAndClose(http::status::bad_request, "not an HTTP request tessera can read: " + ec.message() + "\n");
      if (ec) return;
      self->request_ = self->parser_->release();
      if (!self->server_.takeRequest(self->slot_.address())) {
        auto res = std::make_shared<Response>(reply(self->request_, http::status::too_many_requests, "text/plain",
                                                    "too many requests at once: wait a moment\n"));
        res->set(http::field::retry_after, "1");
        return self->sendAndClose(res);
      }
      if (websocket::is_upgrade(self->request_) && pathOf(self->request_) == "/ws" && !fromAnotherSite(self->request_)) {
        self->stream_.expires_never();
        std::make_shared<WebSocketSession>(self->stream_.release_socket(), self->server_, self->alive_, self->slot_.address())
            ->accept(std::move(self->request_));
        return;
      }
      self->response_ = std::make_shared<Response>(handle(self->request_, self->server_));
      self->stream_.expires_after(self->server_.options().limits.idle);
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
  // Bytes that are no HTTP request (or one too large), as opposed to a client leaving or timing out.
  static bool isMalformedRequest(const beast::error_code& ec) {
    return ec && ec.category() == beast::error_code(http::error::bad_target).category() &&
           ec != http::error::end_of_stream && ec != http::error::partial_message;
  }

  // Says what was wrong, then closes the connection: the parser cannot find the next request.
  void refuseAndClose(http::status status, const std::string& text) {
    sendAndClose(std::make_shared<Response>(reply(request_, status, "text/plain", text)));
  }

  void sendAndClose(std::shared_ptr<Response> res) {
    res->keep_alive(false);
    stream_.expires_after(server_.options().limits.idle);
    http::async_write(stream_, *res, [self = shared_from_this(), res](beast::error_code, std::size_t) {
      beast::error_code ignored;
      self->stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
    });
  }

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  Request request_;
  std::shared_ptr<Response> response_;
  WebServer& server_;
  std::shared_ptr<bool> alive_;
  ConnectionSlot slot_;
};

}  // namespace

WebServer::WebServer(boost::asio::io_context& io, WebServerOptions options, WebBackend backend, Pairing& pairing)
    : io_(io),
      options_(std::move(options)),
      acceptor_(io),
      retryTimer_(io),
      backend_(std::move(backend)),
      pairing_(pairing),
      budget_(options_.limits.requestsPerSecond, options_.limits.burst),
      alive_(std::make_shared<bool>(true)) {
  beast::error_code ec;
  const auto address = boost::asio::ip::make_address(options_.bindAddress, ec);
  if (ec)
    throw std::runtime_error("cannot serve the web page on '" + options_.bindAddress +
                             "': not an IP address (--http-bind takes one, such as 0.0.0.0 or 127.0.0.1)");
  const tcp::endpoint endpoint(address, options_.port);
  const std::string where = "cannot serve the web page on " +
                            (options_.bindAddress == "0.0.0.0" ? std::string() : options_.bindAddress + " ") + "port " +
                            std::to_string(options_.port) + ": ";
  acceptor_.open(endpoint.protocol(), ec);
  if (!ec) acceptor_.set_option(boost::asio::socket_base::reuse_address(true), ec);
  if (!ec) acceptor_.bind(endpoint, ec);
  if (!ec) acceptor_.listen(boost::asio::socket_base::max_listen_connections, ec);
  if (ec)
    throw std::runtime_error(where + ec.message() +
                             (ec == boost::asio::error::address_in_use ? " (another program has it: choose another with --http)"
                              : ec == boost::system::errc::address_not_available
                                  ? " (no network interface of this computer has that address: see --http-bind)"
                                  : ""));
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
    // Past the caps a new connection is closed at once: idle clients cannot take what the camera
    // and the journal need, and one address cannot crowd out the players' phones.
    std::string address = addressOf(socket);
    const auto mine = connections_->byAddress.find(address);
    const int fromThere = mine == connections_->byAddress.end() ? 0 : mine->second;
    if (connections_->open < kMaxConnections && fromThere < options_.limits.connectionsPerAddress)
      std::make_shared<HttpSession>(std::move(socket), *this, alive_, std::move(address))->read();
    accept();
  });
}

bool WebServer::takeRequest(const std::string& address) { return budget_.take(address, RequestBudget::Clock::now()); }

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

void WebServer::broadcastAccess() {
  for (const auto& w : pages_)
    if (const auto p = w.lock()) p->sendAccess();
}

}  // namespace tessera::web
