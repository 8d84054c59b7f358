#include "core/referee/reconcile.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "core/referee/board_corrections.hpp"
#include "core/referee/sensor_view.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/sectors.hpp"

namespace tessera {
namespace {

// Everything of a square that its view depends on, packed so that a change is one comparison.
std::uint32_t cellKey(const Position& pos, Square sq) {
  return static_cast<std::uint32_t>(pos.at(sq)) | static_cast<std::uint32_t>(pos.paper(sq) + 1) << 8 |
         static_cast<std::uint32_t>(pos.tile(sq).state) << 16 |
         static_cast<std::uint32_t>(pos.sectorSlots() >> slotOf(sq) & 1) << 24;
}

// The observation against the current position, computed once; each explanation is then scored by
// the few cells it changes.
class Scorer {
 public:
  Scorer(const Position& pos, const Observation& seen, float minConfidence) {
    const BoardSize size = pos.variant().size;
    for (int r = 0; r < size.ranks; ++r)
      for (int f = 0; f < size.files; ++f) {
        const Square sq = makeSquare(f, r);
        CellObservation cell = seen.at(f, r);
        if (cell.occupantConfidence < minConfidence) cell.occupant = Occupant::Unknown;
        if (cell.surfaceConfidence < minConfidence) cell.surface = Surface::Unknown;
        squares_.push_back(sq);
        seen_.push_back(cell);
        baseKey_.push_back(cellKey(pos, sq));
        const bool wrong = !cellAgrees(cell, fullView(pos, sq));
        baseWrong_.push_back(wrong);
        baseDistance_ += wrong;
      }
  }

  int baseDistance() const { return baseDistance_; }

  // How many cells of the observation disagree with `pos` (the current position changed by an
  // action or a takeback).
  int distance(const Position& pos) const {
    int d = baseDistance_;
    for (std::size_t i = 0; i < squares_.size(); ++i) {
      if (cellKey(pos, squares_[i]) == baseKey_[i]) continue;
      d += !cellAgrees(seen_[i], fullView(pos, squares_[i])) - baseWrong_[i];
    }
    return d;
  }

 private:
  std::vector<Square> squares_;
  std::vector<CellObservation> seen_;
  std::vector<std::uint32_t> baseKey_;
  std::vector<char> baseWrong_;
  int baseDistance_ = 0;
};

struct Scored {
  Explanation explanation;
  int distance;
};

bool isPromotionToQueen(const Position& pos, const Move& m) {
  if (!m.promotion) return false;
  const auto& name = pos.variant().pieces[m.promotion - 1].name;
  return name == "queen";
}

int defaultChoiceOf(const Position& pos, const std::vector<Explanation>& choices, const std::optional<Move>& expected) {
  for (std::size_t i = 0; i < choices.size(); ++i)
    if (expected && choices[i].kind == Explanation::Kind::Action && choices[i].move == *expected) return static_cast<int>(i);
  for (std::size_t i = 0; i < choices.size(); ++i)
    if (choices[i].kind == Explanation::Kind::Action && isPromotionToQueen(pos, choices[i].move)) return static_cast<int>(i);
  return 0;
}

}  // namespace

Verdict reconcile(Position& pos, const Observation& seen, const ReconcileOptions& options) {
  const BoardSize size = pos.variant().size;
  if (seen.files != size.files || seen.ranks != size.ranks ||
      seen.cells.size() != static_cast<std::size_t>(size.files * size.ranks))
    throw std::invalid_argument("the observation is " + std::to_string(seen.files) + "x" + std::to_string(seen.ranks) +
                                " but the board of " + pos.variant().name + " is " + std::to_string(size.files) +
                                "x" + std::to_string(size.ranks));

  const Scorer scorer(pos, seen, options.minConfidence);
  std::vector<Scored> scored;
  scored.push_back({Explanation{}, scorer.baseDistance()});

  MoveList legal;
  generateLegal(pos, legal);
  for (const Move& m : legal) {
    pos.make(m);
    scored.push_back({Explanation{Explanation::Kind::Action, m, 0}, scorer.distance(pos)});
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
      scored.push_back({Explanation{Explanation::Kind::Amend, m, 1}, scorer.distance(pos)});
      pos.unmake();
    }
    pos.make(last);
  }

  std::vector<Move> undone;
  const int reach = std::min(options.maxTakeback, pos.plyCount());
  for (int plies = 1; plies <= reach; ++plies) {
    undone.push_back(pos.lastMove());
    pos.unmake();
    scored.push_back({Explanation{Explanation::Kind::Takeback, Move{}, plies}, scorer.distance(pos)});
  }
  for (auto it = undone.rbegin(); it != undone.rend(); ++it) pos.make(*it);

  Verdict verdict;
  const auto exactOf = [&](Explanation::Kind kind) {
    std::vector<Explanation> out;
    for (const Scored& s : scored)
      if (s.distance == 0 && s.explanation.kind == kind) out.push_back(s.explanation);
    return out;
  };

  if (scorer.baseDistance() == 0) {
    verdict.kind = VerdictKind::Unchanged;
    for (const Explanation& e : exactOf(Explanation::Kind::Action)) verdict.hiddenActions.push_back(e.move);
    return verdict;
  }

  // Actions explain the board before takebacks do: a piece played back to where it stood is a move.
  std::vector<Explanation> exact = exactOf(Explanation::Kind::Action);
  if (exact.empty()) exact = exactOf(Explanation::Kind::Amend);
  if (exact.empty()) {
    exact = exactOf(Explanation::Kind::Takeback);
    if (exact.size() > 1) exact.resize(1);  // the same board further back: the nearest one
  }

  if (exact.empty()) {
    verdict.kind = VerdictKind::Mismatch;
    verdict.differing = differingSquares(pos, seen, options.minConfidence);
    verdict.corrections = correctionsToRestore(pos, seen, options.minConfidence, options.onBoard);
    int best = scorer.baseDistance();
    for (const Scored& s : scored)
      if (s.explanation.kind == Explanation::Kind::Action) best = std::min(best, s.distance);
    if (best <= scorer.baseDistance())
      for (const Scored& s : scored)
        if (s.explanation.kind == Explanation::Kind::Action && s.distance == best) verdict.nearest.push_back(s.explanation.move);
    return verdict;
  }

  // A single misread square must never turn into a wrong accepted action: every explanation one
  // cell away from the board is offered beside the exact ones.
  std::vector<Explanation> choices = exact;
  if (!options.readTwice)
    for (const Scored& s : scored)
      if (s.distance == 1) choices.push_back(s.explanation);

  if (choices.size() == 1) {
    const Explanation& only = choices.front();
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
  verdict.kind = VerdictKind::Choose;
  verdict.exactChoices = static_cast<int>(exact.size());
  verdict.choices = std::move(choices);
  verdict.defaultChoice = defaultChoiceOf(pos, verdict.choices, options.expected);
  return verdict;
}

}  // namespace tessera
