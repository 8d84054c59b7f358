// The web page as a phone at the table uses it, through a real HTTP and WebSocket client
// (Boost.Beast): the page and its board image, live state pushed on every action, the buttons.
#include <gtest/gtest.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <future>
#include <sstream>
#include <thread>

#include <opencv2/imgcodecs.hpp>

#include "core/move_text.hpp"
#include "core/sensor_view.hpp"
#include "host/session/table.hpp"
#include "served_table.hpp"

namespace tessera::session {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = boost::asio::ip::tcp;

http::response<http::string_body> request(unsigned short port, http::verb verb, const std::string& target,
                                          const std::string& body = "") {
  boost::asio::io_context io;
  beast::tcp_stream stream(io);
  stream.connect(tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port));
  http::request<http::string_body> req{verb, target, 11};
  req.set(http::field::host, "localhost");
  req.body() = body;
  req.prepare_payload();
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  http::read(stream, buffer, res);
  beast::error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
  return res;
}

struct PageSocket {
  boost::asio::io_context io;
  websocket::stream<tcp::socket> ws{io};
  explicit PageSocket(unsigned short port) {
    ws.next_layer().connect(tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port));
    ws.handshake("localhost", "/ws");
  }
  std::string next() {
    beast::flat_buffer buffer;
    ws.read(buffer);
    return beast::buffers_to_string(buffer.data());
  }
  // Reads state messages until one contains `text`.
  std::string until(const std::string& text, int maxMessages = 20) {
    for (int i = 0; i < maxMessages; ++i) {
      std::string m = next();
      if (m.find(text) != std::string::npos) return m;
    }
    return "";
  }
  void send(const std::string& text) { ws.write(boost::asio::buffer(text)); }
};

TEST(WebPage, ServesThePageTheBoardImageAndTheRecord) {
  ServedTable table("chess");
  const auto page = request(table.port(), http::verb::get, "/");
  EXPECT_EQ(page.result(), http::status::ok);
  EXPECT_NE(page.body().find("<html"), std::string::npos);
  EXPECT_NE(page.body().find("new WebSocket"), std::string::npos);
  for (const char* external : {"src=\"http", "href=\"http", "@import", "cdn"})
    EXPECT_EQ(page.body().find(external), std::string::npos) << "no external assets: " << external;
  for (const char* button : {"hint", "takeback", "confirm", "new", "resign", "draw", "game.pgn"})
    EXPECT_NE(page.body().find(button), std::string::npos) << button;

  table.play("e4");
  const auto png = request(table.port(), http::verb::get, "/board.png");
  EXPECT_EQ(png[http::field::content_type], "image/png");
  const std::vector<unsigned char> bytes(png.body().begin(), png.body().end());
  const cv::Mat board = cv::imdecode(bytes, cv::IMREAD_COLOR);
  ASSERT_FALSE(board.empty());
  EXPECT_GT(board.cols, 400);

  const auto pgn = request(table.port(), http::verb::get, "/game.pgn");
  EXPECT_NE(pgn.body().find("1. e4 *"), std::string::npos) << pgn.body();
  EXPECT_NE(std::string(pgn[http::field::content_disposition]).find("attachment"), std::string::npos);
  EXPECT_EQ(request(table.port(), http::verb::get, "/nothing-here").result(), http::status::not_found);
  EXPECT_EQ(request(table.port(), http::verb::post, "/command", "fly").result(), http::status::bad_request);
  // A choice number below 1 (the lowest int among them, whose index would overflow) is refused.
  for (const char* bad : {"choose", "choose x", "choose 0", "choose -2147483648"}) {
    const auto reply = request(table.port(), http::verb::post, "/command", bad);
    EXPECT_EQ(reply.result(), http::status::bad_request) << bad;
    EXPECT_NE(reply.body().find("choose needs the number of a choice, from 1"), std::string::npos) << bad << ": " << reply.body();
  }
}

TEST(WebPage, PushesEveryActionLiveAndTakesTheButtons) {
  ServedTable table("chess");
  PageSocket page(table.port());
  EXPECT_NE(page.next().find("\"record\":[]"), std::string::npos);
  table.play("e4");
  EXPECT_NE(page.until("\"record\":[\"e4\"]"), "");
  table.play("e5");
  EXPECT_NE(page.until("\"record\":[\"e4\",\"e5\"]"), "");
  page.send("hint");
  EXPECT_NE(page.until("\"thinking\":true"), "") << "the page says the engine is at work";
  const std::string hinted = page.until("\"hints\":[\"2.");
  EXPECT_NE(hinted, "") << "a hint lists the engine's actions";
  page.send("takeback");
  EXPECT_NE(page.until("\"record\":[\"e4\"]"), "");
  page.send("resign");
  EXPECT_NE(page.until("\"result\":\"1-0"), "");
  page.send("new");
  EXPECT_NE(page.until("\"record\":[]"), "");
}

TEST(WebPage, AnswersAPromotionChoiceFromThePage) {
  SessionOptions o;
  o.startPosition = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
  ServedTable table("chess", o);
  PageSocket page(table.port());
  page.next();
  table.play("a8=Q");
  const std::string asked = page.until("\"choices\":[\"1.");
  ASSERT_NE(asked, "");
  EXPECT_NE(asked.find("a8=N"), std::string::npos);
  page.send("confirm");  // the proposed Queen
  EXPECT_NE(page.until("\"record\":[\"a8=Q+\"]"), "");
}

TEST(WebPage, ABrowserDroppingItsConnectionLeavesTheGameGoingOn) {
  ServedTable table("chess");
  for (int i = 0; i < 5; ++i) {
    PageSocket page(table.port());
    page.next();
    page.ws.next_layer().close();  // the phone walks out of the Wi-Fi
  }
  table.play("d4");
  PageSocket page(table.port());
  EXPECT_NE(page.next().find("\"record\":[\"d4\"]"), std::string::npos);
  table.play("d5");
  EXPECT_NE(page.until("\"record\":[\"d4\",\"d5\"]"), "");
  EXPECT_EQ(table.connectedPages(), 1);
}

}  // namespace
}  // namespace tessera::session
