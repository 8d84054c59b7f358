#pragma once
// The web page's clients as the tests use them, through real HTTP and WebSocket connections
// (Boost.Beast) to a table serving its page (served_table.hpp): one request on a new connection,
// pairing a device with the code the board shows, and a page's WebSocket.
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "served_table.hpp"

namespace tessera::session {

namespace web_client {
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = boost::asio::ip::tcp;
using json = nlohmann::json;
}  // namespace web_client

using Response = web_client::http::response<web_client::http::string_body>;
using Headers = std::vector<std::pair<web_client::http::field, std::string>>;

// One request on a new connection, from `from` (any 127.x.y.z reaches the table on 127.0.0.1:
// another device on the network, as far as the server can tell).
inline Response send(unsigned short port, web_client::http::verb verb, const std::string& target, const std::string& body = "",
                     const Headers& headers = {}, const char* from = "127.0.0.1") {
  using namespace web_client;
  boost::asio::io_context io;
  tcp::socket socket(io);
  socket.open(tcp::v4());
  socket.bind(tcp::endpoint(boost::asio::ip::make_address(from), 0));
  socket.connect(tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port));
  http::request<http::string_body> req{verb, target, 11};
  req.set(http::field::host, "127.0.0.1:" + std::to_string(port));
  for (const auto& [field, value] : headers) req.set(field, value);
  req.body() = body;
  req.prepare_payload();
  http::write(socket, req);
  beast::flat_buffer buffer;
  Response res;
  http::read(socket, buffer, res);
  beast::error_code ignored;
  socket.shutdown(tcp::socket::shutdown_both, ignored);
  return res;
}

// The header a paired device's program sends its token in ("Authorization: Bearer").
inline Headers bearer(const std::string& token) {
  if (token.empty()) return {};
  return {{web_client::http::field::authorization, "Bearer " + token}};
}

// Pairs a device with the code the table shows, through POST /pair; returns its token.
inline std::string pairedToken(ServedTable& table) {
  const Response paired = send(table.port(), web_client::http::verb::post, "/pair", table.code());
  EXPECT_EQ(paired.result(), web_client::http::status::ok) << paired.body();
  return web_client::json::parse(paired.body()).value("token", "");
}

// A page's WebSocket; with a token, as a paired phone's page opens it (the cookie POST /pair set).
// The server first says whether the page is paired: that is in `access`.
struct PageSocket {
  using json = web_client::json;
  boost::asio::io_context io;
  web_client::websocket::stream<web_client::tcp::socket> ws{io};
  json access;
  explicit PageSocket(unsigned short port, const std::string& token = "") {
    using namespace web_client;
    ws.next_layer().connect(tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port));
    if (!token.empty())
      ws.set_option(websocket::stream_base::decorator(
          [token](websocket::request_type& req) { req.set(http::field::cookie, "theme=dark; tessera_token=" + token); }));
    ws.handshake("127.0.0.1", "/ws");
    access = next();
  }
  // The next message as text; "" (and a failure) when none comes within ten seconds, so that a
  // page left waiting fails the test instead of holding it.
  std::string nextText() {
    web_client::beast::flat_buffer buffer;
    bool read = false;
    ws.async_read(buffer, [&](web_client::beast::error_code ec, std::size_t) { read = !ec; });
    io.restart();
    io.run_for(std::chrono::seconds(10));
    if (!io.stopped()) {
      ws.next_layer().cancel();
      io.run();
    }
    if (!read) {
      ADD_FAILURE() << "no message came to the page within 10 s";
      return "";
    }
    return web_client::beast::buffers_to_string(buffer.data());
  }
  // The next message (a state, the page's access, or an error for this page), parsed; null when
  // none comes.
  json next() {
    const std::string text = nextText();
    return text.empty() ? json() : json::parse(text);
  }
  // Reads messages until one has `field`; null when none does.
  json untilHas(const std::string& field, int maxMessages = 30) {
    return untilOne(field, [](const json&) { return true; }, maxMessages);
  }
  // Reads messages until one has `field` equal to `value`; null when none does.
  json until(const std::string& field, const json& value, int maxMessages = 20) {
    return untilOne(field, [&](const json& v) { return v == value; }, maxMessages);
  }
  // Reads messages until one has `field` and `holds` it; null when none does.
  template <typename Holds>
  json untilOne(const std::string& field, Holds holds, int maxMessages = 20) {
    for (int i = 0; i < maxMessages; ++i) {
      const json m = next();
      if (m.is_null() || (m.contains(field) && holds(m[field]))) return m;
    }
    return json();
  }
  void send(const std::string& text) { ws.write(boost::asio::buffer(text)); }
};

}  // namespace tessera::session
