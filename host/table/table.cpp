#include "table.hpp"

#include <ostream>

#include <boost/asio/post.hpp>

#include "host/files/atomic_file.hpp"
#include "host/session/session_commands.hpp"
#include "host/views/led_colours.hpp"
#include "host/web/state_json.hpp"

namespace tessera::table {
namespace {

session::EngineAdvisor::Post enginePost(boost::asio::io_context& io, bool inBackground) {
  if (!inBackground) return {};
  return [&io](session::EngineAdvisor::Task task) { boost::asio::post(io, std::move(task)); };
}

}  // namespace

Table::Table(boost::asio::io_context& io, const Variant& variant, TableOptions options, std::ostream& log)
    : options_(std::move(options)),
      log_(log),
      session_(variant, options_.session, bus_, enginePost(io, options_.engineInBackground)),
      clockTimer_(io) {
  using session::SessionEvent;
  bus_.subscribe([this](const SessionEvent& e) {
    ++counts_[static_cast<int>(e.kind)];
    log_ << eventKindName(e.kind) << ": " << e.text << std::endl;
  });
  display_ = std::make_unique<views::DisplayView>(session_, bus_, options_.displayFolder, options_.numberedFrames);
  if (options_.httpPort) {
    web::WebBackend backend;
    backend.stateJson = [this] { return web::stateJson(session_); };
    backend.pgn = [this] { return session_.pgn(); };
    backend.boardPng = [this] { return display_->png(); };
    backend.reviewJson = [this] { return reviewer_.reviewJson(session_.game()); };
    backend.command = [this](const std::string& c) { return session::runCommand(session_, c); };
    web_ = std::make_unique<web::WebServer>(io, *options_.httpPort, std::move(backend));
    bus_.subscribe([this](const SessionEvent&) { web_->broadcastState(); });
  }
  if (!options_.session.recordPath.empty()) {
    bus_.subscribe([this](const SessionEvent& e) {
      using K = SessionEvent::Kind;
      if (e.kind == K::Action || e.kind == K::Takeback || e.kind == K::Result || e.kind == K::GameStarted) writePgnFile();
    });
  }
  if (options_.screen)
    screen_ = std::make_unique<views::ScreenView>(io, session_, *display_, bus_, options_.screen->size, options_.screen->inches);
}

Table::~Table() = default;

void Table::showOnLeds(std::function<void(const std::vector<link::Rgb>&)> send) {
  bus_.subscribe([this, send = std::move(send)](const session::SessionEvent&) { send(views::ledColours(session_)); });
}

void Table::start() {
  if (web_) log_ << "web page: http://localhost:" << web_->port() << "/" << std::endl;
  session_.start();
  watchClock();  // a flag to call, and the thinking to journal even when the clocks count up
}

void Table::watchClock() {
  session_.checkClock();
  clockTimer_.expires_after(std::chrono::milliseconds(200));
  clockTimer_.async_wait([this](const boost::system::error_code& ec) {
    if (!ec) watchClock();
  });
}

void Table::writePgnFile() {
  try {
    files::writeFileAtomically(options_.session.recordPath, session_.pgn());
  } catch (const files::FileError& e) {
    log_ << "warning: " << e.what() << std::endl;  // the journal keeps the game
  }
}

}  // namespace tessera::table
