#include "host/publish/board_publisher.hpp"

#include <filesystem>
#include <fstream>
#include <ostream>
#include <random>

#include "core/rules/position_text.hpp"
#include "host/files/atomic_file.hpp"
#include "host/publish/journal_actions.hpp"
#include "host/record/game_journal.hpp"

namespace tessera::publish {

namespace {

std::string newGameId() {
  std::random_device device;
  std::mt19937_64 random(device() ^ static_cast<unsigned long long>(unixMillisNow()));
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(random()));
  return text;
}

std::string gameIdPath(const std::string& journal) { return journal + ".game-id"; }

}  // namespace

BoardPublisher::BoardPublisher(boost::asio::io_context& io, PublisherOptions options, session::RefereeSession& session,
                               session::EventBus& bus, std::ostream& log)
    : io_(io), options_(std::move(options)), session_(session), log_(log), topics_(options_.address.prefix, options_.board),
      heartbeat_(io) {
  checkBoardName(options_.board);
  if (session_.options().journalPath.empty())
    throw std::invalid_argument("publishing needs the game's journal (--journal FILE): it is the queue of what is still to send");
  header_.board = options_.board;
  bus.subscribe([this](const session::SessionEvent& e) { onEvent(e); });
  MqttOptions mqtt;
  mqtt.address = options_.address;
  if (mqtt.address.user.empty()) mqtt.address.user = options_.board;  // the broker's ACL knows a board by its name
  mqtt.clientId = "tessera-board-" + options_.board;
  mqtt.will = LastWill{topics_.online(), "0"};
  mqtt.caFile = options_.caFile;
  MqttHandlers handlers;
  handlers.onConnected = [this] { onConnected(); };
  handlers.onDisconnected = [this](const std::string& why) {
    log_ << "publish: broker " << options_.address.host << ":" << options_.address.port << " away (" << why
         << "); the actions wait in the journal" << std::endl;
    inFlight_.clear();
    // What the broker did not acknowledge is sent again on reconnection.
    std::size_t keep = 0;
    while (keep < sent_.size() && keep < acknowledged_.size() && acknowledged_[keep]) ++keep;
    sent_.resize(keep);
    acknowledged_.resize(keep);
  };
  handlers.onRefused = [this](const std::string& why) {
    refusal_ = why;
    log_ << "publish: cannot connect to the broker: " << why << "; the actions wait in the journal (trying again)" << std::endl;
  };
  handlers.onMessage = [this](const std::string& topic, const std::string& payload) { onMessage(topic, payload); };
  handlers.onAcknowledged = [this](int mid) { onAcknowledged(mid); };
  client_ = std::make_unique<MqttClient>(io_, mqtt, handlers);
  beat();
}

BoardPublisher::~BoardPublisher() {
  // Leaving on purpose: the hub hears it now rather than from the last will (after the keep-alive).
  if (client_ && client_->connected()) client_->publish(topics_.online(), "0", true);
}

bool BoardPublisher::upToDate() const {
  if (static_cast<int>(acknowledged_.size()) < journaled_) return false;
  for (int i = 0; i < journaled_; ++i)
    if (!acknowledged_[static_cast<std::size_t>(i)]) return false;
  return inFlight_.empty();
}

int BoardPublisher::unsent() const {
  int acknowledged = 0;
  while (acknowledged < journaled_ && acknowledged < static_cast<int>(acknowledged_.size()) &&
         acknowledged_[static_cast<std::size_t>(acknowledged)])
    ++acknowledged;
  return journaled_ - acknowledged;
}

void BoardPublisher::beat() {
  heartbeat_.expires_after(options_.heartbeat);
  // A wait already finished when the publisher goes is still called, with no error: `alive` says.
  heartbeat_.async_wait([this, alive = std::weak_ptr<bool>(alive_)](const boost::system::error_code& ec) {
    if (ec || alive.expired()) return;
    publishState();
    beat();
  });
}

void BoardPublisher::startGame(bool resumed) {
  const std::string journal = session_.options().journalPath;
  std::string id;
  if (resumed) {
    std::ifstream in(gameIdPath(journal));
    std::getline(in, id);
  }
  if (id.size() != 16) {
    id = newGameId();
    try {
      files::writeFileAtomically(gameIdPath(journal), id + "\n");
    } catch (const files::FileError& e) {
      log_ << "publish: " << e.what() << " (a resumed game will be sent as a new one)" << std::endl;
    }
  }
  const Game& game = session_.game();
  header_.game = id;
  header_.variant = game.variant().name;
  header_.start = game.startsFromDefault() ? "" : game.startPosition();
  header_.timeControl = session::timeControlText(session_.options().timeControl);
  header_.players.resize(static_cast<std::size_t>(game.variant().sides));
  sent_.clear();
  acknowledged_.clear();
  inFlight_.clear();
  journaled_ = 0;
  started_ = true;
  publishHeader();
  sync();
}

void BoardPublisher::onEvent(const session::SessionEvent& e) {
  using K = session::SessionEvent::Kind;
  switch (e.kind) {
    case K::GameStarted:
      state_ = "playing";
      startGame(e.text.find(": resumed from ") != std::string::npos);
      return;
    case K::Action:
    case K::Takeback:
    case K::Restored: state_ = "playing"; break;
    case K::Choose: state_ = "choose"; break;
    case K::Mismatch: state_ = "mismatch"; break;
    case K::Unexpected: state_ = "unexpected"; break;
    case K::Message: message_ = e.text; break;
    case K::Result: break;
    default: return;
  }
  if (session_.game().result().finished()) state_ = "finished";
  if (e.kind == K::Action || e.kind == K::Takeback || e.kind == K::Result) {
    sync();
  } else {
    publishState();
  }
}

void BoardPublisher::onConnected() {
  refusal_.clear();
  log_ << "publish: connected to " << options_.address.host << ":" << options_.address.port << " as board "
       << options_.board << std::endl;
  client_->subscribe(topics_.resend());
  client_->subscribe(topics_.pairing());
  client_->publish(topics_.online(), "1", true);
  if (!started_) return;
  publishHeader();
  sync();
}

void BoardPublisher::onMessage(const std::string& topic, const std::string& payload) {
  try {
    if (topic == topics_.resend()) {
      const auto [game, from] = readResend(payload);
      if (game != header_.game || from < 1) return;
      // The hub misses actions from `from` on: they are sent again, whatever the broker acknowledged.
      const std::size_t keep = std::min(sent_.size(), static_cast<std::size_t>(from - 1));
      sent_.resize(keep);
      acknowledged_.resize(keep);
      sync();
    } else if (topic == topics_.pairing()) {
      const Pairing p = readPairing(payload);
      for (std::size_t side = 0; side < header_.players.size() && side < p.players.size(); ++side)
        header_.players[side] = p.players[side];
      header_.event = p.event;
      header_.round = p.round;
      log_ << "publish: pairing from the hub:";
      for (const auto& name : header_.players) log_ << " [" << name << "]";
      log_ << std::endl;
      publishHeader();
    }
  } catch (const std::invalid_argument& e) {
    log_ << "publish: ignored a message on " << topic << ": " << e.what() << std::endl;
  }
}

void BoardPublisher::onAcknowledged(int mid) {
  const auto it = inFlight_.find(mid);
  if (it == inFlight_.end()) return;
  const auto [number, san] = it->second;
  inFlight_.erase(it);
  const auto index = static_cast<std::size_t>(number - 1);
  if (index < sent_.size() && sent_[index] == san) acknowledged_[index] = true;
}

void BoardPublisher::publishHeader() {
  if (started_) client_->publish(topics_.header(), headerJson(header_), true);
}

void BoardPublisher::sync() {
  if (!started_) return;
  JournalActions record;
  try {
    record = readJournalActions(session_.options().journalPath, session_.game().variant());
  } catch (const std::exception& e) {
    log_ << "publish: cannot read the journal: " << e.what() << std::endl;
    return;
  }
  journaled_ = static_cast<int>(record.actions.size());
  if (!client_->connected()) return;
  // Sent actions the journal no longer has (taken back) are withdrawn first.
  std::size_t common = 0;
  while (common < sent_.size() && common < record.actions.size() && sent_[common] == record.actions[common].san) ++common;
  if (common < sent_.size()) {
    if (!client_->publish(topics_.action(), takebackJson(header_.game, static_cast<int>(common)), false)) return;
    sent_.resize(common);
    acknowledged_.resize(common);
  }
  for (std::size_t i = sent_.size(); i < record.actions.size(); ++i) {
    const PublishedAction& a = record.actions[i];
    const auto mid = client_->publish(topics_.action(), actionJson(header_.game, a), false);
    if (!mid) break;
    inFlight_[*mid] = {a.number, a.san};
    sent_.push_back(a.san);
    acknowledged_.push_back(false);
    ++published_;
  }
  publishState();
}

void BoardPublisher::publishState() {
  if (!started_ || !client_->connected()) return;
  Game& game = session_.game();
  BoardState s;
  s.game = header_.game;
  s.actions = static_cast<int>(game.actions().size());
  s.state = state_;
  const GameResult r = game.result();
  s.result = r.token;
  s.reason = r.reason;
  const auto now = session::GameClock::Clock::now();
  const session::GameClock& clock = session_.clock();
  s.counting = clock.control().counting();
  for (int side = 0; side < game.variant().sides; ++side) {
    const auto d = s.counting ? clock.remaining(side, now) : clock.used(side, now);
    s.clocks.push_back(static_cast<long>(std::chrono::duration_cast<std::chrono::milliseconds>(d).count()));
  }
  s.sideToAct = game.position().sideToMove();
  s.lastAction = sent_.empty() ? "" : sent_.back();
  s.message = message_;
  s.sentAt = unixMillisNow();
  client_->publish(topics_.state(), stateJson(s), true);
}

}  // namespace tessera::publish
