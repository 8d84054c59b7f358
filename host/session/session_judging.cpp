// Observing and judging: each settled reading of the board is turned into a verdict
// (core/referee/reconcile) and acted on: an action accepted, a takeback, a choice to ask, an
// unexpected action against the engine, or the squares to put right.
#include <algorithm>

#include "core/referee/board_corrections.hpp"
#include "core/rules/move_text.hpp"
#include "core/text/counted_noun.hpp"
#include "host/session/action_text.hpp"
#include "host/session/referee_session.hpp"

namespace tessera::session {
namespace {

// A takeback made on the board of more actions than this (a player's own and the reply) is asked
// about first: pieces set up again for a new game look like a takeback to the start.
constexpr int kTakebackWithoutAsking = 2;

}  // namespace

void RefereeSession::onObservation(const Observation& seen, const Observation* readAfresh) {
  boardShowsGame_ = false;
  const bool again = reading_.take(seen, game().position(), options_.minConfidence);
  const bool againAfresh = readAfresh && lastAfresh_ && sameReading(*lastAfresh_, *readAfresh);
  if (readAfresh) lastAfresh_ = *readAfresh;
  else lastAfresh_.reset();
  // Only the engine's action will be accepted, and it is not known yet: judge when it is.
  if (engine_.waitingForItsAction(game().position())) {
    engine_.holdReading();
    return;
  }
  judge(seen, again, readAfresh, againAfresh);
}

void RefereeSession::judge(const Observation& seen, bool again, const Observation* readAfresh, bool againAfresh) {
  ReconcileOptions o;
  o.minConfidence = options_.minConfidence;
  o.readTwice = again;
  o.expected = engine_.expectedIn(game().position());
  o.onBoard = &reading_.pieces();
  o.gapPlies = kLongestGap;
  Verdict verdict = reconcile(game().position(), seen, o);
  const Observation* judged = &seen;
  if (verdict.kind == VerdictKind::Mismatch && readAfresh && readAfresh->cells.size() == seen.cells.size() &&
      !sameReading(*readAfresh, seen)) {
    ReconcileOptions fresh = o;
    fresh.readTwice = againAfresh;
    Verdict afresh = reconcile(game().position(), *readAfresh, fresh);
    if (afresh.kind != VerdictKind::Mismatch) {
      verdict = std::move(afresh);
      judged = readAfresh;
      again = againAfresh;
      reading_.take(*readAfresh, game().position(), options_.minConfidence);
    }
  }
  // A lone misread could make another explanation look exact: wait for the same reading again
  // (before taking the engine's action among several exact ones too).
  if (verdict.kind == VerdictKind::Choose && !again &&
      (verdict.exactChoices == 1 || engine_.announcedFits(game().position(), verdict)))
    return;
  handle(verdict, again);
  boardShowsGame_ = differingSquares(game().position(), *judged, options_.minConfidence).empty();
  if (boardShowsGame_) reading_.standsAs(game().position());
}

void RefereeSession::handle(const Verdict& v, bool again) {
  if (choicesAreHiddenActions_) {
    if (v.kind == VerdictKind::Unchanged) return;  // an action the sensors cannot see may be under way
    withdrawHiddenActions();
  }
  switch (v.kind) {
    case VerdictKind::Unchanged: boardMatches(); return;
    case VerdictKind::Action: boardShowsAction(v.action); return;
    case VerdictKind::Amend:
      reading_.matched();
      apply({Explanation::Kind::Amend, v.action, 0});
      return;
    case VerdictKind::Takeback: takeBackOnTheBoard(v.plies); return;
    case VerdictKind::Unexpected: boardShowsAnotherAction(v.action); return;
    case VerdictKind::Gap: boardShowsActionsUnseen(v, again); return;
    case VerdictKind::Choose: boardFitsSeveral(v); return;
    case VerdictKind::Mismatch: boardDiffers(v); return;
  }
}

void RefereeSession::boardMatches() {
  reading_.matched();
  reading_.putBack();
  if (!differing_.empty() || engine_.unexpected() || !choices_.empty()) {
    differing_.clear();
    corrections_.clear();
    choices_.clear();
    shown_.dropLifted();
    engine_.forgetUnexpected();
    note(SessionEvent::Kind::Restored, "board matches the game again");
  }
}

void RefereeSession::boardShowsAction(const Move& action) {
  if (reading_.stillShowsWithdrawn(game().position(), action)) {
    showBoardToPutRight();
    return;
  }
  reading_.matched();
  apply({Explanation::Kind::Action, action, 0});
}

void RefereeSession::boardShowsActionsUnseen(const Verdict& v, bool again) {
  if (reading_.stillShowsWithdrawn(game().position(), v.gapActions.front())) {
    showBoardToPutRight();
    return;
  }
  reading_.matched();
  apply({Explanation::Kind::Sequence, Move{}, 0, v.gapActions});
  // Only the beginning was sure (a promotion at the end, to a piece the sensor cannot tell): the
  // same reading, judged again from where the game now stands, asks about the rest.
  if (!v.gapExplainsAll && reading_.last()) judge(*reading_.last(), again);
}

void RefereeSession::boardShowsAnotherAction(const Move& action) {
  if (engine_.unexpected() && *engine_.unexpected() == action) return;
  const Position& pos = game().position();
  engine_.showsInstead(action);
  note(SessionEvent::Kind::Unexpected, "the engine plays " + numberedSan(pos, *engine_.announced()) + ", the board shows " +
                                           numberedSan(pos, action) + ": play the engine's action or override");
}

void RefereeSession::boardFitsSeveral(const Verdict& v) {
  const Position& pos = game().position();
  // The board shows the engine's action, and others it cannot tell from it (the piece a Pawn
  // promoted to, seen by a sensor board): it is the engine's.
  if (engine_.announcedFits(pos, v)) {
    reading_.matched();
    apply({Explanation::Kind::Action, *engine_.announced(), 0});
    return;
  }
  if (choices_ == v.choices) return;  // already asked
  choices_ = v.choices;
  proposed_ = v.defaultChoice;
  if (options_.autoChoose) {
    const Explanation taken = choices_[static_cast<std::size_t>(proposed_)];
    publish(SessionEvent::Kind::Choose, "several explanations, took " + explanationText(pos, taken));
    choices_.clear();
    apply(taken);
    return;
  }
  std::string text = "which was it?";
  const auto texts = choiceTexts();
  for (std::size_t i = 0; i < texts.size(); ++i) text += " " + std::to_string(i + 1) + ") " + texts[i];
  note(SessionEvent::Kind::Choose, text);
}

void RefereeSession::boardDiffers(const Verdict& v) {
  const Position& pos = game().position();
  const std::optional<Observation>& seen = reading_.last();
  const std::optional<Position> finishing = seen ? enginesActionPartWay(*seen) : std::nullopt;
  if (finishing) {
    const std::vector<Square> toFinish = differingSquares(*finishing, *seen, options_.minConfidence);
    if (differing_ == toFinish) return;
    differing_ = toFinish;
    corrections_ = correctionsToRestore(*finishing, *seen, options_.minConfidence, &reading_.pieces());
    shown_.clear();
    std::string how;
    for (const Correction& c : corrections_) how += (how.empty() ? "" : "; ") + correctionText(variant_, c, CorrectionGoal::Finish);
    note(SessionEvent::Kind::Mismatch, "to finish the engine's " + numberedSan(pos, *engine_.announced()) + ": " + how);
    return;
  }
  if (differing_ == v.differing) return;
  differing_ = v.differing;
  corrections_ = v.corrections;
  shown_.stopAsking();
  const auto lifted = reading_.liftedPiece(pos, differing_);
  // A piece lifted from its own square is in play: its moves are shown. One lifted elsewhere is
  // being put back.
  shown_.dropLifted();
  if (lifted && lifted->from == lifted->home) {
    shown_.lift(lifted->from);
    note(SessionEvent::Kind::Mismatch, "piece lifted from " + squareName(lifted->from));
  } else if (lifted) {
    note(SessionEvent::Kind::Mismatch, "piece lifted from " + squareName(lifted->from) + ": put it on " + squareName(lifted->home));
  } else {
    std::string how;
    for (const Correction& c : corrections_) how += (how.empty() ? "" : "; ") + correctionText(variant_, c);
    note(SessionEvent::Kind::Mismatch,
         "the board does not match (" + squareList(differing_) + ")" + (how.empty() ? "" : ": " + how));
  }
}

std::optional<Position> RefereeSession::enginesActionPartWay(const Observation& seen) const {
  const std::optional<Move>& announced = engine_.announced();
  if (!announced) return std::nullopt;
  Position after = game().position();
  after.make(*announced);
  if (!isPartWayTo(game().position(), after, seen, options_.minConfidence)) return std::nullopt;
  return after;
}

void RefereeSession::takeBackOnTheBoard(int plies) {
  const Explanation back{Explanation::Kind::Takeback, Move{}, plies};
  const GameResult result = game().result();
  // Pieces set up at the start after a game is over are the next game, not this one undone.
  if (result.finished() && plies == static_cast<int>(game().actions().size())) {
    note(SessionEvent::Kind::Message, "the pieces are set up for a new game");
    newGame();
    return;
  }
  if (!result.finished() && reading_.matchedOnce() && plies <= kTakebackWithoutAsking) {
    apply(back);
    return;
  }
  if (options_.autoChoose) {
    apply(back);
    return;
  }
  if (choices_ == std::vector<Explanation>{back}) return;  // already asked
  choices_ = {back};
  proposed_ = 0;
  std::string text = "the board shows the position " + countedNoun(static_cast<std::size_t>(plies), "action", "actions") + " back";
  if (result.finished()) text += ", and the game is over (" + result.token + " " + result.reason + ")";
  note(SessionEvent::Kind::Choose, text + ": confirm to take " + (plies == 1 ? "it" : "them") +
                                       " back, or put the board right (New game starts the next game)");
}

void RefereeSession::showBoardToPutRight() {
  const std::optional<Observation>& seen = reading_.last();
  if (!seen) return;
  Verdict v;
  v.kind = VerdictKind::Mismatch;
  v.differing = differingSquares(game().position(), *seen, options_.minConfidence);
  v.corrections = correctionsToRestore(game().position(), *seen, options_.minConfidence, &reading_.pieces());
  if (!v.differing.empty()) handle(v, false);
}

}  // namespace tessera::session
