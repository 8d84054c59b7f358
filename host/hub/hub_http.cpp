#include "host/hub/hub_http.hpp"

#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

namespace tessera::hub {

namespace beast = boost::beast;
namespace http = beast::http;
using tcp = boost::asio::ip::tcp;

namespace {

bool endsWith(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// A request must come whole, and an answer be taken, within this; an idle connection is closed then.
constexpr auto kIoTimeout = std::chrono::seconds(30);

// One connection: requests answered in turn; a feed that waits for a change is answered when the
// hub changes or after 25 s.
class HttpConnection : public std::enable_shared_from_this<HttpConnection> {
 public:
  // `open` counts the connections; shared, as a connection may outlive the server at exit.
  HttpConnection(tcp::socket socket, HubHttp& server, std::shared_ptr<int> open)
      : stream_(std::move(socket)), server_(server), timer_(stream_.get_executor()), open_(std::move(open)) {
    ++*open_;
  }
  ~HttpConnection() { --*open_; }
  void start() { read(); }

 private:
  void read() {
    request_ = {};
    stream_.expires_after(kIoTimeout);
    http::async_read(stream_, buffer_, request_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return;
      self->respond();
    });
  }

  void respond() {
    // Everything served is read only: any other method is refused, and nothing is done with it.
    if (request_.method() != http::verb::get && request_.method() != http::verb::head)
      return send({405, "text/plain; charset=utf-8", "the hub's pages are read only: GET and HEAD only\n"});
    const std::string target(request_.target());
    long after = 0;
    if (auto reply = server_.answer(target, &after)) return send(*reply);
    // Wait for the hub's next change, at most 25 s.
    auto self = shared_from_this();
    auto answered = std::make_shared<bool>(false);
    const auto answerNow = [self, target, answered] {
      if (*answered) return;
      *answered = true;
      self->timer_.cancel();
      send(*self, self->server_.answer(target).value());
    };
    server_.hub().whenChanged(answerNow);
    timer_.expires_after(std::chrono::seconds(25));
    timer_.async_wait([answerNow](beast::error_code ec) {
      if (!ec) answerNow();
    });
  }

  static void send(HttpConnection& c, const HubHttp::Reply& r) { c.send(r); }

  void send(const HubHttp::Reply& r) {
    auto response = std::make_shared<http::response<http::string_body>>(static_cast<http::status>(r.status), request_.version());
    response->set(http::field::server, "tessera-hub");
    response->set(http::field::content_type, r.contentType);
    response->set(http::field::cache_control, "no-cache");
    response->set(http::field::access_control_allow_origin, "*");
    if (r.status == 405) response->set(http::field::allow, "GET, HEAD");
    response->set("X-Content-Type-Options", "nosniff");
    response->keep_alive(request_.keep_alive());
    response->body() = request_.method() == http::verb::head ? "" : r.body;
    response->prepare_payload();
    if (request_.method() == http::verb::head) response->content_length(r.body.size());
    stream_.expires_after(kIoTimeout);
    http::async_write(stream_, *response, [self = shared_from_this(), response](beast::error_code ec, std::size_t) {
      if (ec || !response->keep_alive()) {
        beast::error_code ignored;
        self->stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
        return;
      }
      self->read();
    });
  }

  beast::tcp_stream stream_;
  HubHttp& server_;
  boost::asio::steady_timer timer_;
  beast::flat_buffer buffer_;
  http::request<http::string_body> request_;
  std::shared_ptr<int> open_;
};

}  // namespace

HubHttp::HubHttp(boost::asio::io_context& io, Hub& hub, const std::string& address, unsigned short port)
    : io_(io), hub_(hub), acceptor_(io, tcp::endpoint(boost::asio::ip::make_address(address), port)) {
  port_ = acceptor_.local_endpoint().port();
  accept();
}

void HubHttp::accept() {
  acceptor_.async_accept([this](beast::error_code ec, tcp::socket socket) {
    // Past the limit a connection is closed at once: the pages and feeds of the others go on.
    if (!ec && *open_ < kMaxConnections) std::make_shared<HttpConnection>(std::move(socket), *this, open_)->start();
    if (ec == boost::asio::error::operation_aborted) return;
    accept();
  });
}

std::optional<HubHttp::Reply> HubHttp::answer(const std::string& fullTarget, long* after) const {
  const auto query = fullTarget.find('?');
  const std::string target = fullTarget.substr(0, query);
  const std::string params = query == std::string::npos ? "" : fullTarget.substr(query + 1);
  const Reply notFound{404, "text/plain; charset=utf-8", "no such page: " + target + "\n"};
  const std::string pgnType = "application/x-chess-pgn; charset=utf-8";
  const std::string jsonType = "application/json";
  if (target == "/" || target == "/index.html") return Reply{200, "text/html; charset=utf-8", arbiterPage()};
  if (target == "/round.pgn") return Reply{200, pgnType, hub_.roundPgn()};
  // A feed asked for after the revision the page has waits for the next one (when `after` lets it).
  long since = 0;
  if (params.rfind("after=", 0) == 0 && endsWith(target, ".json")) {
    try {
      since = std::stol(params.substr(6));
    } catch (const std::exception&) {
      return Reply{400, "text/plain; charset=utf-8", "after= takes the revision the page has (a number)\n"};
    }
    if (after) *after = since;
    if (after && hub_.revision() <= since) return std::nullopt;
  }
  if (target == "/feed.json") return Reply{200, jsonType, hub_.feedJson(since)};
  if (target.rfind("/board/", 0) == 0) {
    std::string name = target.substr(7);
    if (endsWith(name, ".pgn")) {
      const auto pgn = hub_.boardPgn(name.substr(0, name.size() - 4));
      return pgn ? Reply{200, pgnType, *pgn} : notFound;
    }
    if (endsWith(name, ".json")) {
      const auto j = hub_.boardJson(name.substr(0, name.size() - 5));
      return j ? Reply{200, jsonType, *j} : notFound;
    }
    if (!hub_.boardJson(name)) return notFound;
    return Reply{200, "text/html; charset=utf-8", spectatorPage()};
  }
  if (target == "/livechess/index.json") return Reply{200, jsonType, hub_.liveChessIndex()};
  if (target.rfind("/livechess/game-", 0) == 0 && endsWith(target, ".json")) {
    const std::string number = target.substr(16, target.size() - 16 - 5);
    if (number.empty() || number.size() > 6 || number.find_first_not_of("0123456789") != std::string::npos) return notFound;
    const auto game = hub_.liveChessGame(std::stoi(number));
    return game ? Reply{200, jsonType, *game} : notFound;
  }
  return notFound;
}

}  // namespace tessera::hub
