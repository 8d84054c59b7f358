#pragma once
// What the club tests read back: a page of the hub's HTTP server, a file it wrote, a game as SAN.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "core/rules/game.hpp"
#include "core/rules/move_text.hpp"

namespace tessera::testing {

// The body of GET `target` from the server on 127.0.0.1:`port`.
inline std::string httpGet(int port, const std::string& target) {
  namespace http = boost::beast::http;
  boost::asio::io_context io;
  boost::asio::ip::tcp::socket socket(io);
  socket.connect({boost::asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)});
  http::request<http::empty_body> request(http::verb::get, target, 11);
  request.set(http::field::host, "127.0.0.1");
  http::write(socket, request);
  boost::beast::flat_buffer buffer;
  http::response<http::string_body> response;
  http::read(socket, buffer, response);
  return response.body();
}

inline std::string readText(const std::filesystem::path& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// Every action of `game` in SAN, as the round's PGN writes it.
inline std::vector<std::string> sansOf(const Game& game) {
  std::vector<std::string> out;
  Game replay(game.variant(), game.startPosition());
  for (const Move& m : game.actions()) {
    out.push_back(san(replay.position(), m));
    replay.play(m);
  }
  return out;
}

}  // namespace tessera::testing
