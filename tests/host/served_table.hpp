#pragma once
// A table serving the web page on a free port, its event loop on a thread of its own; tests reach
// the session on that thread through onLoop.
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <future>
#include <optional>
#include <sstream>
#include <thread>

#include "core/referee/sensor_view.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/movegen.hpp"
#include "host/table/table.hpp"

namespace tessera::session {

// A table serving the page on a free port, its loop on a thread of its own.
class ServedTable {
 public:
  // `webReadOnly`: the page only watches (--http-read-only).
  explicit ServedTable(const char* variant, SessionOptions session = {}, bool webReadOnly = false)
      : ServedTable(variant, tableOptions(session, webReadOnly)) {}
  // Any table's options; the page is served on a free port of 127.0.0.1 whatever they say.
  ServedTable(const char* variant, table::TableOptions o) {
    o.httpPort = 0;
    o.httpBind = "127.0.0.1";
    table_ = std::make_unique<table::Table>(io_, builtinVariant(variant), o, log_);
    table_->start();
    work_.emplace(io_.get_executor());
    thread_ = std::thread([this] { io_.run(); });
  }
  ~ServedTable() {
    work_.reset();
    io_.stop();
    thread_.join();
  }
  unsigned short port() { return table_->webServer()->port(); }
  RefereeSession& session() { return table_->session(); }  // on the loop only (onLoop)
  // Runs f on the table's loop and waits for it.
  template <typename F>
  auto onLoop(F f) {
    std::packaged_task<decltype(f())()> task(std::move(f));
    auto result = task.get_future();
    boost::asio::post(io_, [&task] { task(); });
    return result.get();
  }
  // The board shows `san` played, read twice.
  void play(const std::string& san) {
    onLoop([&] {
      Position pos = table_->session().game().position();
      pos.make(parseMove(pos, san));
      const Observation seen = sensorView(pos, SensorProfile::Camera);
      table_->session().onObservation(seen);
      table_->session().onObservation(seen);
      return 0;
    });
  }
  // The board shows the first legal action played; returns it in SAN.
  std::string playFirstLegal() {
    const std::string text = onLoop([&] {
      Position pos = table_->session().game().position();
      MoveList moves;
      generateLegal(pos, moves);
      return san(pos, moves[0]);
    });
    play(text);
    return text;
  }
  // The square whose actions are shown, "" if none (on the loop).
  std::string shownFrom() {
    const auto sq = table_->session().actionsShownFrom();
    return sq ? squareName(*sq) : "";
  }
  int actions() { return static_cast<int>(table_->session().game().actions().size()); }  // on the loop
  // The game's result token ("*" while it goes on).
  std::string resultToken() {
    return onLoop([&] { return table_->session().result().token; });
  }
  // The pairing code the board shows now (its screen and its log).
  std::string code() {
    return onLoop([&] { return table_->pairing()->code(); });
  }
  // What the table printed (the log: the pairing code and QR code among it), on the loop.
  std::string log() {
    return onLoop([&] { return log_.str(); });
  }
  // The screen's key p: a new code, every device unpaired.
  void pairAgain() {
    onLoop([&] {
      table_->pairAgain();
      return 0;
    });
  }
  // The page's review, searched on its own thread (any thread may ask how many were begun).
  web::BackgroundReview& review() { return *table_->review(); }
  int connectedPages() {
    return onLoop([&] { return table_->webServer()->connectedPages(); });
  }

 private:
  static table::TableOptions tableOptions(SessionOptions session, bool webReadOnly) {
    table::TableOptions o;
    o.session = std::move(session);
    o.httpReadOnly = webReadOnly;
    return o;
  }

  boost::asio::io_context io_;
  std::ostringstream log_;
  std::unique_ptr<table::Table> table_;
  std::optional<boost::asio::executor_work_guard<boost::asio::io_context::executor_type>> work_;
  std::thread thread_;
};

}  // namespace tessera::session
