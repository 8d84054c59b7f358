#include "host/hub/hub.hpp"

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

#include <boost/asio/post.hpp>

#include "core/referee/sensor_view.hpp"
#include "core/rules/variant.hpp"
#include "host/views/display/board_palette.hpp"

namespace tessera::hub {

using json = nlohmann::ordered_json;
namespace fs = std::filesystem;

namespace {

std::string cssColour(const cv::Scalar& bgr) {
  char text[8];
  std::snprintf(text, sizeof text, "#%02x%02x%02x", static_cast<int>(bgr[2]) & 0xFF, static_cast<int>(bgr[1]) & 0xFF,
                static_cast<int>(bgr[0]) & 0xFF);
  return text;
}

// The position for a mini board: cells rank by rank from a1, pieces as [file, rank, letter, side].
json miniBoard(const Position& pos) {
  const Variant& v = pos.variant();
  json cells = json::array(), pieces = json::array();
  for (int r = 0; r < v.size.ranks; ++r)
    for (int f = 0; f < v.size.files; ++f) {
      const Square sq = makeSquare(f, r);
      cells.push_back(cssColour(display::surfaceColour(surfaceAt(pos, sq))));
      if (const PieceCode p = pos.at(sq))
        pieces.push_back({f, r, std::string(1, v.pieces[pieceType(p)].letter), pieceSide(p),
                          cssColour(display::pieceFill(pieceSide(p), v.sides)), cssColour(display::pieceInk(pieceSide(p), v.sides))});
    }
  return json{{"files", v.size.files}, {"ranks", v.size.ranks}, {"cells", cells}, {"pieces", pieces}};
}

// "Alice Smith" -> fname "Alice", lname "Smith", as the LiveChess index writes a player.
json liveChessPlayer(const std::string& name) {
  const auto space = name.rfind(' ');
  if (space == std::string::npos) return json{{"fname", ""}, {"lname", name}};
  return json{{"fname", name.substr(0, space)}, {"lname", name.substr(space + 1)}};
}

std::string since(long long millis) {
  const long long s = std::max(0LL, (publish::unixMillisNow() - millis) / 1000);
  return s < 120 ? std::to_string(s) + " s" : std::to_string(s / 60) + " min";
}

}  // namespace

Hub::Hub(boost::asio::io_context& io, HubOptions options, std::ostream& log)
    : io_(io), options_(std::move(options)), log_(log), ticker_(io),
      writer_([&log](const std::string& what) { log << "hub: " << what << std::endl; }) {
  std::error_code ec;
  fs::create_directories(options_.folder / "boards", ec);
  fs::create_directories(options_.folder / "store", ec);
  fs::create_directories(options_.folder / "livechess", ec);
  if (ec) throw std::runtime_error("cannot make the hub's folder " + options_.folder.string() + ": " + ec.message());
  if (options_.round)
    for (const auto& b : options_.round->boards) board(b.name);
  loadStore();
  for (const auto& [name, b] : boards_) dirty_.insert(name);
  flush();
  publish::MqttOptions mqtt;
  mqtt.address = options_.address;
  if (mqtt.address.user.empty()) mqtt.address.user = "hub";
  // The same id for the same prefix, run after run (FNV-1a of the prefix): the broker's session is the hub's.
  std::uint32_t fnv = 2166136261u;
  for (const unsigned char c : options_.address.prefix) fnv = (fnv ^ c) * 16777619u;
  mqtt.clientId = "tessera-hub-" + std::to_string(fnv);
  mqtt.caFile = options_.caFile;
  // While the hub is away (restarted, its network gone) the broker keeps what the boards send for it.
  mqtt.cleanSession = false;
  publish::MqttHandlers handlers;
  handlers.onConnected = [this] { onConnected(); };
  handlers.onDisconnected = [this](const std::string& why) {
    log_ << "hub: broker " << options_.address.host << ":" << options_.address.port << " away (" << why << ")" << std::endl;
    changed("");
  };
  handlers.onRefused = [this](const std::string& why) {
    log_ << "hub: cannot connect to the broker: " << why << " (trying again)" << std::endl;
    refusal_ = why;
    changed("");
  };
  handlers.onMessage = [this](const std::string& topic, const std::string& payload) { onMessage(topic, payload); };
  client_ = std::make_unique<publish::MqttClient>(io_, mqtt, handlers);
  tick();
}

Hub::~Hub() = default;

HubBoard& Hub::board(const std::string& name) {
  auto& b = boards_[name];
  if (!b) b = std::make_unique<HubBoard>(name);
  return *b;
}

void Hub::loadStore() {
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(options_.folder / "store", ec)) {
    if (entry.path().extension() != ".json") continue;
    const std::string name = entry.path().stem().string();
    try {
      std::ifstream in(entry.path());
      std::stringstream text;
      text << in.rdbuf();
      board(name).loadStore(text.str());
    } catch (const std::exception& e) {
      log_ << "hub: cannot read back " << entry.path().string() << ": " << e.what() << " (the board will send its game again)"
           << std::endl;
    }
  }
}

void Hub::onConnected() {
  const std::string& p = options_.address.prefix;
  log_ << "hub: connected to " << options_.address.host << ":" << options_.address.port << ", following " << p << "/board/+"
       << std::endl;
  for (const char* kind : {"header", "action", "state", "online"}) client_->subscribe(p + "/board/+/" + kind);
  if (options_.round)
    for (const auto& b : options_.round->boards) {
      publish::Pairing pairing{b.players, options_.round->event, options_.round->round};
      client_->publish(publish::BoardTopics(p, b.name).pairing(), publish::pairingJson(pairing), true);
    }
  asked_.clear();
  refusal_.clear();
  changed("");
}

void Hub::onMessage(const std::string& topic, const std::string& payload) {
  const std::string start = options_.address.prefix + "/board/";
  if (topic.rfind(start, 0) != 0) return;
  const std::string rest = topic.substr(start.size());
  const auto slash = rest.find('/');
  if (slash == std::string::npos) return;
  const std::string name = rest.substr(0, slash);
  const std::string kind = rest.substr(slash + 1);
  try {
    publish::checkBoardName(name);
  } catch (const std::invalid_argument&) {
    return;
  }
  HubBoard& b = board(name);
  try {
    if (kind == "header") {
      handle(b, b.takeHeader(publish::readHeader(payload)));
    } else if (kind == "action") {
      handle(b, b.takeAction(publish::readAction(payload)));
    } else if (kind == "state") {
      handle(b, b.takeState(publish::readState(payload)));
      changed(name);
    } else if (kind == "online") {
      b.setOnline(payload == "1", publish::unixMillisNow());
      changed(name);
    }
  } catch (const std::invalid_argument& e) {
    log_ << "hub: board " << name << ": " << e.what() << std::endl;
  }
}

void Hub::handle(HubBoard& b, const HubBoard::Outcome& outcome) {
  if (!outcome.refused.empty()) log_ << "hub: board " << b.name() << ": " << outcome.refused << std::endl;
  if (outcome.missingFrom) askFor(b, *outcome.missingFrom, false);
  if (outcome.changed) changed(b.name());
}

void Hub::askFor(HubBoard& b, int from, bool again) {
  if (!b.hasGame() || !client_->connected()) return;
  Asked& asked = asked_[b.name()];
  const long long now = publish::unixMillisNow();
  // Asked already for the same: the answer is on its way, unless it has been a while.
  if (asked.from == from && now - asked.at < (again ? 3000 : 1000)) return;
  asked = {from, now};
  client_->publish(publish::BoardTopics(options_.address.prefix, b.name()).resend(), publish::resendJson(b.current().header.game, from),
                   false);
}

void Hub::tick() {
  ticker_.expires_after(std::chrono::seconds(1));
  ticker_.async_wait([this, alive = std::weak_ptr<bool>(alive_)](const boost::system::error_code& ec) {
    if (ec || alive.expired()) return;
    for (auto& [name, b] : boards_)
      if (b->missing() > 0) askFor(*b, static_cast<int>(b->current().actions.size()) + 1, true);
    // Alerts come with time (a board goes quiet): the pages hear of it.
    std::string now;
    for (const auto& a : alerts()) now += a.board + a.kind + "\n";
    if (now != lastAlerts_) {
      lastAlerts_ = now;
      changed("");
    }
    tick();
  });
}

void Hub::changed(const std::string& board) {
  ++revision_;
  if (!board.empty()) {
    dirty_.insert(board);
    pgnCache_.erase(board);
    changedAt_[board] = revision_;
  }
  if (flushPosted_) return;
  flushPosted_ = true;
  // Every message waiting is taken first: the files are written once for all of them.
  boost::asio::post(io_, [this, alive = std::weak_ptr<bool>(alive_)] {
    if (!alive.expired()) flush();
  });
}

void Hub::flush() {
  flushPosted_ = false;
  // The pages first (their answers leave at once), then the files, written by the writer's thread.
  std::vector<std::function<void()>> waiting;
  waiting.swap(waiters_);
  for (auto& f : waiting) f();
  if (dirty_.empty()) return;
  for (const auto& name : dirty_) {
    const HubBoard& b = *boards_.at(name);
    writer_.write(options_.folder / "store" / (name + ".json"), b.storeJson());
    if (b.hasGame()) writer_.write(options_.folder / "boards" / (name + ".pgn"), *boardPgn(name));
  }
  writer_.write(options_.folder / "round.pgn", roundPgn());
  writer_.write(options_.folder / "livechess" / "index.json", liveChessIndex());
  // The games of the boards that changed (numbered as in the index).
  const auto listed = liveChessBoards();
  for (std::size_t i = 0; i < listed.size(); ++i)
    if (dirty_.count(listed[i]))
      writer_.write(options_.folder / "livechess" / ("game-" + std::to_string(i + 1) + ".json"), *liveChessGame(static_cast<int>(i) + 1));
  dirty_.clear();
}

std::vector<std::string> Hub::boardNames() const {
  std::vector<std::string> names;
  if (options_.round)
    for (const auto& b : options_.round->boards) names.push_back(b.name);
  for (const auto& [name, b] : boards_)
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  return names;
}

PgnTags Hub::tagsFor(const HubBoard& b) const {
  PgnTags tags;
  const auto& h = b.current().header;
  if (!h.event.empty()) tags["Event"] = h.event;
  if (!h.round.empty()) tags["Round"] = h.round;
  tags["Board"] = b.name();
  const RoundBoard* paired = options_.round ? options_.round->board(b.name()) : nullptr;
  if (options_.round) {
    if (!options_.round->event.empty()) tags["Event"] = options_.round->event;
    if (!options_.round->site.empty()) tags["Site"] = options_.round->site;
    if (!options_.round->date.empty()) tags["Date"] = options_.round->date;
    if (!options_.round->round.empty()) tags["Round"] = options_.round->round;
  }
  // Before its game comes, a board paired in the round file is named by it (the index lists it).
  const Variant* variant = b.game() ? &b.game()->variant() : nullptr;
  if (!variant && paired) {
    try {
      variant = &builtinVariant(paired->variant);
    } catch (const std::exception&) {
    }
  }
  if (variant) {
    const Variant& v = *variant;
    for (int side = 0; side < v.sides; ++side) {
      std::string name = side < static_cast<int>(h.players.size()) ? h.players[side] : "";
      if (paired && side < static_cast<int>(paired->players.size())) name = paired->players[side];
      if (!name.empty()) tags[sideFullName(v, side)] = name;
    }
  }
  return tags;
}

std::optional<std::string> Hub::boardPgn(const std::string& name) const {
  const auto it = boards_.find(name);
  if (it == boards_.end() || !it->second->hasGame()) return std::nullopt;
  // Written again only when the board changed: the round PGN is every board's, on every action.
  if (const auto cached = pgnCache_.find(name); cached != pgnCache_.end()) return cached->second;
  std::string text;
  for (const auto& g : it->second->finishedGames()) text += gamePgn(g, tagsFor(*it->second)) + "\n";
  text += it->second->pgn(tagsFor(*it->second));
  pgnCache_[name] = text;
  return text;
}

std::string Hub::roundPgn() const {
  std::string text;
  for (const auto& name : boardNames()) {
    const auto pgn = boardPgn(name);
    if (!pgn) continue;
    if (!text.empty()) text += "\n";
    text += *pgn;
  }
  return text;
}

std::vector<Alert> Hub::alerts() const {
  std::vector<Alert> list;
  const long long now = publish::unixMillisNow();
  for (const auto& name : boardNames()) {
    const HubBoard& b = *boards_.at(name);
    const bool finished = b.result().finished();
    if (!b.hasGame()) continue;
    if (!b.online() && !finished) list.push_back({name, "offline", "offline for " + since(b.onlineSince()), b.onlineSince()});
    const auto& state = b.current().state;
    if (state && (state->state == "mismatch" || state->state == "unexpected") &&
        now - b.stateSince() >= options_.mismatchAfterSeconds * 1000)
      list.push_back({name, "mismatch", "the board does not match the game for " + since(b.stateSince()), b.stateSince()});
    const long long last = std::max(b.lastActionAt(), b.onlineSince());
    if (b.online() && !finished && last > 0 && now - last >= options_.quietAfterSeconds * 1000)
      list.push_back({name, "quiet", "no action for " + since(last), last});
    if (b.missing() > 0)
      list.push_back({name, "missing", std::to_string(b.missing()) + " actions not received yet (asked again)", now});
    if (!b.refusals().empty()) list.push_back({name, "refused", b.refusals().back(), now});
  }
  std::stable_sort(list.begin(), list.end(), [](const Alert& a, const Alert& b) { return a.since < b.since; });
  return list;
}

namespace {
json boardSummary(const HubBoard& b, const PgnTags& tags) {
  json j{{"board", b.name()}, {"online", b.online()}};
  if (!b.hasGame()) {
    j["state"] = "waiting";
    return j;
  }
  const auto& g = b.current();
  const Variant& v = b.game()->variant();
  json players = json::array();
  for (int side = 0; side < v.sides; ++side) {
    const auto it = tags.find(sideFullName(v, side));
    players.push_back({{"side", sideFullName(v, side)}, {"name", it == tags.end() ? "" : it->second}});
  }
  const GameResult r = b.result();
  std::string state = g.state ? g.state->state : "playing";
  if (r.finished()) state = "finished";
  else if (!b.online()) state = "offline";
  j["game"] = g.header.game;
  j["variant"] = v.title.empty() ? v.name : v.title;
  j["players"] = players;
  j["state"] = state;
  j["actions"] = g.actions.size();
  j["last"] = g.actions.empty() ? "" : std::to_string(g.actions.back().number) + ". " + g.actions.back().san;
  j["result"] = r.token;
  j["reason"] = r.reason;
  j["missing"] = b.missing();
  j["lastActionAt"] = b.lastActionAt();
  if (g.state) {
    j["clocks"] = g.state->clocks;
    j["counting"] = g.state->counting;
    j["sideToAct"] = g.state->sideToAct;
    j["clocksAt"] = g.state->sentAt;
    j["message"] = g.state->message;
  }
  j["position"] = miniBoard(b.game()->position());
  return j;
}
}  // namespace

std::string Hub::feedJson(long after) const {
  json boards = json::array();
  for (const auto& name : boardNames()) {
    const auto changed = changedAt_.find(name);
    if (after > 0 && (changed == changedAt_.end() || changed->second <= after)) continue;
    boards.push_back(boardSummary(*boards_.at(name), tagsFor(*boards_.at(name))));
  }
  json alerts = json::array();
  for (const auto& a : this->alerts()) alerts.push_back({{"board", a.board}, {"kind", a.kind}, {"text", a.text}, {"since", a.since}});
  json j{{"revision", revision_}, {"partial", after > 0},        {"connected", connected()}, {"brokerRefusal", refusal_},
          {"now", publish::unixMillisNow()}, {"boards", boards}, {"alerts", alerts}};
  if (options_.round) j["event"] = options_.round->event, j["round"] = options_.round->round;
  return j.dump();
}

std::optional<std::string> Hub::boardJson(const std::string& name) const {
  const auto it = boards_.find(name);
  if (it == boards_.end()) return std::nullopt;
  json j = boardSummary(*it->second, tagsFor(*it->second));
  json actions = json::array();
  for (const auto& a : it->second->current().actions) {
    json one{{"n", a.number}, {"san", a.san}};
    if (a.clockMillis) one["clock"] = *a.clockMillis;
    actions.push_back(one);
  }
  j["moves"] = actions;
  j["revision"] = revision_;
  return j.dump();
}

std::vector<std::string> Hub::liveChessBoards() const {
  std::vector<std::string> listed;
  for (const auto& name : boardNames()) {
    const HubBoard& b = *boards_.at(name);
    const RoundBoard* paired = options_.round ? options_.round->board(name) : nullptr;
    if (paired && paired->players.size() != 2) continue;         // paired for four players
    if (!paired && !b.game()) continue;                          // not known yet: its game says
    if (b.game() && b.game()->variant().sides != 2) continue;    // playing another game than paired for
    listed.push_back(name);
  }
  return listed;
}

std::string Hub::liveChessIndex() const {
  json pairings = json::array();
  for (const auto& name : liveChessBoards()) {
    const HubBoard& b = *boards_.at(name);
    const PgnTags tags = tagsFor(b);
    const auto white = tags.count("White") ? tags.at("White") : "";
    const auto black = tags.count("Black") ? tags.at("Black") : "";
    pairings.push_back({{"white", liveChessPlayer(white)}, {"black", liveChessPlayer(black)}, {"result", b.result().token},
                        {"board", name}});
  }
  return json{{"pairings", pairings}}.dump(2);
}

std::optional<std::string> Hub::liveChessGame(int number) const {
  const auto listed = liveChessBoards();
  if (number < 1 || number > static_cast<int>(listed.size())) return std::nullopt;
  const HubBoard& b = *boards_.at(listed[static_cast<std::size_t>(number - 1)]);
  json moves = json::array();
  for (const auto& a : b.current().actions)
    moves.push_back(a.clockMillis ? a.san + " " + std::to_string(*a.clockMillis / 1000) : a.san);
  json j{{"moves", moves}, {"result", b.result().token}};
  if (b.game()) j["variant"] = b.game()->variant().name;
  if (const auto& s = b.current().state; s && s->clocks.size() == 2)
    j["clock"] = {{"white", s->clocks[0] / 1000}, {"black", s->clocks[1] / 1000}, {"time", s->sentAt}};
  return j.dump(2);
}

}  // namespace tessera::hub
