// Where a piece can go: a tapped square's actions (and a lifted piece's moves) shown on the board,
// and the actions the sensors cannot see (a Tile dropped on an empty square, seen by a sensor
// board), which the player carries out and then chooses.
#include <algorithm>

#include "core/referee/sensor_view.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/movegen.hpp"
#include "host/session/action_text.hpp"
#include "host/session/referee_session.hpp"

namespace tessera::session {
void RefereeSession::showActionsFrom(std::optional<Square> sq) {
  Position& pos = game().position();
  if (!sq || sq == shown_.asked()) {
    if (!shown_.asked()) return;  // nothing shown to hide
    const Square was = *shown_.asked();
    shown_.stopAsking();
    if (choicesAreHiddenActions_) withdrawHiddenActions();
    note(SessionEvent::Kind::Message, "actions from " + squareName(was) + " hidden");
    return;
  }
  if (game().result().finished()) {
    note(SessionEvent::Kind::Message, "the game is over");
    return;
  }
  if (!differing_.empty()) {
    note(SessionEvent::Kind::Message, "first put the board right (" + squareList(differing_) + ")");
    return;
  }
  if (!choices_.empty() && !choicesAreHiddenActions_) {
    note(SessionEvent::Kind::Message, "first choose which action it was");
    return;
  }
  if (choicesAreHiddenActions_) withdrawHiddenActions();  // another square's
  const std::string side = sideFullName(variant_, pos.sideToMove());
  const auto sortedNames = [&](const std::vector<Move>& actions) {
    std::vector<std::string> names;
    for (const Move& m : actions) names.push_back(san(pos, m));
    std::sort(names.begin(), names.end());
    return names;
  };
  // The piece's (or square's) actions first, then the shifts of the sector it lies in.
  std::vector<std::string> names = sortedNames(legalActionsFrom(pos, *sq));
  const std::vector<std::string> shifts = sortedNames(sectorShiftsFrom(pos, *sq));
  names.insert(names.end(), shifts.begin(), shifts.end());
  if (names.empty()) {
    shown_.stopAsking();
    note(SessionEvent::Kind::Message, "no action of " + side + "'s from " + squareName(*sq));
    return;
  }
  shown_.ask(*sq);
  std::string text = side + " from " + squareName(*sq) + ":";
  for (std::size_t i = 0; i < names.size(); ++i) text += (i ? ", " : " ") + names[i];
  note(SessionEvent::Kind::Message, text + offerHiddenActionsFrom(*sq));
}

std::optional<Square> RefereeSession::actionsShownFrom() const {
  return shown_.from(!record_.result().finished() && differing_.empty());
}

std::vector<Move> RefereeSession::actionsShown() {
  return shown_.actions(game().position(), !game().result().finished() && differing_.empty());
}

// The legal actions the present reading cannot tell from no change at all (a Tile dropped on an
// empty square, seen by a sensor board): the board never shows them, so the player enters them.
std::vector<Move> RefereeSession::hiddenActions() {
  // Before the board's first reading (of the game, or since New game) a sensor board is taken to
  // show the position: it sends nothing until a piece moves.
  Observation seen;
  if (reading_.last()) seen = *reading_.last();
  else if (options_.sensorsSeePiecesOnly) seen = sensorView(game().position(), SensorProfile::Occupancy);
  else return {};
  ReconcileOptions o;
  o.minConfidence = options_.minConfidence;
  const Verdict v = reconcile(game().position(), seen, o);
  return v.kind == VerdictKind::Unchanged ? v.hiddenActions : std::vector<Move>{};
}

// Offers the actions from `sq` that the sensors cannot see as the choices; returns what to add to
// the message naming them, or nothing when there are none.
std::string RefereeSession::offerHiddenActionsFrom(Square sq) {
  Position& pos = game().position();
  // No sector shift is among them: only a sector with more pieces of one side moves, and its pieces
  // move with it, which every sensor board sees.
  const std::vector<Move> fromSquare = legalActionsFrom(pos, sq);
  const std::vector<Move> hidden = hiddenActions();
  std::vector<Explanation> offered;
  std::string names;
  for (const Move& m : fromSquare) {
    if (std::find(hidden.begin(), hidden.end(), m) == hidden.end()) continue;
    offered.push_back({Explanation::Kind::Action, m, 0});
    names += (names.empty() ? "" : ", ") + san(pos, m);
  }
  if (offered.empty()) return "";
  choices_ = std::move(offered);
  choicesAreHiddenActions_ = true;
  proposed_ = 0;
  const std::optional<Move>& announced = engine_.announced();
  for (std::size_t i = 0; i < choices_.size(); ++i)
    if (announced && engine_.toAct(pos) && choices_[i].move == *announced) proposed_ = static_cast<int>(i);
  return "; the sensors cannot see " + names + ": carry " + (choices_.size() == 1 ? "it" : "one") +
         " out, then choose it";
}

void RefereeSession::withdrawHiddenActions() {
  choices_.clear();
  choicesAreHiddenActions_ = false;
}

// A sensor board never sees the terrain: say so at the start, with how its actions are entered.
void RefereeSession::sayWhatTheSensorsCannotSee() {
  std::string unseen;
  if (variant_.hasTiles()) unseen = "Tiles and Anti-Tiles";
  else if (variant_.hasPaperColours()) unseen = "the paper colour squares";
  if (!options_.sensorsSeePiecesOnly || unseen.empty()) return;
  note(SessionEvent::Kind::Message,
       "the board's sensors see the pieces, not " + unseen +
           ": carry out such an action, then tap its square and choose it (the engine's: carry it out, then confirm)");
}

}  // namespace tessera::session
