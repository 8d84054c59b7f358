#pragma once
// The program at the table, wired in one place: the referee session and its event bus on one
// io_context, and the views that follow it (the log, the display and its PNG frames, the PGN file,
// the web page, the full-screen window, the board's LEDs), and the clock checked every 200 ms. The
// inputs (host/inputs: camera, recording, switch board; the firmware link) feed it settled
// observations through session().onObservation on the same thread; the views' commands (the web
// page's buttons, the screen's keys) go to the session through session/session_commands.
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "hardware/link/link_events.hpp"
#include "host/session/event_bus.hpp"
#include "host/session/referee_session.hpp"
#include "host/views/display_view.hpp"
#include "host/views/screen_view.hpp"
#include "host/web/pairing.hpp"
#include "host/web/qr_code.hpp"
#include "host/web/background_review.hpp"
#include "host/web/web_server.hpp"

namespace tessera::table {

// The display full-screen on this computer's screen (views/screen_view.hpp).
struct ScreenOptions {
  std::optional<cv::Size> size;  // the screen's pixels; none: the full-screen window's size
  std::optional<double> inches;  // its diagonal; given, what the game waits for reads from 2 m
};

struct TableOptions {
  session::SessionOptions session;
  std::optional<std::filesystem::path> displayFolder;  // write a PNG frame per change
  bool numberedFrames = true;                          // false: only latest.png
  std::optional<unsigned short> httpPort;              // serve the web page (0: any free port)
  std::string httpBind = "0.0.0.0";                    // on this address (--http-bind)
  bool httpReadOnly = false;                           // the page only watches (--http-read-only)
  std::optional<ScreenOptions> screen;                 // show the display full-screen
  // The engine thinks on a worker thread while the loop goes on (live inputs). false: it answers
  // at once, for a recording replayed faster than real time, whose pace a search would not hold.
  bool engineInBackground = true;
  std::int64_t reviewNodesPerPosition = 3000;  // the page's review (web/review_json.hpp)
};

class Table {
 public:
  // Events are printed to `log` as they come ("action: 3. Nf3"). Throws std::runtime_error when
  // the web page's port cannot be opened, or a screen is asked for and there is none.
  Table(boost::asio::io_context& io, const Variant& variant, TableOptions options, std::ostream& log);
  ~Table();
  void start();
  // The board's LEDs show the squares to put right, a lifted or tapped piece's destinations and the
  // engine's action (views/led_colours.hpp): `send` is given the colours after every event.
  void showOnLeds(std::function<void(const std::vector<link::Rgb>&)> send);

  session::RefereeSession& session() { return session_; }
  views::DisplayView& display() { return *display_; }
  web::WebServer* webServer() { return web_.get(); }
  // Who may command from the web page (none without --http): the code shown on the screen and in
  // the log, the paired devices. A new game unpairs them all.
  web::Pairing* pairing() { return pairing_.get(); }
  // A new code, every device unpaired (the screen's key p).
  void pairAgain();
  session::EventBus& bus() { return bus_; }
  web::BackgroundReview* review() { return review_.get(); }  // with the web page only
  int eventsOf(session::SessionEvent::Kind kind) const { return counts_[static_cast<int>(kind)]; }

 private:
  void writePgnFile();
  void watchClock();
  void pairingChanged();
  void countDownLock();
  void drawPairing(cv::Mat& image) const;

  TableOptions options_;
  std::ostream& log_;
  session::EventBus bus_;
  session::RefereeSession session_;
  std::unique_ptr<views::DisplayView> display_;
  std::unique_ptr<web::Pairing> pairing_;  // before the server, which refers to it
  std::unique_ptr<web::BackgroundReview> review_;  // the page's review, on a thread of its own
  std::unique_ptr<web::WebServer> web_;
  std::unique_ptr<views::ScreenView> screen_;
  boost::asio::steady_timer clockTimer_;
  std::string pageAddress_;
  web::QrCode pairingQr_;
  boost::asio::steady_timer lockTimer_;  // redraws the screen's countdown while pairing is locked
  bool started_ = false;
  int counts_[16] = {};
};

}  // namespace tessera::table
