#include "core/engine/modelled_round.hpp"

#include <algorithm>
#include <chrono>

namespace tessera {
namespace {

constexpr int kCandidates = 3;
constexpr int kWithinBest = 100;  // centipawns below the best root action's score

bool cancelled(const SearchLimits& limits) { return limits.cancel && limits.cancel->load(std::memory_order_relaxed); }

// After `action`, each opponent plays its own search's action, until the side to act's turn comes
// round again (or it is out, or alone); then its own search scores where that led.
ModelledRound playRound(Searcher& searcher, Position& pos, const Move& action, const SearchLimits& part,
                        std::int64_t& nodes) {
  const int us = pos.sideToMove();
  ModelledRound round{action, {}, 0};
  pos.make(action);
  while (pos.inGame(us) && pos.sidesInGame() > 1 && pos.sideToMove() != us) {
    const SearchReport reply = searcher.search(pos, part);
    nodes += reply.nodes;
    if (reply.lines.empty()) break;  // a side in the game always has an action, if only leaving
    round.replies.push_back(reply.lines.front().moves.front());
    pos.make(round.replies.back());
  }
  if (!pos.inGame(us)) {
    round.score = -kMateScore;
  } else if (pos.sidesInGame() == 1) {
    round.score = kMateScore;
  } else if (pos.sideToMove() == us) {
    const SearchReport own = searcher.search(pos, part);
    nodes += own.nodes;
    if (!own.lines.empty()) round.score = own.lines.front().score;
  }
  for (std::size_t i = 0; i <= round.replies.size(); ++i) pos.unmake();
  return round;
}

// No round to play (one action alone within a pawn of the best, or every action mated): best reply
// search goes on with what is left of the budget, the table keeping what the first part found,
// rather than answer having spent half of it or less. A mate found for the side to act stands.
SearchReport goOnAlone(Searcher& searcher, Position& pos, const SearchLimits& limits, SearchReport first,
                       int millisUsed, const std::function<void(const SearchReport&)>& onDepth) {
  const bool mateFound = !first.lines.empty() && first.lines.front().score > kMateBound;
  if (mateFound || (!limits.nodes && !limits.millis)) return first;
  SearchLimits rest = limits;
  rest.modelledRound = false;
  if (limits.nodes) {
    rest.nodes = limits.nodes - first.nodes;
    if (rest.nodes <= 0) return first;
  }
  if (limits.millis) rest.millis = limits.millis - millisUsed;
  const int firstDepth = first.depth;
  SearchReport more = searcher.search(pos, rest, [&](const SearchReport& r) {
    if (!onDepth || r.depth <= firstDepth) return;
    SearchReport sofar = r;
    sofar.nodes += first.nodes;
    onDepth(sofar);
  });
  more.nodes += first.nodes;
  if (more.lines.empty() || more.depth < first.depth) {
    first.nodes = more.nodes;
    return first;
  }
  return more;
}

}  // namespace

SearchReport searchWithModelledRound(Searcher& searcher, Position& pos, const SearchLimits& limits,
                                     const std::function<void(const SearchReport&)>& onDepth) {
  const auto start = std::chrono::steady_clock::now();
  const auto millisUsed = [&] {
    return static_cast<int>(
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count());
  };
  const auto asked = [&](SearchReport report) {
    if (static_cast<int>(report.lines.size()) > limits.multiPv) report.lines.resize(static_cast<std::size_t>(limits.multiPv));
    return report;
  };

  SearchLimits first = limits;
  first.modelledRound = false;
  first.multiPv = std::max(limits.multiPv, kCandidates);
  if (limits.nodes) first.nodes = std::max<std::int64_t>(1, limits.nodes / 2);
  if (limits.millis) first.millis = std::max(1, limits.millis / 2);
  // An iteration takes about three times the last: one begun past 40% of the half would seldom
  // finish, and the rounds get its time instead.
  first.beginIterationsWithin = 40;
  SearchReport report = searcher.search(pos, first, [&](const SearchReport& r) {
    if (onDepth) onDepth(asked(r));
  });
  const auto finished = [&](SearchReport& r) {
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return asked(r);
  };

  std::vector<std::size_t> candidates;
  if (!report.lines.empty() && report.lines.front().score <= kMateBound)
    for (std::size_t i = 0; i < report.lines.size(); ++i)
      if (report.lines[i].score >= report.lines.front().score - kWithinBest && report.lines[i].score >= -kMateBound)
        candidates.push_back(i);
  const bool timeLeft = !limits.millis || millisUsed() < limits.millis;
  if (!timeLeft || cancelled(limits)) return finished(report);
  if (candidates.size() < 2) {
    SearchReport alone = goOnAlone(searcher, pos, limits, std::move(report), millisUsed(), onDepth);
    return finished(alone);
  }

  // Each round: a search for each opponent still in and one for the side to act.
  const int parts = pos.sidesInGame() * static_cast<int>(candidates.size());
  SearchLimits part = limits;
  part.modelledRound = false;
  part.multiPv = 1;
  part.searchOnly.clear();
  part.nodes = limits.nodes ? std::max<std::int64_t>(1, (limits.nodes - report.nodes) / parts)
                            : limits.millis ? 0 : std::max<std::int64_t>(1, report.nodes / parts);
  part.millis = limits.millis ? std::max(1, (limits.millis - millisUsed()) / parts) : 0;
  std::int64_t nodes = report.nodes;
  std::vector<ModelledRound> rounds;
  for (const std::size_t i : candidates) {
    rounds.push_back(playRound(searcher, pos, report.lines[i].moves.front(), part, nodes));
    report.nodes = nodes;
    if (cancelled(limits)) return finished(report);
  }
  std::size_t best = 0;
  for (std::size_t r = 1; r < rounds.size(); ++r)
    if (rounds[r].score > rounds[best].score) best = r;
  std::rotate(report.lines.begin(), report.lines.begin() + static_cast<std::ptrdiff_t>(candidates[best]),
              report.lines.begin() + static_cast<std::ptrdiff_t>(candidates[best]) + 1);
  report.modelled = std::move(rounds);
  return finished(report);
}

}  // namespace tessera
