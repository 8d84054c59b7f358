#pragma once
// A board publishing its game to the club's broker (docs/club.md): the header, every action with
// its number, the clocks and the result, and a retained state message. The journal is the queue:
// after every change the publisher reads it and sends what the broker has not acknowledged yet, in
// the journal's order; after the broker or the network was away it sends the rest on reconnection,
// and again whatever the hub asks for (resend). The hub drops what it already has by the action's
// number, so nothing is lost and nothing counted twice. A board resumed from its journal keeps its
// game's id (kept beside the journal, JOURNAL.game-id) and sends its game again from the start.
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <iosfwd>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "host/publish/board_messages.hpp"
#include "host/publish/mqtt_client.hpp"
#include "host/session/event_bus.hpp"
#include "host/session/referee_session.hpp"

namespace tessera::publish {

struct PublisherOptions {
  MqttAddress address;
  std::string board;                     // checkBoardName
  std::string caFile;                    // mqtts:// with a private CA
  std::chrono::milliseconds heartbeat{10000};  // the state (clocks) published this often
};

class BoardPublisher {
 public:
  // Subscribes to `bus`; the session must journal its game (SessionOptions::journalPath). Call
  // before session.start() so the game's start is seen. `log` gets "publish: ..." lines.
  BoardPublisher(boost::asio::io_context& io, PublisherOptions options, session::RefereeSession& session,
                 session::EventBus& bus, std::ostream& log);
  ~BoardPublisher();

  bool connected() const { return client_->connected(); }
  // Every action of the game is acknowledged by the broker.
  bool upToDate() const;
  // Actions of the journal the broker has not acknowledged.
  int unsent() const;
  // Why the broker cannot be reached ("" once connected, or while the first attempt is under way).
  const std::string& refusal() const { return refusal_; }
  const std::string& gameId() const { return header_.game; }
  const std::vector<std::string>& players() const { return header_.players; }
  int actionsPublished() const { return published_; }

 private:
  void onEvent(const session::SessionEvent& e);
  void onConnected();
  void onMessage(const std::string& topic, const std::string& payload);
  void onAcknowledged(int mid);
  void startGame(bool resumed);
  void sync();
  void publishState();
  void publishHeader();
  void beat();

  boost::asio::io_context& io_;
  PublisherOptions options_;
  session::RefereeSession& session_;
  std::ostream& log_;
  BoardTopics topics_;
  std::unique_ptr<MqttClient> client_;
  boost::asio::steady_timer heartbeat_;
  GameHeader header_;
  std::string state_ = "playing";
  std::string message_;
  std::string refusal_;
  int journaled_ = 0;                    // actions in the journal when last read
  std::vector<std::string> sent_;        // the actions sent on this connection or acknowledged, by number
  std::vector<bool> acknowledged_;
  std::map<int, std::pair<int, std::string>> inFlight_;  // message id -> (action number, SAN)
  int published_ = 0;
  bool started_ = false;
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
};

}  // namespace tessera::publish
