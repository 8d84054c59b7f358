#include "core/protocol/uci_go.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>

#include "core/engine/time_budget.hpp"
#include "core/rules/move_text.hpp"

namespace tessera {
namespace {

// The words `go` takes (after `searchmoves`, the actions end at the next of them).
constexpr std::array<const char*, 11> kGoWords = {"searchmoves", "wtime", "btime", "winc", "binc", "movestogo",
                                                   "depth", "nodes", "mate", "movetime", "infinite"};

bool isGoWord(const std::string& word) {
  return word == "ponder" || std::find(kGoWords.begin(), kGoWords.end(), word) != kGoWords.end();
}

std::string goWordsListed() {
  std::string list;
  for (const char* w : kGoWords) list += std::string(list.empty() ? "" : ", ") + w;
  return list;
}

}  // namespace

long long uciNumber(const std::string& value, const std::string& what) {
  try {
    std::size_t used = 0;
    const long long n = std::stoll(value, &used);
    if (used == value.size()) return n;
  } catch (const std::exception&) {
  }
  throw std::invalid_argument(what + " must be a number, got '" + value + "'");
}

GoRequest readGo(const std::vector<std::string>& words, const Position& root, int multiPv) {
  GoRequest request;
  SearchLimits& limits = request.limits;
  limits.multiPv = multiPv;
  bool limited = false, clockGiven = false;
  int ourTime = 0, ourIncrement = 0, movesToGo = kDefaultMovesToGo;
  // Four players: the first side takes White's clock words and the others Black's.
  const bool white = root.sideToMove() == 0;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& word = words[i];
    if (word == "infinite") {
      request.infinite = true;
      continue;
    }
    if (word == "searchmoves") {
      // The actions to choose among, up to the next word of `go`.
      Position reading = root;
      for (; i + 1 < words.size() && !isGoWord(words[i + 1]); ++i) limits.searchOnly.push_back(parseMove(reading, words[i + 1]));
      continue;
    }
    if (word == "ponder")
      throw std::invalid_argument("'ponder' is not supported: the engine does not offer the Ponder option");
    if (!isGoWord(word)) throw std::invalid_argument("'" + word + "' is no word of go (" + goWordsListed() + ")");
    if (i + 1 == words.size()) throw std::invalid_argument("'" + word + "' needs a number");
    // Clamped to what the search takes, so that no value wraps through an int.
    const long long n = uciNumber(words[++i], "'" + word + "'");
    const auto millis = [&] { return static_cast<int>(std::clamp(n, 0LL, static_cast<long long>(INT32_MAX))); };
    clockGiven = clockGiven || word == "wtime" || word == "btime";
    limited = limited || word == "depth" || word == "nodes" || word == "movetime" || word == "mate" || clockGiven;
    if (word == "depth") limits.depth = static_cast<int>(std::clamp(n, 1LL, static_cast<long long>(kMaxSearchDepth)));
    // A mate in N is N actions of the side to act and N - 1 answers: that many plies.
    else if (word == "mate") limits.depth = static_cast<int>(2 * std::clamp(n, 1LL, 32LL) - 1);
    else if (word == "nodes") limits.nodes = std::clamp(n, 1LL, static_cast<long long>(kMaxSearchNodes));
    else if (word == "movetime") limits.millis = std::clamp(millis(), 1, kMaxSearchMillis);
    else if (word == (white ? "wtime" : "btime")) ourTime = millis();
    else if (word == (white ? "winc" : "binc")) ourIncrement = millis();
    else if (word == "movestogo") movesToGo = static_cast<int>(std::clamp(n, 1LL, 1000LL));
  }
  // A `go` with no limit at all searches until `stop`, as `go infinite` does.
  if (!limited) request.infinite = true;
  // A clock at zero or below (or only the other side's given) still bounds the search: a
  // millisecond, never an endless one.
  if (clockGiven && limits.millis == 0) limits.millis = millisForAction(ourTime, ourIncrement, movesToGo);
  return request;
}

}  // namespace tessera
