// The web server (host/web/web_server.cpp) on a loopback port: any bytes a client sends, as an HTTP
// request, a WebSocket upgrade and its frames, are answered or refused, and the server goes on
// serving. The first byte says whether the request carries a paired device's token (bit 0: an
// "Authorization: Bearer" line put after the request line). The promise: without the token no
// command reaches the game, whatever the bytes; and after every input the state is still served.
// The game here is a counter of the commands carried out: what is fuzzed is the server (its parser,
// its pairing and token checks, its limits), not the commands, which runCommand's tests cover.
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

#include "host/web/pairing.hpp"
#include "host/web/web_server.hpp"

namespace {

namespace beast = boost::beast;
namespace http = beast::http;
using tcp = boost::asio::ip::tcp;

std::atomic<int> commandsCarriedOut{0};

struct Server {
  boost::asio::io_context io;
  tessera::web::Pairing pairing;
  std::string token;
  std::unique_ptr<tessera::web::WebServer> server;
  std::thread thread;

  Server() {
    token = pairing.pair(pairing.code(), tessera::web::Pairing::Clock::now()).token;
    tessera::web::WebBackend backend;
    backend.stateJson = [] { return "{\"revision\":" + std::to_string(commandsCarriedOut.load()) + "}"; };
    backend.pgn = [] { return std::string("1. e4 *\n"); };
    backend.boardPng = [] { return std::vector<unsigned char>{0x89, 'P', 'N', 'G'}; };
    backend.command = [](const std::string& text) -> std::string {
      if (text == "fly") return "unknown command 'fly'";
      ++commandsCarriedOut;
      return "";
    };
    tessera::web::WebServerOptions options;
    options.bindAddress = "127.0.0.1";
    // Every input comes from this one address, thousands a second: the limits per address would
    // refuse nearly all of them before the parser saw them.
    options.limits.requestsPerSecond = 1e9;
    options.limits.burst = 1e9;
    options.limits.connectionsPerAddress = tessera::web::WebServer::kMaxConnections;
    options.limits.idle = std::chrono::seconds(5);
    server = std::make_unique<tessera::web::WebServer>(io, options, std::move(backend), pairing);
    thread = std::thread([this] {
      auto work = boost::asio::make_work_guard(io);
      io.run();
    });
  }
};

Server& theServer() {
  static Server* server = new Server();  // lives as long as the fuzzer: its thread never ends
  return *server;
}

// Sends `bytes`, ends the sending half, and reads until the server closes (at most 8 s).
void exchange(unsigned short port, const std::string& bytes) {
  boost::asio::io_context io;
  tcp::socket socket(io);
  beast::error_code ec;
  socket.connect(tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port), ec);
  if (ec) {
    std::fprintf(stderr, "the server took no connection: %s\n", ec.message().c_str());
    std::abort();
  }
  boost::asio::write(socket, boost::asio::buffer(bytes), ec);
  socket.shutdown(tcp::socket::shutdown_send, ec);
  std::string reply;
  boost::asio::async_read(socket, boost::asio::dynamic_buffer(reply), [](beast::error_code, std::size_t) {});
  io.run_for(std::chrono::seconds(8));
}

bool stateIsServed(unsigned short port) {
  boost::asio::io_context io;
  beast::tcp_stream stream(io);
  beast::error_code ec;
  stream.connect(tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port), ec);
  if (ec) return false;
  stream.expires_after(std::chrono::seconds(8));
  http::request<http::empty_body> req{http::verb::get, "/state", 11};
  req.set(http::field::host, "127.0.0.1");
  http::write(stream, req, ec);
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  if (!ec) http::read(stream, buffer, res, ec);
  return !ec && res.result() == http::status::ok && res.body().rfind("{\"revision\":", 0) == 0;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  Server& s = theServer();
  const bool paired = data[0] & 1;
  std::string bytes(reinterpret_cast<const char*>(data) + 1, size - 1);
  if (paired) {
    const auto line = bytes.find("\r\n");
    if (line != std::string::npos) bytes.insert(line + 2, "Authorization: Bearer " + s.token + "\r\n");
  }
  const int before = commandsCarriedOut.load();
  exchange(s.server->port(), bytes);
  if (!paired && commandsCarriedOut.load() != before) {
    std::fprintf(stderr, "a command without a token reached the game\n");
    std::abort();
  }
  if (!stateIsServed(s.server->port())) {
    std::fprintf(stderr, "the state is no longer served\n");
    std::abort();
  }
  return 0;
}
