#include "snapshot_referee.hpp"

#include <algorithm>

#include "core/referee/board_corrections.hpp"
#include "core/referee/sensor_view.hpp"
#include "core/rules/move_text.hpp"

namespace tessera::camera {
namespace {

// The actions an explanation plays from the position, in order.
std::vector<Move> actionsOf(const Explanation& e) {
  if (e.kind == Explanation::Kind::Action) return {e.move};
  if (e.kind == Explanation::Kind::Sequence) return e.moves;
  return {};
}

// Whether one of the exact explanations of the verdict begins with the actions of `proposal`.
bool anExplanationBeginsWith(const Verdict& v, const Explanation& proposal) {
  const std::vector<Move> start = actionsOf(proposal);
  const auto beginsWithIt = [&](const std::vector<Move>& moves) {
    return !start.empty() && start.size() <= moves.size() && std::equal(start.begin(), start.end(), moves.begin());
  };
  if (v.kind == VerdictKind::Action || v.kind == VerdictKind::Unexpected) return beginsWithIt({v.action});
  if (v.kind != VerdictKind::Choose) return false;
  for (int i = 0; i < v.exactChoices; ++i)
    if (beginsWithIt(actionsOf(v.choices[static_cast<std::size_t>(i)]))) return true;
  return false;
}

std::string joined(const std::string& a, const std::string& b) { return a.empty() ? b : b.empty() ? a : a + " " + b; }

}  // namespace

Verdict SnapshotReferee::judge(const Observation& seen, bool readTwice) {
  ReconcileOptions options;
  options.minConfidence = options_.minConfidence;
  options.readTwice = readTwice;
  options.gapPlies = kLongestGap;
  return reconcile(game_.position(), seen, options);
}

RefereeEvent SnapshotReferee::onSnapshot(const Snapshot& snapshot) {
  const bool secondLook = snapshot.reading == 2 && waiting_ && sameReading(snapshot.observation, lastFirstReading_);
  if (snapshot.reading == 1) lastFirstReading_ = snapshot.observation;
  const std::optional<Explanation> leftOpen = waiting_ ? leftOpen_ : std::nullopt;
  waiting_ = false;
  leftOpen_.reset();
  const Verdict verdict = judgeSnapshot(snapshot, secondLook);
  // The players went on before the board was read again: the question left open is settled by its
  // proposal when one of the shortest explanations of the new board begins with it (the proposal's
  // result was then read twice, before and under what followed).
  if (leftOpen && snapshot.reading == 1 && anExplanationBeginsWith(verdict, *leftOpen)) {
    const std::string settled = play(*leftOpen);
    RefereeEvent event = apply(judgeSnapshot(snapshot, false), snapshot, false);
    event.text = joined(settled, event.kind == RefereeEvent::Kind::Played ? event.text : "");
    event.kind = RefereeEvent::Kind::Played;
    event.boardShowsPosition = showsPosition(snapshot);
    return event;
  }
  RefereeEvent event = apply(verdict, snapshot, secondLook);
  event.boardShowsPosition = showsPosition(snapshot);
  return event;
}

bool SnapshotReferee::showsPosition(const Snapshot& snapshot) const {
  // Every cell read surely agrees with the position as it now stands (an action still waiting for
  // its second reading, or the rest of a board no explanation took, does not).
  const auto agrees = [&](const Observation& seen) {
    return seen.cells.size() == snapshot.observation.cells.size() &&
           differingSquares(game_.position(), seen, options_.minConfidence).empty();
  };
  return agrees(snapshot.observation) || agrees(snapshot.fresh);
}

Verdict SnapshotReferee::judgeSnapshot(const Snapshot& snapshot, bool readTwice) {
  Verdict verdict = judge(snapshot.observation, readTwice);
  // The board read as changes against the last one the referee confirmed; if that explains nothing,
  // a change may have gone unseen: the board as read afresh.
  if (verdict.kind == VerdictKind::Mismatch && snapshot.fresh.cells.size() == snapshot.observation.cells.size() &&
      !sameReading(snapshot.fresh, snapshot.observation)) {
    Verdict afresh = judge(snapshot.fresh, readTwice);
    if (afresh.kind != VerdictKind::Mismatch) verdict = std::move(afresh);
  }
  return verdict;
}

Observation SnapshotReferee::expected() const { return sensorView(game_.position(), SensorProfile::Camera); }

std::string SnapshotReferee::play(const Explanation& e) {
  switch (e.kind) {
    case Explanation::Kind::Nothing: return "";
    case Explanation::Kind::Action: {
      const std::string text = san(game_.position(), e.move);
      game_.play(e.move);
      return text;
    }
    case Explanation::Kind::Sequence: {
      std::string text;
      for (const Move& m : e.moves) {
        text = joined(text, san(game_.position(), m));
        game_.play(m);
      }
      return text;
    }
    case Explanation::Kind::Amend: {
      game_.takeBack(1);
      const std::string text = "amended to " + san(game_.position(), e.move);
      game_.play(e.move);
      return text;
    }
    case Explanation::Kind::Takeback:
      game_.takeBack(e.plies);
      return std::to_string(e.plies) + " back";
  }
  return "";
}

RefereeEvent SnapshotReferee::apply(const Verdict& verdict, const Snapshot& snapshot, bool secondLook) {
  RefereeEvent event;
  event.seconds = snapshot.seconds;
  switch (verdict.kind) {
    case VerdictKind::Unchanged:
      return event;
    case VerdictKind::Action:
    case VerdictKind::Unexpected:
      event.kind = RefereeEvent::Kind::Played;
      event.text = play({Explanation::Kind::Action, verdict.action, 0});
      return event;
    case VerdictKind::Amend:
      event.kind = RefereeEvent::Kind::Played;
      event.text = play({Explanation::Kind::Amend, verdict.action, 1});
      return event;
    case VerdictKind::Gap: {
      event.kind = RefereeEvent::Kind::Played;
      event.text = play({Explanation::Kind::Sequence, Move{}, 0, verdict.gapActions});
      if (!verdict.gapExplainsAll) {
        // Only the beginning was sure: the same reading, judged again, settles or asks about the rest.
        const RefereeEvent rest = apply(judgeSnapshot(snapshot, secondLook), snapshot, secondLook);
        if (rest.kind == RefereeEvent::Kind::Played || rest.kind == RefereeEvent::Kind::Proposed)
          event.text = joined(event.text, rest.text);
      }
      return event;
    }
    case VerdictKind::Takeback:
      event.kind = RefereeEvent::Kind::TakenBack;
      event.text = play({Explanation::Kind::Takeback, Move{}, verdict.plies});
      return event;
    case VerdictKind::Choose: {
      const Explanation& proposed = verdict.choices[static_cast<std::size_t>(verdict.defaultChoice)];
      const bool proposedFits = verdict.defaultChoice < verdict.exactChoices;
      if (!secondLook) {
        waiting_ = true;
        if (proposedFits && (verdict.exactChoices == 1 || options_.takeProposedChoice)) leftOpen_ = proposed;
        event.kind = RefereeEvent::Kind::Waiting;
        event.text = std::to_string(verdict.choices.size()) + " explanations";
        return event;
      }
      if (!options_.takeProposedChoice || verdict.exactChoices == 0) {
        event.kind = RefereeEvent::Kind::Unresolved;
        event.text = "unresolved choice of " + std::to_string(verdict.choices.size());
        return event;
      }
      event.kind = RefereeEvent::Kind::Proposed;
      event.text = proposed.kind == Explanation::Kind::Nothing ? "no change" : play(proposed);
      return event;
    }
    case VerdictKind::Mismatch:
      event.kind = RefereeEvent::Kind::Mismatch;
      for (Square sq : verdict.differing) event.text += squareName(sq) + " ";
      return event;
  }
  return event;
}

}  // namespace tessera::camera
