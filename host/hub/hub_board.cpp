#include "host/hub/hub_board.hpp"

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "core/rules/move_text.hpp"
#include "core/rules/variant.hpp"

namespace tessera::hub {

using json = nlohmann::ordered_json;

namespace {

// The result the board declared (a resignation, a flag, an agreed draw), which the actions alone
// do not give, put on `game` once the hub has all of them.
void declare(Game& game, const std::optional<publish::BoardState>& state, std::size_t actions) {
  if (!state || state->actions != static_cast<int>(actions) || game.result().finished()) return;
  const Variant& v = game.variant();
  if (state->result == "*") return;
  const std::string& reason = state->reason;
  if (reason == "draw agreed") return game.agreeDraw();
  if (v.sides != 2) return;
  for (int side = 0; side < v.sides; ++side) {
    if (reason == sideFullName(v, side) + " resigns") return game.resign(side);
    if (reason == sideFullName(v, side) + " loses on time") return game.loseOnTime(side);
  }
}

std::unique_ptr<Game> newGame(const publish::GameHeader& h) {
  const Variant& v = builtinVariant(h.variant);
  return h.start.empty() ? std::make_unique<Game>(v) : std::make_unique<Game>(v, h.start);
}

std::unique_ptr<Game> replay(const HubGame& g) {
  auto game = newGame(g.header);
  for (const auto& a : g.actions) game->play(parseMove(game->position(), a.san));
  declare(*game, g.state, g.actions.size());
  return game;
}

json actionToJson(const publish::PublishedAction& a) {
  json j{{"n", a.number}, {"san", a.san}};
  if (a.millis) j["ms"] = *a.millis;
  if (a.clockMillis) j["clock"] = *a.clockMillis;
  return j;
}

}  // namespace

std::string clockComment(long millis) {
  if (millis < 0) millis = 0;
  const long s = millis / 1000;
  char text[40];
  std::snprintf(text, sizeof text, "[%%clk %ld:%02ld:%02ld]", s / 3600, s / 60 % 60, s % 60);
  return text;
}

std::string gamePgn(const HubGame& g, const PgnTags& tags) {
  auto game = replay(g);
  std::vector<std::string> comments;
  for (const auto& a : g.actions) comments.push_back(a.clockMillis ? clockComment(*a.clockMillis) : "");
  PgnTags all = tags;
  if (g.header.timeControl != "none" && !g.header.timeControl.empty() && !all.count("TimeControl")) {
    const auto plus = g.header.timeControl.find('+');
    const double minutes = std::stod(g.header.timeControl.substr(0, plus));
    const std::string inc = plus == std::string::npos ? "0" : g.header.timeControl.substr(plus + 1);
    all["TimeControl"] = std::to_string(static_cast<long>(minutes * 60)) + "+" + inc;
  }
  return writePgn(*game, all, comments);
}

HubBoard::Outcome HubBoard::takeHeader(const publish::GameHeader& header) {
  Outcome out;
  try {
    builtinVariant(header.variant);
  } catch (const std::exception&) {
    out.refused = "header: no variant named '" + header.variant + "'";
    refusals_.push_back(out.refused);
    return out;
  }
  if (game_ && header.game == current_.header.game) {
    out.changed = header.players != current_.header.players;
    current_.header = header;
    return out;
  }
  if (game_ && !current_.actions.empty()) earlier_.push_back(current_);
  current_ = HubGame{};
  current_.header = header;
  confirmedAt_ = 0;
  waiting_.clear();
  try {
    game_ = newGame(header);
  } catch (const std::exception& e) {
    out.refused = std::string("header: ") + e.what();
    refusals_.push_back(out.refused);
    game_.reset();
    return out;
  }
  out.changed = true;
  out.missingFrom = 1;  // a hub that meets the game late asks for all of it
  return out;
}

bool HubBoard::apply(const publish::PublishedAction& a, std::string& why) {
  try {
    if (game_->result().finished()) throw std::invalid_argument("the game is over");
    const Move m = parseMove(game_->position(), a.san);
    game_->play(m);
  } catch (const std::exception& e) {
    why = "action " + std::to_string(a.number) + " '" + a.san + "' refused: " + e.what();
    return false;
  }
  current_.actions.push_back(a);
  return true;
}

HubBoard::Outcome HubBoard::takeAction(const publish::ActionMessage& m) {
  Outcome out;
  if (!game_ || m.game != current_.header.game) return out;  // a game whose header has not come (it is retained)
  if (m.takebackTo) {
    if (*m.takebackTo < static_cast<int>(current_.actions.size())) {
      current_.actions.resize(static_cast<std::size_t>(*m.takebackTo));
      waiting_.clear();
      rebuild();
      out.changed = true;
    }
    return out;
  }
  const publish::PublishedAction& a = *m.action;
  const auto have = static_cast<int>(current_.actions.size());
  if (a.number <= have) {
    if (current_.actions[static_cast<std::size_t>(a.number - 1)].san == a.san) return out;  // a duplicate
    // Another action under a number the hub has: the board took back and played on.
    current_.actions.resize(static_cast<std::size_t>(a.number - 1));
    rebuild();
  } else if (a.number > have + 1) {
    waiting_[a.number] = a;
    out.missingFrom = have + 1;
    return out;
  }
  std::string why;
  if (!apply(a, why)) {
    out.refused = why;
    refusals_.push_back(why);
    return out;
  }
  out.changed = true;
  lastActionAt_ = publish::unixMillisNow();
  // Those waiting behind a gap now filled follow.
  for (auto it = waiting_.begin(); it != waiting_.end();) {
    const int next = static_cast<int>(current_.actions.size()) + 1;
    if (it->first < next) {
      it = waiting_.erase(it);
    } else if (it->first == next) {
      if (!apply(it->second, why)) {
        refusals_.push_back(why);
        waiting_.clear();
        break;
      }
      it = waiting_.erase(it);
    } else {
      out.missingFrom = next;
      break;
    }
  }
  declare(*game_, current_.state, current_.actions.size());
  return out;
}

HubBoard::Outcome HubBoard::takeState(const publish::BoardState& state) {
  Outcome out;
  if (!game_ || state.game != current_.header.game) return out;
  if (!current_.state || current_.state->state != state.state) stateSince_ = publish::unixMillisNow();
  const bool resultChanged = !current_.state || current_.state->result != state.result;
  current_.state = state;
  const int have = static_cast<int>(current_.actions.size());
  if (state.actions > have) out.missingFrom = have + 1;
  if (state.actions >= have) {
    confirmedAt_ = std::max(confirmedAt_, state.sentAt);
  } else if (confirmedAt_ > 0 && state.sentAt > confirmedAt_) {
    // The board said it had every action the hub has, and later that it has fewer: it took back,
    // and its takeback message was lost. Its actions up to its count are the hub's (any other one
    // under a number would have replaced the hub's), so what it no longer has is dropped.
    current_.actions.resize(static_cast<std::size_t>(std::max(0, state.actions)));
    waiting_.clear();
    rebuild();
    confirmedAt_ = state.sentAt;
    out.changed = true;
    return out;
  }
  if (resultChanged) {
    if (state.result == "*" && game_->resignedOrDrawAgreed()) rebuild();  // a resignation or draw withdrawn
    declare(*game_, current_.state, current_.actions.size());
    out.changed = true;
  }
  return out;
}

void HubBoard::setOnline(bool online, long long atMillis) {
  if (online != online_) onlineChanged_ = atMillis;
  online_ = online;
}

int HubBoard::missing() const {
  if (!current_.state) return 0;
  return std::max(0, current_.state->actions - static_cast<int>(current_.actions.size()));
}

GameResult HubBoard::result() const { return game_ ? const_cast<Game&>(*game_).result() : GameResult{}; }

std::string HubBoard::pgn(const PgnTags& tags) const { return game_ ? gamePgn(current_, tags) : ""; }

void HubBoard::rebuild() {
  game_ = newGame(current_.header);
  std::vector<publish::PublishedAction> actions;
  actions.swap(current_.actions);
  std::string why;
  for (const auto& a : actions)
    if (!apply(a, why)) break;
  declare(*game_, current_.state, current_.actions.size());
}

std::string HubBoard::storeJson() const {
  const auto gameJson = [](const HubGame& g) {
    json actions = json::array();
    for (const auto& a : g.actions) actions.push_back(actionToJson(a));
    json j{{"header", json::parse(publish::headerJson(g.header))}, {"actions", actions}};
    if (g.state) j["state"] = json::parse(publish::stateJson(*g.state));
    return j;
  };
  json earlier = json::array();
  for (const auto& g : earlier_) earlier.push_back(gameJson(g));
  json j{{"board", name_}, {"earlier", earlier}, {"lastActionAt", lastActionAt_}};
  if (game_) j["current"] = gameJson(current_);
  return j.dump();
}

void HubBoard::loadStore(const std::string& text) {
  const json j = json::parse(text);
  const auto readGame = [](const json& g) {
    HubGame out;
    out.header = publish::readHeader(g.at("header").dump());
    for (const auto& a : g.at("actions")) {
      json message = a;
      message["game"] = out.header.game;
      out.actions.push_back(*publish::readAction(message.dump()).action);
    }
    if (g.contains("state")) out.state = publish::readState(g.at("state").dump());
    return out;
  };
  earlier_.clear();
  confirmedAt_ = 0;
  for (const auto& g : j.at("earlier")) earlier_.push_back(readGame(g));
  lastActionAt_ = j.value("lastActionAt", 0LL);
  if (j.contains("current")) {
    current_ = readGame(j.at("current"));
    rebuild();
    if (current_.state && current_.state->actions >= static_cast<int>(current_.actions.size())) confirmedAt_ = current_.state->sentAt;
  }
}

}  // namespace tessera::hub
