#include "table.hpp"

#include <ostream>

#include <boost/asio/post.hpp>

#include "host/files/atomic_file.hpp"
#include "host/session/session_commands.hpp"
#include "host/views/display/pairing_panel.hpp"
#include "host/views/led_colours.hpp"
#include "host/web/page_address.hpp"
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
      clockTimer_(io),
      lockTimer_(io) {
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
    review_ = std::make_unique<web::BackgroundReview>(options_.reviewNodesPerPosition);
    backend.reviewJson = [this] { return review_->reviewJson(session_.game()); };
    backend.command = [this](const std::string& c) { return session::runCommand(session_, c); };
    pairing_ = std::make_unique<web::Pairing>();
    web::WebServerOptions serving;
    serving.bindAddress = options_.httpBind;
    serving.port = *options_.httpPort;
    serving.readOnly = options_.httpReadOnly;
    web_ = std::make_unique<web::WebServer>(io, serving, std::move(backend), *pairing_);
    pageAddress_ = web::pageAddress(options_.httpBind, web_->port());
    pairingQr_ = web::qrCode(web::pairingAddress(pageAddress_, pairing_->code()));
    pairing_->onChange = [this] { pairingChanged(); };
    bus_.subscribe([this](const SessionEvent& e) {
      // A new game is a new pair of players: the last game's phones command it no more.
      if (e.kind == SessionEvent::Kind::GameStarted && started_) pairing_->revokeAll();
      web_->broadcastState();
    });
  }
  if (!options_.session.recordPath.empty()) {
    bus_.subscribe([this](const SessionEvent& e) {
      using K = SessionEvent::Kind;
      if (e.kind == K::Action || e.kind == K::Takeback || e.kind == K::Result || e.kind == K::GameStarted) writePgnFile();
    });
  }
  if (options_.screen)
    screen_ = std::make_unique<views::ScreenView>(io, session_, *display_, bus_, options_.screen->size, options_.screen->inches);
  if (screen_ && pairing_ && !options_.httpReadOnly) {
    screen_->setOverlay([this](cv::Mat& image) { drawPairing(image); });
    screen_->onPairAgain = [this] { pairAgain(); };
  }
}

Table::~Table() = default;

void Table::showOnLeds(std::function<void(const std::vector<link::Rgb>&)> send) {
  bus_.subscribe([this, send = std::move(send)](const session::SessionEvent&) { send(views::ledColours(session_)); });
}

void Table::start() {
  if (web_) {
    log_ << "web page: http://localhost:" << web_->port() << "/" << std::endl;
    if (options_.httpReadOnly) log_ << "web page read-only: commands come from the board's buttons and screen" << std::endl;
    else pairingChanged();
  }
  session_.start();
  started_ = true;
  watchClock();  // a flag to call, and the thinking to journal even when the clocks count up
}

void Table::pairAgain() {
  if (pairing_) pairing_->revokeAll();
}

// The terminal (the log) and the screen show the code and the QR code of the page's address with
// it; the pages learn whether they are still paired.
void Table::pairingChanged() {
  web_->broadcastAccess();
  if (options_.httpReadOnly) return;
  const auto locked = pairing_->lockedFor(web::Pairing::Clock::now());
  if (locked.count() > 0) {
    log_ << "pairing locked for " << locked.count() << " s after " << pairing_->limits().wrongCodesBeforeLockout
         << " wrong codes" << std::endl;
    countDownLock();
  } else {
    const std::string address = web::pairingAddress(pageAddress_, pairing_->code());
    pairingQr_ = web::qrCode(address);
    log_ << "pairing code: " << pairing_->code() << " (a phone enters it on the page to command the board, or scans "
         << address << ")\n" << web::qrTerminalText(pairingQr_) << std::flush;
  }
  if (screen_) screen_->redraw();
}

// The screen counts the lockout down; when it ends the new code is shown.
void Table::countDownLock() {
  lockTimer_.expires_after(std::chrono::seconds(1));
  lockTimer_.async_wait([this](const boost::system::error_code& ec) {
    if (ec) return;
    if (pairing_->lockedFor(web::Pairing::Clock::now()).count() == 0) return pairingChanged();
    if (screen_) screen_->redraw();
    countDownLock();
  });
}

void Table::drawPairing(cv::Mat& image) const {
  display::PairingPanel panel;
  panel.code = pairing_->code();
  panel.address = pageAddress_;
  panel.qrSize = pairingQr_.size;
  panel.qrDark = pairingQr_.dark;
  panel.lockedSeconds = static_cast<int>(pairing_->lockedFor(web::Pairing::Clock::now()).count());
  panel.wrongCodes = pairing_->limits().wrongCodesBeforeLockout;
  display::drawPairingPanel(image, panel);
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
