#include "snapshot_referee.hpp"

#include "core/referee/sensor_view.hpp"
#include "core/rules/move_text.hpp"

namespace tessera::camera {

RefereeEvent SnapshotReferee::onSnapshot(const Snapshot& snapshot) {
  ReconcileOptions options;
  options.minConfidence = options_.minConfidence;
  const bool secondLook = snapshot.reading == 2 && waiting_ && sameReading(snapshot.observation, lastFirstReading_);
  options.readTwice = secondLook;
  if (snapshot.reading == 1) lastFirstReading_ = snapshot.observation;
  waiting_ = false;
  Verdict verdict = reconcile(game_.position(), snapshot.observation, options);
  // The board read as changes against the last one the referee confirmed; if that explains nothing,
  // a change may have gone unseen: the board as read afresh.
  if (verdict.kind == VerdictKind::Mismatch && snapshot.fresh.cells.size() == snapshot.observation.cells.size() &&
      !sameReading(snapshot.fresh, snapshot.observation)) {
    Verdict afresh = reconcile(game_.position(), snapshot.fresh, options);
    if (afresh.kind != VerdictKind::Mismatch) verdict = std::move(afresh);
  }
  RefereeEvent event = apply(verdict, snapshot.seconds, secondLook);
  event.boardShowsPosition = event.kind == RefereeEvent::Kind::Unchanged || event.kind == RefereeEvent::Kind::Played ||
                             event.kind == RefereeEvent::Kind::TakenBack || event.kind == RefereeEvent::Kind::Proposed;
  return event;
}

Observation SnapshotReferee::expected() const {
  Observation view = sensorView(game_.position(), SensorProfile::Camera);
  if (game_.position().variant().sides != 2)
    for (CellObservation& c : view.cells)
      if (c.occupant == Occupant::Light || c.occupant == Occupant::Dark) c.occupant = Occupant::Occupied;
  return view;
}

RefereeEvent SnapshotReferee::apply(const Verdict& verdict, double seconds, bool secondLook) {
  RefereeEvent event;
  event.seconds = seconds;
  Position& pos = game_.position();
  switch (verdict.kind) {
    case VerdictKind::Unchanged:
      return event;
    case VerdictKind::Action:
    case VerdictKind::Unexpected:
      event.kind = RefereeEvent::Kind::Played;
      event.text = san(pos, verdict.action);
      game_.play(verdict.action);
      return event;
    case VerdictKind::Amend:
      game_.takeBack(1);
      event.kind = RefereeEvent::Kind::Played;
      event.text = "amended to " + san(game_.position(), verdict.action);
      game_.play(verdict.action);
      return event;
    case VerdictKind::Takeback:
      game_.takeBack(verdict.plies);
      event.kind = RefereeEvent::Kind::TakenBack;
      event.text = std::to_string(verdict.plies) + " back";
      return event;
    case VerdictKind::Choose: {
      const Explanation& proposed = verdict.choices[static_cast<std::size_t>(verdict.defaultChoice)];
      if (!secondLook) {
        waiting_ = true;
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
      switch (proposed.kind) {
        case Explanation::Kind::Nothing: event.text = "no change"; break;
        case Explanation::Kind::Action:
          event.text = san(pos, proposed.move);
          game_.play(proposed.move);
          break;
        case Explanation::Kind::Amend:
          game_.takeBack(1);
          event.text = "amended to " + san(game_.position(), proposed.move);
          game_.play(proposed.move);
          break;
        case Explanation::Kind::Takeback:
          game_.takeBack(proposed.plies);
          event.text = std::to_string(proposed.plies) + " back";
          break;
      }
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
