#include "host/publish/board_messages.hpp"

#include <chrono>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace tessera::publish {

using json = nlohmann::ordered_json;

namespace {

json parse(const std::string& payload, const char* what) {
  try {
    json j = json::parse(payload);
    if (!j.is_object()) throw std::invalid_argument(std::string(what) + ": not a JSON object");
    return j;
  } catch (const json::exception& e) {
    throw std::invalid_argument(std::string(what) + ": not JSON (" + e.what() + ")");
  }
}

template <typename T>
T field(const json& j, const char* name, const char* what) {
  try {
    return j.at(name).get<T>();
  } catch (const json::exception&) {
    throw std::invalid_argument(std::string(what) + ": field '" + name + "' missing or of the wrong type");
  }
}

template <typename T>
T fieldOr(const json& j, const char* name, T fallback, const char* what) {
  if (!j.contains(name) || j[name].is_null()) return fallback;
  return field<T>(j, name, what);
}

template <typename T>
std::optional<T> optionalField(const json& j, const char* name, const char* what) {
  if (!j.contains(name) || j[name].is_null()) return std::nullopt;
  return field<T>(j, name, what);
}

}  // namespace

long long unixMillisNow() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

std::string headerJson(const GameHeader& h) {
  return json{{"board", h.board}, {"game", h.game},       {"variant", h.variant}, {"start", h.start},
              {"timeControl", h.timeControl}, {"players", h.players}, {"event", h.event}, {"round", h.round}}
      .dump();
}

GameHeader readHeader(const std::string& payload) {
  const json j = parse(payload, "header");
  GameHeader h;
  h.board = field<std::string>(j, "board", "header");
  h.game = field<std::string>(j, "game", "header");
  h.variant = field<std::string>(j, "variant", "header");
  h.start = fieldOr<std::string>(j, "start", "", "header");
  h.timeControl = fieldOr<std::string>(j, "timeControl", "none", "header");
  h.players = fieldOr<std::vector<std::string>>(j, "players", {}, "header");
  h.event = fieldOr<std::string>(j, "event", "", "header");
  h.round = fieldOr<std::string>(j, "round", "", "header");
  return h;
}

std::string actionJson(const std::string& game, const PublishedAction& a) {
  json j{{"game", game}, {"n", a.number}, {"san", a.san}};
  if (a.millis) j["ms"] = *a.millis;
  if (a.clockMillis) j["clock"] = *a.clockMillis;
  return j.dump();
}

std::string takebackJson(const std::string& game, int remaining) { return json{{"game", game}, {"takeback", remaining}}.dump(); }

ActionMessage readAction(const std::string& payload) {
  const json j = parse(payload, "action");
  ActionMessage m;
  m.game = field<std::string>(j, "game", "action");
  if (j.contains("takeback")) {
    m.takebackTo = field<int>(j, "takeback", "action");
    if (*m.takebackTo < 0) throw std::invalid_argument("action: a takeback to fewer than no actions");
    return m;
  }
  PublishedAction a;
  a.number = field<int>(j, "n", "action");
  if (a.number < 1) throw std::invalid_argument("action: its number must be 1 or more");
  a.san = field<std::string>(j, "san", "action");
  if (a.san.empty() || a.san.size() > 64) throw std::invalid_argument("action: an empty or overlong action text");
  a.millis = optionalField<long>(j, "ms", "action");
  a.clockMillis = optionalField<long>(j, "clock", "action");
  m.action = a;
  return m;
}

std::string stateJson(const BoardState& s) {
  return json{{"game", s.game},         {"actions", s.actions},   {"state", s.state},       {"result", s.result},
              {"reason", s.reason},     {"clocks", s.clocks},     {"sideToAct", s.sideToAct}, {"counting", s.counting},
              {"last", s.lastAction},   {"message", s.message},   {"at", s.sentAt}}
      .dump();
}

BoardState readState(const std::string& payload) {
  const json j = parse(payload, "state");
  BoardState s;
  s.game = field<std::string>(j, "game", "state");
  s.actions = field<int>(j, "actions", "state");
  s.state = fieldOr<std::string>(j, "state", "playing", "state");
  s.result = fieldOr<std::string>(j, "result", "*", "state");
  s.reason = fieldOr<std::string>(j, "reason", "", "state");
  s.clocks = fieldOr<std::vector<long>>(j, "clocks", {}, "state");
  s.sideToAct = fieldOr<int>(j, "sideToAct", 0, "state");
  s.counting = fieldOr<bool>(j, "counting", false, "state");
  s.lastAction = fieldOr<std::string>(j, "last", "", "state");
  s.message = fieldOr<std::string>(j, "message", "", "state");
  s.sentAt = fieldOr<long long>(j, "at", 0, "state");
  return s;
}

std::string resendJson(const std::string& game, int from) { return json{{"game", game}, {"from", from}}.dump(); }

std::pair<std::string, int> readResend(const std::string& payload) {
  const json j = parse(payload, "resend");
  return {field<std::string>(j, "game", "resend"), field<int>(j, "from", "resend")};
}

std::string pairingJson(const Pairing& p) { return json{{"players", p.players}, {"event", p.event}, {"round", p.round}}.dump(); }

Pairing readPairing(const std::string& payload) {
  const json j = parse(payload, "pairing");
  Pairing p;
  p.players = fieldOr<std::vector<std::string>>(j, "players", {}, "pairing");
  p.event = fieldOr<std::string>(j, "event", "", "pairing");
  p.round = fieldOr<std::string>(j, "round", "", "pairing");
  return p;
}

}  // namespace tessera::publish
