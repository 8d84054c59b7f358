#include "headless_browser.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <thread>

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <nlohmann/json.hpp>

namespace tessera::testing {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
using tcp = boost::asio::ip::tcp;
using nlohmann::json;

std::string httpGet(unsigned short port, const std::string& target) {
  boost::asio::io_context io;
  beast::tcp_stream stream(io);
  stream.connect(tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port));
  http::request<http::empty_body> req{http::verb::get, target, 11};
  req.set(http::field::host, "127.0.0.1");
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  http::read(stream, buffer, res);
  return res.body();
}

std::vector<unsigned char> base64Decode(const std::string& text) {
  auto value = [](char c) -> int {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
  };
  std::vector<unsigned char> out;
  int bits = 0, buffer = 0;
  for (const char c : text) {
    const int v = value(c);
    if (v < 0) continue;
    buffer = buffer << 6 | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<unsigned char>(buffer >> bits & 0xFF));
    }
  }
  return out;
}

}  // namespace

std::string HeadlessBrowser::find() {
  for (const char* path : {"/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"})
    if (::access(path, X_OK) == 0) return path;
  return "";
}

HeadlessBrowser::HeadlessBrowser(const std::string& browser, const std::string& url) {
  profile_ = (std::filesystem::temp_directory_path() / ("tessera-chromium-" + std::to_string(::getpid()))).string();
  std::filesystem::remove_all(profile_);
  std::filesystem::create_directories(profile_);
  const std::string profileArg = "--user-data-dir=" + profile_;
  pid_ = ::fork();
  if (pid_ == 0) {
    const int devNull = ::open("/dev/null", O_WRONLY);
    ::dup2(devNull, 1);
    ::dup2(devNull, 2);
    ::execl(browser.c_str(), browser.c_str(), "--headless=new", "--no-sandbox", "--disable-gpu",
            "--disable-dev-shm-usage", "--no-first-run", "--remote-debugging-port=0", "--window-size=1100,900",
            profileArg.c_str(), url.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  // The browser writes its DevTools port into the profile once it listens.
  const std::string portFile = profile_ + "/DevToolsActivePort";
  unsigned short port = 0;
  for (int i = 0; i < 300 && port == 0; ++i) {
    std::ifstream in(portFile);
    int p = 0;
    if (in >> p && p > 0) port = static_cast<unsigned short>(p);
    else std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  if (port == 0) throw std::runtime_error("chromium did not start (no " + portFile + ")");
  std::string pageSocket;
  for (int i = 0; i < 100 && pageSocket.empty(); ++i) {
    for (const json& target : json::parse(httpGet(port, "/json/list")))
      if (target.value("type", "") == "page") pageSocket = target.value("webSocketDebuggerUrl", "");
    if (pageSocket.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  if (pageSocket.empty()) throw std::runtime_error("chromium shows no page");
  const std::string path = pageSocket.substr(pageSocket.find('/', std::string("ws://").size()));
  ws_.next_layer().connect(tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port));
  ws_.handshake("127.0.0.1:" + std::to_string(port), path);
  // Until the page has loaded, the browser may have no document to evaluate in (on a busy machine).
  waitFor("document.readyState", "complete", 20);
}

HeadlessBrowser::~HeadlessBrowser() {
  beast::error_code ignored;
  ws_.next_layer().close(ignored);
  if (pid_ > 0) {
    ::kill(pid_, SIGTERM);
    int status = 0;
    ::waitpid(pid_, &status, 0);
  }
  std::error_code ec;
  std::filesystem::remove_all(profile_, ec);
}

// Sends one DevTools command and returns its result, skipping the events that come meanwhile.
json HeadlessBrowser::call(const std::string& method, const json& params) {
  const int id = nextId_++;
  ws_.text(true);
  ws_.write(boost::asio::buffer(json{{"id", id}, {"method", method}, {"params", params}}.dump()));
  for (;;) {
    beast::flat_buffer buffer;
    ws_.read(buffer);
    const json reply = json::parse(beast::buffers_to_string(buffer.data()));
    if (reply.value("id", 0) != id) continue;
    if (reply.contains("error")) throw std::runtime_error(method + ": " + reply["error"].dump());
    return reply["result"];
  }
}

std::string HeadlessBrowser::evaluate(const std::string& expression) {
  const json result = call("Runtime.evaluate", {{"expression", "String(" + expression + ")"}, {"returnByValue", true}});
  return result["result"].value("value", "");
}

void HeadlessBrowser::click(double x, double y) {
  for (const char* type : {"mousePressed", "mouseReleased"})
    call("Input.dispatchMouseEvent", {{"type", type}, {"x", x}, {"y", y}, {"button", "left"}, {"clickCount", 1}});
}

void HeadlessBrowser::emulatePhone(int width, int height, double scale) {
  call("Emulation.setDeviceMetricsOverride",
       {{"width", width}, {"height", height}, {"deviceScaleFactor", scale}, {"mobile", true}});
}

std::string HeadlessBrowser::waitFor(const std::string& expression, const std::string& expected, double seconds) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  std::string value;
  while (std::chrono::steady_clock::now() < until) {
    try {
      value = evaluate(expression);
    } catch (const std::runtime_error&) {
      value = "";  // no document yet: the page is loading
    }
    if (value == expected) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return value;
}

void HeadlessBrowser::evaluateOnEveryPage(const std::string& script) {
  call("Page.enable", json::object());
  call("Page.addScriptToEvaluateOnNewDocument", {{"source", script}});
}

void HeadlessBrowser::reload() {
  call("Page.reload", json::object());
  // The old document may answer for a moment: wait for a new one.
  for (int i = 0; i < 100 && evaluate("document.readyState") != "complete"; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
}

std::vector<unsigned char> HeadlessBrowser::screenshot() {
  return base64Decode(call("Page.captureScreenshot", {{"format", "png"}}).value("data", ""));
}

}  // namespace tessera::testing
