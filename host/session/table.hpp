#pragma once
// Everything at the table on one io_context: the referee session, its event bus, the views (log,
// display frames, PGN file, web page) wired to it. Inputs (camera, link, a recording) feed it
// settled observations through session().onObservation on the same thread.
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <filesystem>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>

#include "host/session/display_view.hpp"
#include "host/session/event_bus.hpp"
#include "host/session/referee_session.hpp"
#include "host/web/web_server.hpp"

namespace tessera::session {

struct TableOptions {
  SessionOptions session;
  std::optional<std::filesystem::path> displayFolder;  // write a PNG frame per change
  bool numberedFrames = true;                          // false: only latest.png
  std::optional<unsigned short> httpPort;              // serve the web page (0: any free port)
  // The engine thinks on a worker thread while the loop goes on (live inputs). false: it answers
  // at once, for a recording replayed faster than real time, whose pace a search would not hold.
  bool engineInBackground = true;
};

class Table {
 public:
  // Events are printed to `log` as they come ("action: 3. Nf3").
  Table(boost::asio::io_context& io, const Variant& variant, TableOptions options, std::ostream& log);
  ~Table();
  void start();

  RefereeSession& session() { return session_; }
  DisplayView& display() { return *display_; }
  web::WebServer* webServer() { return web_.get(); }
  EventBus& bus() { return bus_; }
  int eventsOf(SessionEvent::Kind kind) const { return counts_[static_cast<int>(kind)]; }

 private:
  void writePgnFile();
  void watchClock();

  TableOptions options_;
  std::ostream& log_;
  EventBus bus_;
  RefereeSession session_;
  std::unique_ptr<DisplayView> display_;
  std::unique_ptr<web::WebServer> web_;
  boost::asio::steady_timer clockTimer_;
  int counts_[16] = {};
};

}  // namespace tessera::session
