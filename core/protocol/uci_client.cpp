#include "core/protocol/uci_client.hpp"

#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "core/rules/move_text.hpp"
#include "core/rules/position_text.hpp"
#include "core/text/visible_text.hpp"

namespace tessera {
namespace {

std::vector<std::string> words(std::string_view line) {
  std::istringstream in{std::string(line)};
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::optional<long long> number(const std::string& text) {
  try {
    std::size_t used = 0;
    const long long n = std::stoll(text, &used);
    if (used != text.size()) return std::nullopt;
    return n;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// UCI's "mate N": the side to act mates in N of its actions (negative: is mated in -N).
int mateScore(long long moves) {
  if (moves > 0) return kMateScore - static_cast<int>(2 * std::min(moves, 400LL) - 1);
  return -(kMateScore - static_cast<int>(2 * std::min(-moves, 400LL)));
}

}  // namespace

bool uciEnginesKnow(const Variant& v) { return &v == &builtinVariant("chess"); }

bool isUciEngineSpec(std::string_view text) { return text.rfind("uci:", 0) == 0; }

UciEngineSpec parseUciEngineSpec(std::string_view text) {
  if (!isUciEngineSpec(text))
    throw std::invalid_argument("an external engine is 'uci:PATH[,NAME=VALUE...]', got '" + visibleText(std::string(text)) + "'");
  UciEngineSpec spec;
  std::string rest(text.substr(4));
  std::size_t at = 0;
  bool first = true;
  while (at <= rest.size()) {
    const std::size_t comma = std::min(rest.find(',', at), rest.size());
    const std::string token = rest.substr(at, comma - at);
    at = comma + 1;
    if (first) {
      if (token.empty()) throw std::invalid_argument("'uci:' needs the engine's program: uci:/usr/games/stockfish");
      spec.path = token;
      first = false;
      continue;
    }
    const std::size_t eq = token.find('=');
    if (eq == std::string::npos || eq == 0)
      throw std::invalid_argument("an engine option is NAME=VALUE (Skill Level=5, UCI_Elo=2000), got '" + visibleText(token) + "'");
    const std::string name = token.substr(0, eq), value = token.substr(eq + 1);
    // A line break would end the setoption command and start another: refused.
    if (name.find_first_of("\r\n") != std::string::npos || value.find_first_of("\r\n") != std::string::npos)
      throw std::invalid_argument("an engine option may not hold a line break");
    spec.options.emplace_back(name, value);
  }
  return spec;
}

std::string uciPositionCommand(const Game& game) {
  std::string text = game.startsFromDefault() ? "position startpos" : "position fen " + game.startPosition();
  if (game.actions().empty()) return text;
  text += " moves";
  Game replay = game.startsFromDefault() ? Game(game.variant()) : Game(game.variant(), game.startPosition());
  for (const Move& m : game.actions()) {
    text += " " + longAlgebraic(replay.position(), m);
    replay.position().make(m);
  }
  return text;
}

std::string uciPositionCommand(const Position& pos) { return "position fen " + positionString(pos); }

std::string uciGoCommand(const SearchLimits& limits) {
  std::string text = "go";
  if (limits.millis > 0) text += " movetime " + std::to_string(limits.millis);
  if (limits.nodes > 0) text += " nodes " + std::to_string(limits.nodes);
  if (limits.depth < kMaxSearchDepth) text += " depth " + std::to_string(limits.depth);
  if (text == "go") text += " depth " + std::to_string(kMaxSearchDepth);
  return text;
}

std::optional<UciInfo> parseUciInfo(std::string_view line) {
  const std::vector<std::string> w = words(line);
  if (w.empty() || w[0] != "info") return std::nullopt;
  UciInfo info;
  bool scored = false;
  for (std::size_t i = 1; i < w.size(); ++i) {
    const auto next = [&]() -> std::optional<long long> { return i + 1 < w.size() ? number(w[++i]) : std::nullopt; };
    if (w[i] == "depth") {
      if (const auto n = next()) info.depth = static_cast<int>(*n);
    } else if (w[i] == "multipv") {
      if (const auto n = next()) info.multiPv = static_cast<int>(*n);
    } else if (w[i] == "nodes") {
      if (const auto n = next()) info.nodes = *n;
    } else if (w[i] == "score" && i + 2 < w.size()) {
      const std::string kind = w[++i];
      const auto n = number(w[++i]);
      if (!n) return std::nullopt;
      if (kind == "cp") info.score = static_cast<int>(std::clamp(*n, -20000LL, 20000LL));
      else if (kind == "mate") info.score = mateScore(*n);
      else return std::nullopt;
      scored = true;
    } else if (w[i] == "pv") {
      info.pv.assign(w.begin() + static_cast<long>(i) + 1, w.end());
      break;
    } else if (w[i] == "string") {
      return std::nullopt;
    }
  }
  if (!scored || info.pv.empty()) return std::nullopt;
  return info;
}

std::optional<std::string> parseUciBestMove(std::string_view line) {
  const std::vector<std::string> w = words(line);
  if (w.size() < 2 || w[0] != "bestmove" || w[1] == "(none)" || w[1] == "0000") return std::nullopt;
  return w[1];
}

std::optional<Move> uciMoveIn(const Position& pos, const std::string& text) {
  // Long algebraic only: four or five characters, squares and a promotion letter.
  if (text.size() < 4 || text.size() > 5) return std::nullopt;
  Position copy = pos;
  try {
    const Move m = parseMove(copy, text);
    if (longAlgebraic(pos, m) != text) return std::nullopt;
    return m;
  } catch (const MoveTextError&) {
    return std::nullopt;
  }
}

std::optional<std::string> parseUciOptionName(std::string_view line) {
  const std::vector<std::string> w = words(line);
  if (w.size() < 3 || w[0] != "option" || w[1] != "name") return std::nullopt;
  std::string name;
  for (std::size_t i = 2; i < w.size() && w[i] != "type"; ++i) name += (name.empty() ? "" : " ") + w[i];
  return name;
}

}  // namespace tessera
