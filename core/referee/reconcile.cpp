#include "core/referee/reconcile.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "core/referee/board_corrections.hpp"
#include "core/referee/board_distance.hpp"
#include "core/referee/sequence_search.hpp"
#include "core/rules/movegen.hpp"

namespace tessera {
namespace {

struct Scored {
  Explanation explanation;
  int distance;
};

bool isPromotionToQueen(const Position& pos, const Move& m) {
  if (!m.promotion) return false;
  const auto& name = pos.variant().pieces[m.promotion - 1].name;
  return name == "queen";
}

// The actions an explanation plays from the present position: none for no change, a takeback or
// an amended last action.
std::vector<Move> actionsPlayed(const Explanation& e) {
  if (e.kind == Explanation::Kind::Action) return {e.move};
  if (e.kind == Explanation::Kind::Sequence) return e.moves;
  return {};
}

// The expected action (or a sequence beginning with it), else a Queen among promotions, else the first.
int defaultChoiceOf(const Position& pos, const std::vector<Explanation>& choices, const std::optional<Move>& expected) {
  for (std::size_t i = 0; i < choices.size(); ++i) {
    const std::vector<Move> played = actionsPlayed(choices[i]);
    if (expected && !played.empty() && played.front() == *expected) return static_cast<int>(i);
  }
  for (std::size_t i = 0; i < choices.size(); ++i)
    if (choices[i].kind == Explanation::Kind::Action && isPromotionToQueen(pos, choices[i].move)) return static_cast<int>(i);
  return 0;
}

Verdict choice(const Position& pos, std::vector<Explanation> choices, int exact, const ReconcileOptions& options) {
  Verdict verdict;
  verdict.kind = VerdictKind::Choose;
  verdict.exactChoices = exact;
  verdict.choices = std::move(choices);
  verdict.defaultChoice = defaultChoiceOf(pos, verdict.choices, options.expected);
  return verdict;
}

// The actions every explanation begins with: what happened, whichever of them is the truth.
std::vector<Move> sharedBeginning(const std::vector<Explanation>& explanations) {
  std::vector<Move> shared = actionsPlayed(explanations.front());
  for (const Explanation& e : explanations) {
    const std::vector<Move> moves = actionsPlayed(e);
    std::size_t n = 0;
    while (n < shared.size() && n < moves.size() && shared[n] == moves[n]) ++n;
    shared.resize(n);
  }
  return shared;
}

// Every explanation one action away from the position: no change, each legal action, an amended
// last action, each earlier position; with the number of cells the observation contradicts.
std::vector<Scored> scoreOneActionAway(Position& pos, const BoardDistance& distance, const ReconcileOptions& options) {
  std::vector<Scored> scored;
  scored.push_back({Explanation{}, distance.ofBase()});

  MoveList legal;
  generateLegal(pos, legal);
  for (const Move& m : legal) {
    pos.make(m);
    scored.push_back({Explanation{Explanation::Kind::Action, m, 0}, distance.of(pos)});
    pos.unmake();
  }

  // The last action may have been the first half of another (castling Rook-first): from the position
  // before it, every legal action is tried in its place.
  if (pos.plyCount() > 0 && options.maxTakeback > 0) {
    const Move last = pos.lastMove();
    pos.unmake();
    MoveList before;
    generateLegal(pos, before);
    for (const Move& m : before) {
      if (m == last) continue;
      pos.make(m);
      scored.push_back({Explanation{Explanation::Kind::Amend, m, 1}, distance.of(pos)});
      pos.unmake();
    }
    pos.make(last);
  }

  std::vector<Move> undone;
  const int reach = std::min(options.maxTakeback, pos.plyCount());
  for (int plies = 1; plies <= reach; ++plies) {
    undone.push_back(pos.lastMove());
    pos.unmake();
    scored.push_back({Explanation{Explanation::Kind::Takeback, Move{}, plies}, distance.of(pos)});
  }
  for (auto it = undone.rbegin(); it != undone.rend(); ++it) pos.make(*it);
  return scored;
}

std::vector<Explanation> sequencesFitting(Position& pos, const BoardDistance& distance, int plies) {
  std::vector<Explanation> out;
  for (std::vector<Move>& moves : sequencesExplaining(pos, distance, plies))
    out.push_back(Explanation{Explanation::Kind::Sequence, Move{}, 0, std::move(moves)});
  return out;
}

}  // namespace

Verdict reconcile(Position& pos, const Observation& seen, const ReconcileOptions& options) {
  const BoardSize size = pos.variant().size;
  if (seen.files != size.files || seen.ranks != size.ranks ||
      seen.cells.size() != static_cast<std::size_t>(size.files * size.ranks))
    throw std::invalid_argument("the observation is " + std::to_string(seen.files) + "x" + std::to_string(seen.ranks) +
                                " but the board of " + pos.variant().name + " is " + std::to_string(size.files) +
                                "x" + std::to_string(size.ranks));

  const BoardDistance distance(pos, seen, options.minConfidence);
  const std::vector<Scored> scored = scoreOneActionAway(pos, distance, options);
  Verdict verdict;
  const auto exactOf = [&](Explanation::Kind kind) {
    std::vector<Explanation> out;
    for (const Scored& s : scored)
      if (s.distance == 0 && s.explanation.kind == kind) out.push_back(s.explanation);
    return out;
  };

  if (distance.ofBase() == 0) {
    verdict.kind = VerdictKind::Unchanged;
    for (const Explanation& e : exactOf(Explanation::Kind::Action)) verdict.hiddenActions.push_back(e.move);
    return verdict;
  }

  // A single misread square must never turn into a wrong accepted action: every explanation one
  // cell away from the board is offered beside the exact ones, unless the same reading came twice.
  std::vector<Explanation> nearFits;
  if (!options.readTwice)
    for (const Scored& s : scored)
      if (s.distance == 1) nearFits.push_back(s.explanation);

  // Actions explain the board before takebacks do: a piece played back to where it stood is a move.
  std::vector<Explanation> exact = exactOf(Explanation::Kind::Action);
  if (exact.empty()) exact = exactOf(Explanation::Kind::Amend);
  if (exact.empty()) {
    exact = exactOf(Explanation::Kind::Takeback);
    if (exact.size() > 1) exact.resize(1);  // the same board further back: the nearest one
  }

  if (!exact.empty()) {
    if (exact.size() == 1 && nearFits.empty()) {
      const Explanation& only = exact.front();
      if (only.kind == Explanation::Kind::Takeback) {
        verdict.kind = VerdictKind::Takeback;
        verdict.plies = only.plies;
        return verdict;
      }
      verdict.action = only.move;
      if (only.kind == Explanation::Kind::Amend) {
        verdict.kind = VerdictKind::Amend;
        return verdict;
      }
      verdict.kind = options.expected && *options.expected != only.move ? VerdictKind::Unexpected : VerdictKind::Action;
      return verdict;
    }
    std::vector<Explanation> choices = exact;
    choices.insert(choices.end(), nearFits.begin(), nearFits.end());
    return choice(pos, std::move(choices), static_cast<int>(exact.size()), options);
  }

  // Several actions made unseen: the shortest sequences that explain the board. Which sequences lie
  // a misread cell away is not searched (it would cost far more than the search itself): a gap is
  // played only when the same reading came twice, and asked about before (the session waits for the
  // second reading while only one sequence fits).
  for (int plies = 2; plies <= options.gapPlies; ++plies) {
    std::vector<Explanation> fits = sequencesFitting(pos, distance, plies);
    if (fits.empty()) continue;
    const std::vector<Move> sure = options.readTwice ? sharedBeginning(fits) : std::vector<Move>{};
    // The engine's announced action must begin what is accepted on its turn.
    if (!sure.empty() && (!options.expected || sure.front() == *options.expected)) {
      verdict.kind = VerdictKind::Gap;
      verdict.gapActions = sure;
      verdict.gapExplainsAll = sure.size() == fits.front().moves.size();
      return verdict;
    }
    const int exactChoices = static_cast<int>(fits.size());
    fits.insert(fits.end(), nearFits.begin(), nearFits.end());
    return choice(pos, std::move(fits), exactChoices, options);
  }

  verdict.kind = VerdictKind::Mismatch;
  verdict.differing = differingSquares(pos, seen, options.minConfidence);
  verdict.corrections = correctionsToRestore(pos, seen, options.minConfidence, options.onBoard);
  int best = distance.ofBase();
  for (const Scored& s : scored)
    if (s.explanation.kind == Explanation::Kind::Action) best = std::min(best, s.distance);
  if (best <= distance.ofBase())
    for (const Scored& s : scored)
      if (s.explanation.kind == Explanation::Kind::Action && s.distance == best) verdict.nearest.push_back(s.explanation.move);
  return verdict;
}

}  // namespace tessera
