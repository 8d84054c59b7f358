#pragma once
// `tessera hub`: subscribes to every board under a prefix on the club's broker, keeps each board's
// game (HubBoard), and writes the round: round.pgn (every board's game, [%clk] comments, Variant
// tags) and boards/NAME.pgn rewritten atomically on every action, the DGT LiveChess layout
// (livechess/index.json, livechess/game-N.json), and its own copy of every game (store/NAME.json)
// to come back after a restart. It asks a board for what it misses (a gap in the numbers, or a
// state counting more actions than the hub has), and raises alerts: a board stuck on a mismatch,
// gone quiet, offline, refused. Runs on the io_context's thread.
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "host/hub/background_writer.hpp"
#include "host/hub/hub_board.hpp"
#include "host/hub/round_file.hpp"
#include "host/publish/mqtt_client.hpp"

namespace tessera::hub {

struct HubOptions {
  publish::MqttAddress address;
  std::string caFile;
  std::filesystem::path folder;       // where the round's files are written
  std::optional<Round> round;
  long quietAfterSeconds = 600;       // a playing board without an action this long is "quiet"
  long mismatchAfterSeconds = 30;     // a board showing a mismatch this long is an alert
};

struct Alert {
  std::string board;
  std::string kind;  // mismatch, quiet, offline, missing, refused
  std::string text;
  long long since = 0;
};

class Hub {
 public:
  // Reads back its own copy of the games in `folder` (store/), and starts connecting. Throws
  // std::runtime_error when the folder cannot be made.
  Hub(boost::asio::io_context& io, HubOptions options, std::ostream& log);
  ~Hub();

  // The round's files and feeds, as served over HTTP.
  std::string roundPgn() const;
  std::optional<std::string> boardPgn(const std::string& board) const;
  // Every board at a glance, and the alerts; with `after` (a revision a page has), only the boards
  // changed since ("partial": true), so that a page following a big round fetches little.
  std::string feedJson(long after = 0) const;
  std::optional<std::string> boardJson(const std::string& board) const;  // one board, its actions
  // The LiveChess layout has White and Black only: it lists the boards whose game is for two
  // players (by the round file before the game comes, a board not in it once its game has come),
  // numbered in the round's order, so that a number stays one game; four-player games are in the
  // PGN and the feeds only (docs/club.md).
  std::string liveChessIndex() const;
  std::optional<std::string> liveChessGame(int number) const;  // 1-based, in the index's order
  std::vector<std::string> liveChessBoards() const;

  // Grows with every change a page would show.
  long revision() const { return revision_; }
  // `f` is called once, on the next change.
  void whenChanged(std::function<void()> f) { waiters_.push_back(std::move(f)); }
  bool connected() const { return client_ && client_->connected(); }
  std::vector<Alert> alerts() const;
  std::vector<std::string> boardNames() const;  // the round's order, then the others by name

 private:
  void onConnected();
  void onMessage(const std::string& topic, const std::string& payload);
  void handle(HubBoard& board, const HubBoard::Outcome& outcome);
  void askFor(HubBoard& board, int from, bool again);
  void changed(const std::string& board);
  void flush();
  void tick();
  PgnTags tagsFor(const HubBoard& board) const;
  HubBoard& board(const std::string& name);
  void loadStore();

  boost::asio::io_context& io_;
  HubOptions options_;
  std::ostream& log_;
  std::unique_ptr<publish::MqttClient> client_;
  boost::asio::steady_timer ticker_;
  std::map<std::string, std::unique_ptr<HubBoard>> boards_;
  struct Asked {
    int from = 0;
    long long at = 0;
  };
  std::map<std::string, Asked> asked_;
  std::set<std::string> dirty_;
  bool flushPosted_ = false;
  // Starts from the clock (a thousand a millisecond), so that it only grows across restarts: a
  // page that knew an earlier hub asks for what is newer and gets it.
  long revision_ = publish::unixMillisNow() * 1000;
  std::map<std::string, long> changedAt_;  // each board's revision at its last change
  std::vector<std::function<void()>> waiters_;
  std::string lastAlerts_;
  std::string refusal_;  // why the broker cannot be reached, until it can ("" then)
  mutable std::map<std::string, std::string> pgnCache_;  // each board's PGN until it changes
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);  // handlers left in the loop check it
  BackgroundWriter writer_;  // last: it finishes writing before the rest goes
};

}  // namespace tessera::hub
