#pragma once
// Drives a headless Chromium (Debian `chromium`) through its DevTools protocol over a WebSocket
// (Boost.Beast): open a page, evaluate JavaScript, click, take screenshots. Test code only.
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>
#include <sys/types.h>

namespace tessera::testing {

class HeadlessBrowser {
 public:
  // Returns the path of the browser, or "" when none is installed.
  static std::string find();
  // Starts the browser on `url`. Throws std::runtime_error when it does not come up.
  HeadlessBrowser(const std::string& browser, const std::string& url);
  ~HeadlessBrowser();
  // Evaluates `expression` in the page and returns its value as text ("" for undefined).
  std::string evaluate(const std::string& expression);
  // Polls `expression` until it yields `expected` or `seconds` pass; returns the last value.
  std::string waitFor(const std::string& expression, const std::string& expected, double seconds = 10);
  // A left click at (x, y) CSS pixels of the viewport, as a mouse or a finger gives it.
  void click(double x, double y);
  // Shows the page as a phone of `width` x `height` CSS pixels at `scale` device pixels each would.
  void emulatePhone(int width, int height, double scale);
  // Runs `script` in every page the browser opens from now on, before the page's own scripts.
  void evaluateOnEveryPage(const std::string& script);
  // Loads the page again.
  void reload();
  // A PNG of the viewport.
  std::vector<unsigned char> screenshot();

 private:
  nlohmann::json call(const std::string& method, const nlohmann::json& params);

  pid_t pid_ = -1;
  std::string profile_;
  boost::asio::io_context io_;
  boost::beast::websocket::stream<boost::asio::ip::tcp::socket> ws_{io_};
  int nextId_ = 1;
};

}  // namespace tessera::testing
