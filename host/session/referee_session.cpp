#include "referee_session.hpp"

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <tuple>
#include <utility>

#include "core/engine/time_budget.hpp"
#include "core/record/pgn.hpp"
#include "core/referee/board_corrections.hpp"
#include "core/referee/sensor_view.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/movegen.hpp"
#include "core/text/counted_noun.hpp"
#include "host/session/action_text.hpp"
#include "host/session/draw_offer.hpp"

namespace tessera::session {
namespace {

// A takeback made on the board of more actions than this (a player's own and the reply) is asked
// about first: pieces set up again for a new game look like a takeback to the start.
constexpr int kTakebackWithoutAsking = 2;

// How often the thinking of the side to act goes into the journal: the most a power cut gives back.
constexpr std::chrono::seconds kJournalThinkingEvery{5};

// The name `path` is kept under when a new game takes its place: FILE.previous, then FILE.previous.2,
// .3..., a name no later game takes.
std::string keptName(const std::string& path) {
  std::string kept = path + ".previous";
  for (int n = 2; std::filesystem::exists(kept); ++n) kept = path + ".previous." + std::to_string(n);
  return kept;
}

std::unique_ptr<Game> freshGame(const Variant& variant, const std::string& start) {
  return start.empty() ? std::make_unique<Game>(variant) : std::make_unique<Game>(variant, start);
}

std::string squareList(const std::vector<Square>& squares) {
  std::string out;
  for (Square sq : squares) out += (out.empty() ? "" : " ") + squareName(sq);
  return out;
}

struct LiftedPiece {
  Square from;  // where the player lifted it
  Square home;  // where the game has it
};

// The one square where the game has a piece of the side to move and the board shows nothing, when
// that is the only difference: the player holds that piece in the air. It was lifted from there,
// or, after a takeback, from the square it had stood on since; when no such piece was lifted (a
// capture taken back leaves the capturer's square empty), none is held.
std::optional<LiftedPiece> liftedPiece(const Position& pos, const Observation& seen, const std::vector<Square>& differing,
                                       const PiecesOnTheBoard& onBoard) {
  if (differing.size() != 1) return std::nullopt;
  const Square sq = differing.front();
  const PieceCode p = pos.at(sq);
  if (!p || pieceSide(p) != pos.sideToMove()) return std::nullopt;
  if (seen.at(fileOf(sq), rankOf(sq)).occupant != Occupant::Empty) return std::nullopt;
  if (!onBoard.knowsTheBoard()) return LiftedPiece{sq, sq};
  const std::optional<Square> from = onBoard.liftedFrom(p);
  if (!from) return std::nullopt;
  return LiftedPiece{*from, sq};
}

// What a square shows besides its piece: its paper colour, a Tile or none.
auto terrainAt(const Position& p, Square sq) { return std::tuple(p.paper(sq), p.isWall(sq), p.isVoid(sq)); }

// After Take back the pieces are put back from `withdrawn` to `now`; a board half way there (the
// King on e1 again, the Rook still on f1) can read as a new action (Rf1). It is one only if it
// changes a square the withdrawn position left as it is, or puts there something else.
bool isPartWayBack(const Position& now, const Move& action, const Position& withdrawn) {
  Position after = now;
  after.make(action);
  const BoardSize size = now.variant().size;
  for (int rank = 0; rank < size.ranks; ++rank)
    for (int file = 0; file < size.files; ++file) {
      const Square sq = makeSquare(file, rank);
      const auto cell = [sq](const Position& p) { return std::tuple(p.at(sq), terrainAt(p, sq)); };
      if (cell(after) != cell(now) && cell(after) != cell(withdrawn)) return false;
    }
  return true;
}

// The engine's action carried out in part: the board differs from `now` only on squares the action
// changes, and shows at least one piece already where the action puts it (a Pawn on d3 for exd3 e.p.
// with the Pawn taken still on d4; the King on g1 with the Rook still on h1). A piece merely lifted
// is not that: it is shown with where it may go.
bool isPartWayTo(const Position& now, const Position& after, const Observation& seen, float minConfidence) {
  const std::vector<Square> fromNow = differingSquares(now, seen, minConfidence);
  const std::vector<Square> fromAfter = differingSquares(after, seen, minConfidence);
  bool placed = false;
  for (Square sq : fromNow) {
    const bool sameTerrain = terrainAt(now, sq) == terrainAt(after, sq);
    if (now.at(sq) == after.at(sq) && sameTerrain) return false;  // a change the action does not make
    const bool asAfter = std::find(fromAfter.begin(), fromAfter.end(), sq) == fromAfter.end();
    const bool emptied = after.at(sq) == kEmpty && sameTerrain;
    placed = placed || (asAfter && !emptied);
  }
  return placed;
}

}  // namespace

RefereeSession::RefereeSession(const Variant& variant, SessionOptions options, EventBus& bus, EngineAdvisor::Post postToLoop)
    : variant_(variant),
      options_(std::move(options)),
      bus_(bus),
      game_(freshGame(variant, options_.startPosition)),
      engine_(std::move(postToLoop)),
      clock_(variant.sides, options_.timeControl) {}

void RefereeSession::start() {
  std::string how = "new game";
  std::optional<RecoveredGame::Thought> lastTurn;
  bool resumed = false;
  if (!options_.journalPath.empty()) {
    const bool cutOffAtStart = GameJournal::cutOffAtItsStart(options_.journalPath);
    if (std::filesystem::exists(options_.journalPath) && !cutOffAtStart) {
      // The board, the camera and the display are the chosen variant's: a game of another cannot go on.
      RecoveredGame recovered = GameJournal::recover(options_.journalPath, [&](std::string_view name) -> const Variant& {
        if (name == variant_.fullName || name == variant_.name) return variant_;
        throw std::invalid_argument("its game is " + std::string(name) + ", not the " +
                                    (variant_.fullName.empty() ? variant_.name : variant_.fullName) +
                                    " chosen: choose that variant to go on with it, or another journal for a new game");
      });
      game_ = std::move(recovered.game);
      journal_.emplace(std::move(recovered.journal));
      for (const std::string& w : recovered.warnings) warnings_.push_back("journal: " + w);
      resumed = true;
      // The game goes on with the time control it was played with, whatever this start was given.
      if (recovered.timeControl) {
        const TimeControl played = parseTimeControl(*recovered.timeControl);
        if (played.base != options_.timeControl.base || played.increment != options_.timeControl.increment)
          warnings_.push_back("journal: its game is played with the time control " + *recovered.timeControl +
                              ", which it goes on with (not " + timeControlText(options_.timeControl) + ")");
        options_.timeControl = played;
        clock_ = GameClock(variant_.sides, played);
      }
      for (const auto& t : recovered.thinking) clock_.addTurn(t.side, std::chrono::milliseconds(t.millis));
      actionMillis_ = recovered.actionMillis;
      recoveredEngineAction_ = recovered.engineAction;
      lastTurn = recovered.lastTurn;
      how = "resumed from " + options_.journalPath + " after " + countedNoun(game_->actions().size(), "action", "actions");
    } else {
      if (cutOffAtStart && std::filesystem::file_size(options_.journalPath) > 0)
        warnings_.push_back("journal: " + options_.journalPath + " was cut off while its game was being started (no action in it): a new game starts in it");
      startJournal();
    }
  }
  // A new game: the record it will be written over is another game's, kept as New game keeps it.
  if (!resumed && !options_.recordPath.empty() && std::filesystem::exists(options_.recordPath) &&
      std::filesystem::file_size(options_.recordPath) > 0) {
    const std::string kept = keptName(options_.recordPath);
    std::error_code ec;
    std::filesystem::rename(options_.recordPath, kept, ec);
    warnings_.push_back(ec ? "cannot keep " + options_.recordPath + " as " + kept + ": " + ec.message()
                           : options_.recordPath + " held a game already: it is kept as " + kept);
  }
  lastResult_ = game_->result().token;
  publish(SessionEvent::Kind::GameStarted, game_->variant().title + ": " + how);
  for (const auto& w : warnings_) publish(SessionEvent::Kind::Message, w);
  sayWhatTheSensorsCannotSee();
  afterChange();
  // The turn the journal ended in: its thinking counts, as if the program had never stopped.
  if (lastTurn) {
    const auto thought = std::chrono::milliseconds(lastTurn->millis);
    if (game_->result().finished()) clock_.addThinking(lastTurn->side, thought);
    else if (lastTurn->side == clock_.running()) clock_.extendTurn(thought);
  }
}

void RefereeSession::startJournal() {
  journal_.reset();
  journal_.emplace(GameJournal::create(options_.journalPath, *game_));
  journal_->recordTimeControl(timeControlText(options_.timeControl));
}

std::optional<long> RefereeSession::thinkingSoFar(GameClock::Clock::time_point now) const {
  // The player's clock runs while the engine's action is carried out: that is no turn of the side to act.
  if (clock_.running() != game_->position().sideToMove() || !options_.recordTimes) return std::nullopt;
  return static_cast<long>(std::chrono::duration_cast<std::chrono::milliseconds>(clock_.turnSoFar(now)).count());
}

void RefereeSession::onObservation(const Observation& seen) {
  const bool again = lastSeen_ && sameReading(*lastSeen_, seen);
  lastSeen_ = seen;
  onBoard_.follow(seen, game_->position(), options_.minConfidence);
  // Only the engine's action will be accepted, and it is not known yet: judge when it is.
  if (waitingForEngineAction()) {
    heldForEngine_ = true;
    return;
  }
  judge(seen, again);
}

bool RefereeSession::waitingForEngineAction() const {
  return options_.mode == PlayMode::Engine && game_->position().sideToMove() == options_.engineSide &&
         engine_.thinking() && !expected_;
}

void RefereeSession::judge(const Observation& seen, bool again) {
  ReconcileOptions o;
  o.minConfidence = options_.minConfidence;
  o.readTwice = again;
  if (expected_ && game_->position().sideToMove() == options_.engineSide) o.expected = expected_;
  o.onBoard = &onBoard_;
  const Verdict verdict = reconcile(game_->position(), seen, o);
  // A lone misread could make another explanation look exact: wait for the same reading again
  // (before taking the engine's action among several exact ones too).
  if (verdict.kind == VerdictKind::Choose && !again && (verdict.exactChoices == 1 || announcedActionFits(verdict))) return;
  handle(verdict);
  if (differingSquares(game_->position(), seen, options_.minConfidence).empty()) onBoard_.standAs(game_->position());
}

void RefereeSession::handle(const Verdict& v) {
  const Position& pos = game_->position();
  if (choicesAreHiddenActions_) {
    if (v.kind == VerdictKind::Unchanged) return;  // an action the sensors cannot see may be under way
    withdrawHiddenActions();
  }
  switch (v.kind) {
    case VerdictKind::Unchanged:
      boardMatchedOnce_ = true;
      withdrawn_.reset();
      if (!differing_.empty() || unexpected_ || !choices_.empty()) {
        differing_.clear();
        corrections_.clear();
        choices_.clear();
        lifted_.reset();
        unexpected_.reset();
        note(SessionEvent::Kind::Restored, "board matches the game again");
      }
      return;
    case VerdictKind::Action:
      if (withdrawn_ && (v.action == *withdrawn_ || (withdrawnBoard_ && isPartWayBack(pos, v.action, *withdrawnBoard_)))) {
        showBoardToPutRight();
        return;
      }
      boardMatchedOnce_ = true;
      apply({Explanation::Kind::Action, v.action, 0});
      return;
    case VerdictKind::Amend:
      boardMatchedOnce_ = true;
      apply({Explanation::Kind::Amend, v.action, 0});
      return;
    case VerdictKind::Takeback: takeBackOnTheBoard(v.plies); return;
    case VerdictKind::Unexpected: {
      if (unexpected_ && *unexpected_ == v.action) return;
      unexpected_ = v.action;
      note(SessionEvent::Kind::Unexpected, "the engine plays " + numberedSan(pos, *expected_) + ", the board shows " +
                                               numberedSan(pos, v.action) + ": play the engine's action or override");
      return;
    }
    case VerdictKind::Choose: {
      // The board shows the engine's action, and others it cannot tell from it (the piece a Pawn
      // promoted to, seen by a sensor board): it is the engine's.
      if (announcedActionFits(v)) {
        boardMatchedOnce_ = true;
        apply({Explanation::Kind::Action, *expected_, 0});
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
      return;
    }
    case VerdictKind::Mismatch: {
      const std::optional<Position> finishing = lastSeen_ ? enginesActionPartWay(*lastSeen_) : std::nullopt;
      if (finishing) {
        const std::vector<Square> toFinish = differingSquares(*finishing, *lastSeen_, options_.minConfidence);
        if (differing_ == toFinish) return;
        differing_ = toFinish;
        corrections_ = correctionsToRestore(*finishing, *lastSeen_, options_.minConfidence, &onBoard_);
        asked_.reset();
        lifted_.reset();
        std::string how;
        for (const Correction& c : corrections_)
          how += (how.empty() ? "" : "; ") + correctionText(variant_, c, CorrectionGoal::Finish);
        note(SessionEvent::Kind::Mismatch, "to finish the engine's " + numberedSan(pos, *expected_) + ": " + how);
        return;
      }
      if (differing_ == v.differing) return;
      differing_ = v.differing;
      corrections_ = v.corrections;
      asked_.reset();
      const auto lifted = lastSeen_ ? liftedPiece(pos, *lastSeen_, differing_, onBoard_) : std::nullopt;
      // A piece lifted from its own square is in play: its moves are shown. One lifted elsewhere is
      // being put back.
      lifted_.reset();
      if (lifted && lifted->from == lifted->home) {
        lifted_ = lifted->from;
        note(SessionEvent::Kind::Mismatch, "piece lifted from " + squareName(*lifted_));
      } else if (lifted) {
        note(SessionEvent::Kind::Mismatch,
             "piece lifted from " + squareName(lifted->from) + ": put it on " + squareName(lifted->home));
      } else {
        std::string how;
        for (const Correction& c : corrections_) how += (how.empty() ? "" : "; ") + correctionText(variant_, c);
        note(SessionEvent::Kind::Mismatch, "the board does not match (" + squareList(differing_) + ")" +
                                               (how.empty() ? "" : ": " + how));
      }
      return;
    }
  }
}

std::optional<Position> RefereeSession::enginesActionPartWay(const Observation& seen) const {
  if (!expected_) return std::nullopt;
  Position after = game_->position();
  after.make(*expected_);
  if (!isPartWayTo(game_->position(), after, seen, options_.minConfidence)) return std::nullopt;
  return after;
}

void RefereeSession::takeBackOnTheBoard(int plies) {
  const Explanation back{Explanation::Kind::Takeback, Move{}, plies};
  const GameResult result = game_->result();
  // Pieces set up at the start after a game is over are the next game, not this one undone.
  if (result.finished() && plies == static_cast<int>(game_->actions().size())) {
    note(SessionEvent::Kind::Message, "the pieces are set up for a new game");
    newGame();
    return;
  }
  if (!result.finished() && boardMatchedOnce_ && plies <= kTakebackWithoutAsking) {
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
  if (!lastSeen_) return;
  Verdict v;
  v.kind = VerdictKind::Mismatch;
  v.differing = differingSquares(game_->position(), *lastSeen_, options_.minConfidence);
  v.corrections = correctionsToRestore(game_->position(), *lastSeen_, options_.minConfidence, &onBoard_);
  if (!v.differing.empty()) handle(v);
}

void RefereeSession::apply(const Explanation& e) {
  Game& g = *game_;
  std::string text;
  SessionEvent::Kind kind = SessionEvent::Kind::Action;
  switch (e.kind) {
    case Explanation::Kind::Nothing: clearPrompts(); return;
    case Explanation::Kind::Action: {
      if (g.result().finished()) {
        note(SessionEvent::Kind::Message, "the game is over: take back to go on");
        return;
      }
      text = numberedSan(g.position(), e.move);
      const auto thought = std::chrono::duration_cast<std::chrono::milliseconds>(clock_.finishTurn(GameClock::Clock::now()));
      // A recording replayed faster than real time: its clocks measure the program, not the players.
      if (journal_) journal_->recordAction(g.position(), e.move, options_.recordTimes ? std::optional<long>(thought.count()) : std::nullopt);
      g.play(e.move);
      actionMillis_.push_back(thought.count());
      break;
    }
    case Explanation::Kind::Amend: {
      g.takeBack(1);
      text = "amended: " + numberedSan(g.position(), e.move);
      if (journal_) {
        journal_->recordTakeback(1);
        journal_->recordAction(g.position(), e.move);
      }
      g.play(e.move);
      break;
    }
    case Explanation::Kind::Takeback:
      g.takeBack(e.plies);
      actionMillis_.resize(g.actions().size());
      if (journal_) journal_->recordTakeback(e.plies);
      kind = SessionEvent::Kind::Takeback;
      text = "took back " + std::to_string(e.plies) + (e.plies == 1 ? " action" : " actions");
      break;
  }
  clearPrompts();
  expected_.reset();
  ++revision_;
  publish(kind, text);
  afterChange();
}

void RefereeSession::afterChange() {
  journaledThinking_ = {};
  engine_.cancel();  // whatever it was thinking about belongs to the position before
  // As over the board, a draw offer lapses once the game moves on.
  if (drawOffered_) {
    drawOffered_ = false;
    hintAfterDrawOffer_ = false;
    note(SessionEvent::Kind::Message, "the draw offer lapses: the game has moved on");
  }
  heldForEngine_ = false;
  GameResult r = game_->result();
  if (r.finished()) {
    clock_.stop(GameClock::Clock::now());
    expected_.reset();  // the engine's announced action, and its arrow, are moot now
    unexpected_.reset();
  } else clock_.turnTo(game_->position().sideToMove(), GameClock::Clock::now());
  if (r.token != lastResult_) {
    lastResult_ = r.token;
    publish(SessionEvent::Kind::Result, r.finished() ? r.token + " " + r.reason : "the game goes on");
  }
  if (r.finished()) return;
  if (options_.mode == PlayMode::Engine && game_->position().sideToMove() == options_.engineSide) announceEngineAction();
  if (options_.mode == PlayMode::Hints) hint();
}

void RefereeSession::announceEngineAction() {
  // After a restart the engine's action announced before it stands: the board may show it half done.
  if (const auto recovered = std::exchange(recoveredEngineAction_, std::nullopt)) {
    if (isLegal(game_->position(), recovered->move)) {
      clock_.extendTurn(std::chrono::milliseconds(recovered->millis.value_or(0)));
      announce(recovered->move, true);
      return;
    }
  }
  engine_.ask(game_->position(), engineMillisNow(), 1, [this](EngineAdvisor::Advice advice) {
    if (drawOffered_ && !answerDrawOffer(advice.score)) return;
    if (!advice.actions.empty()) announce(advice.actions.front(), false);
  });
  if (engine_.thinking()) note(SessionEvent::Kind::Message, "the engine is thinking");
}

// With a time control the engine thinks no longer than its clock allows, as the protocols' engine does.
int RefereeSession::engineMillisNow() const {
  const TimeControl& control = options_.timeControl;
  if (!control.counting()) return options_.engineMillis;
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(clock_.remaining(options_.engineSide, GameClock::Clock::now()));
  const int budget = millisForAction(std::max<long long>(1, left.count()), control.increment.count(), kDefaultMovesToGo);
  return std::min(options_.engineMillis, budget);
}

// The engine has chosen: its clock stops and the player's runs while the player carries the action
// out, as if the engine had pressed its clock; the action and the engine's time are journaled.
void RefereeSession::announce(const Move& chosen, bool journaled) {
  Position after = game_->position();
  after.make(chosen);
  const auto thought = std::chrono::duration_cast<std::chrono::milliseconds>(clock_.handOver(GameClock::Clock::now(), after.sideToMove()));
  if (journal_ && !journaled)
    journal_->recordEngineAction(game_->position(), chosen, options_.recordTimes ? std::optional<long>(thought.count()) : std::nullopt);
  expected_ = chosen;
  note(SessionEvent::Kind::EngineAction,
       engineActionText(game_->position(), *expected_) + (enginesActionIsHidden() ? ", then confirm" : ""));
  // The player moved pieces while the engine thought: judge that board now.
  if (heldForEngine_ && lastSeen_) {
    heldForEngine_ = false;
    judge(*lastSeen_, false);
  }
}

void RefereeSession::hint() {
  if (game_->result().finished()) {
    note(SessionEvent::Kind::Message, "the game is over");
    return;
  }
  if (options_.mode == PlayMode::Engine && game_->position().sideToMove() == options_.engineSide) {
    note(SessionEvent::Kind::Message, "the engine is to act, not you");
    return;
  }
  if (drawOffered_) {
    hintAfterDrawOffer_ = true;
    note(SessionEvent::Kind::Message, "the engine is weighing the draw offer: the hint follows");
    return;
  }
  engine_.ask(game_->position(), options_.hintMillis, options_.hintLines, [this](EngineAdvisor::Advice advice) {
    if (drawOffered_ && !answerDrawOffer(advice.score)) return;
    hintAfterDrawOffer_ = false;  // this is the hint
    hints_ = std::move(advice.actions);
    note(SessionEvent::Kind::Hint, hintsText(game_->position(), hints_));
  });
  if (engine_.thinking()) note(SessionEvent::Kind::Message, "the engine is thinking about a hint");
}

void RefereeSession::takeBack() {
  // A Resign or Draw tapped by mistake: only that is taken back.
  if (game_->resignedOrDrawAgreed()) {
    withdrawResignationOrDraw();
    return;
  }
  if (game_->actions().empty()) {
    note(SessionEvent::Kind::Message, "nothing to take back");
    return;
  }
  // Against the engine, its action goes back with the one before it, so that it does not play
  // again at once; any other action goes back alone.
  int plies = 1;
  if (options_.mode == PlayMode::Engine && sideOfLastAction() == options_.engineSide && game_->actions().size() >= 2)
    plies = 2;
  const Move first = game_->actions()[game_->actions().size() - static_cast<std::size_t>(plies)];
  withdrawnBoard_ = game_->position();
  apply({Explanation::Kind::Takeback, Move{}, plies});
  // The pieces still stand as before the takeback: say which to put back, and do not take the board
  // as that action played again.
  withdrawn_ = first;
  showBoardToPutRight();
}

void RefereeSession::withdrawResignationOrDraw() {
  const GameResult withdrawn = game_->result();
  if (journal_) journal_->recordWithdrawal();
  game_->withdrawResignationOrDraw();
  ++revision_;
  publish(SessionEvent::Kind::Takeback,
          withdrawn.token == "1/2-1/2" ? "took back the agreed draw" : "took back the resignation (" + withdrawn.reason + ")");
  afterChange();
  // The side to act goes on with its turn: the time it thought before is still its turn's.
  clock_.takeUpStoppedTurn();
}

void RefereeSession::confirm() {
  if (enginesActionIsHidden()) {
    apply({Explanation::Kind::Action, *expected_, 0});
  } else if (!choices_.empty()) {
    choose(proposed_);
  } else if (unexpected_) {
    overrideEngine();
  } else {
    note(SessionEvent::Kind::Message, "nothing to confirm");
  }
}

void RefereeSession::choose(int index) {
  if (index < 0 || index >= static_cast<int>(choices_.size())) {
    note(SessionEvent::Kind::Message, "no choice " + std::to_string(index + 1));
    return;
  }
  const Explanation chosen = choices_[static_cast<std::size_t>(index)];
  // An action chosen on the engine's turn is the engine's only if it is the one announced; another
  // is unexpected, as on the board.
  if (chosen.kind == Explanation::Kind::Action && onTheEnginesTurn()) {
    if (!expected_) {
      note(SessionEvent::Kind::Message, "the engine is thinking: wait for its action");
      return;
    }
    if (chosen.move != *expected_) {
      const Position& pos = game_->position();
      withdrawHiddenActions();
      unexpected_ = chosen.move;
      note(SessionEvent::Kind::Unexpected, "the engine plays " + numberedSan(pos, *expected_) + ", you chose " +
                                               numberedSan(pos, chosen.move) + ": choose the engine's action or override");
      return;
    }
  }
  boardMatchedOnce_ = true;  // the choices explain what the board shows
  apply(chosen);
  onBoard_.standAs(game_->position());  // the piece a Pawn promoted to, say, which no sensor tells
}

void RefereeSession::overrideEngine() {
  if (!unexpected_) {
    note(SessionEvent::Kind::Message, "nothing to override");
    return;
  }
  const Move m = *unexpected_;
  boardMatchedOnce_ = true;
  apply({Explanation::Kind::Action, m, 0});
}

void RefereeSession::newGame() {
  // Nothing to start again; and a second tap on New game must not put the game just finished out
  // of reach (found by an audit, 2026-11-28).
  if (game_->actions().empty() && !game_->result().finished()) {
    note(SessionEvent::Kind::Message, "the game is new already: no action yet");
    return;
  }
  keepTheFinishedGame();
  game_ = freshGame(variant_, options_.startPosition);
  clock_ = GameClock(variant_.sides, options_.timeControl);
  actionMillis_.clear();
  if (!options_.journalPath.empty()) startJournal();
  clearPrompts();
  expected_.reset();
  withdrawn_.reset();
  boardMatchedOnce_ = false;
  lastSeen_.reset();
  lastResult_ = "*";
  ++revision_;
  publish(SessionEvent::Kind::GameStarted, game_->variant().title + ": new game");
  sayWhatTheSensorsCannotSee();
  afterChange();
}

// The journal and the record of the game that ends are kept beside the new game's, each under a
// name of its own, so that New game never loses a game.
void RefereeSession::keepTheFinishedGame() {
  std::string kept;
  for (const std::string* path : {&options_.journalPath, &options_.recordPath}) {
    if (path->empty() || !std::filesystem::exists(*path)) continue;
    const std::string name = keptName(*path);
    std::error_code ec;
    std::filesystem::rename(*path, name, ec);
    if (ec) note(SessionEvent::Kind::Message, "cannot keep " + *path + " as " + name + ": " + ec.message());
    else kept += (kept.empty() ? "" : " and ") + name;
  }
  if (!kept.empty()) note(SessionEvent::Kind::Message, "the last game is kept as " + kept);
}

std::optional<int> RefereeSession::resigningSide() const {
  if (variant_.sides != 2 || game_->result().finished()) return std::nullopt;
  if (options_.mode == PlayMode::Engine) return 1 - options_.engineSide;
  return game_->position().sideToMove();
}

void RefereeSession::resign() {
  const std::optional<int> resigning = resigningSide();
  if (!resigning) {
    note(SessionEvent::Kind::Message, variant_.sides != 2 ? "no resignation with four players: a side leaves when it cannot act"
                                                          : "cannot resign now: the game is over");
    return;
  }
  const int side = *resigning;
  if (journal_) journal_->recordResignation(side, thinkingSoFar(GameClock::Clock::now()));
  game_->resign(side);
  ++revision_;
  afterChange();
}

void RefereeSession::checkClock(GameClock::Clock::time_point now) {
  journalThinking(now);
  const auto side = clock_.flagFallen(now);
  if (!side || variant_.sides != 2 || game_->result().finished()) return;
  if (journal_) journal_->recordLossOnTime(*side, thinkingSoFar(now));
  game_->loseOnTime(*side);
  ++revision_;
  afterChange();
}

void RefereeSession::journalThinking(GameClock::Clock::time_point now) {
  // A recording replayed fast: its clocks measure the program, not the players.
  if (!journal_ || !options_.recordTimes || clock_.running() != game_->position().sideToMove() || game_->result().finished()) return;
  const GameClock::Clock::duration soFar = clock_.turnSoFar(now);
  if (soFar - journaledThinking_ < kJournalThinkingEvery) return;
  journaledThinking_ = soFar;
  journal_->recordThinking(clock_.running(), static_cast<long>(std::chrono::duration_cast<std::chrono::milliseconds>(soFar).count()));
}

void RefereeSession::agreeDraw() {
  if (variant_.sides != 2 || game_->result().finished()) {
    note(SessionEvent::Kind::Message, variant_.sides != 2 ? "no agreed draw with four players" : "cannot agree a draw now: the game is over");
    return;
  }
  // Between two players the tap is both players' word; the engine weighs the offer first.
  if (options_.mode == PlayMode::Engine) {
    offerDrawToEngine();
    return;
  }
  endInAgreedDraw();
}

void RefereeSession::endInAgreedDraw() {
  if (journal_) journal_->recordDrawAgreed(thinkingSoFar(GameClock::Clock::now()));
  game_->agreeDraw();
  ++revision_;
  afterChange();
}

void RefereeSession::offerDrawToEngine() {
  if (drawOffered_) {
    note(SessionEvent::Kind::Message, "the engine is weighing the draw offer already");
    return;
  }
  drawOffered_ = true;
  // A search of this position under way (its own action, or a hint) weighs the offer when it ends:
  // interrupting it would cost the engine's clock, or the player's wait, a second search.
  if (engine_.thinking()) {
    note(SessionEvent::Kind::Message, "the engine weighs the draw offer");
    return;
  }
  engine_.ask(game_->position(), kDrawOfferMillis, 1, [this](EngineAdvisor::Advice advice) {
    if (!answerDrawOffer(advice.score)) return;
    if (std::exchange(hintAfterDrawOffer_, false)) hint();
  });
  if (drawOffered_) note(SessionEvent::Kind::Message, "the engine weighs the draw offer");
}

bool RefereeSession::answerDrawOffer(int score) {
  drawOffered_ = false;
  const int forEngine = game_->position().sideToMove() == options_.engineSide ? score : -score;
  if (engineTakesTheDraw(forEngine)) {
    hintAfterDrawOffer_ = false;
    note(SessionEvent::Kind::Message, "the engine accepts the draw");
    endInAgreedDraw();
    return false;
  }
  note(SessionEvent::Kind::Message, drawDeclinedText(forEngine));
  return true;
}

void RefereeSession::showActionsFrom(std::optional<Square> sq) {
  Position& pos = game_->position();
  if (!sq || sq == asked_) {
    if (!asked_) return;  // nothing shown to hide
    const Square was = *asked_;
    asked_.reset();
    if (choicesAreHiddenActions_) withdrawHiddenActions();
    note(SessionEvent::Kind::Message, "actions from " + squareName(was) + " hidden");
    return;
  }
  if (game_->result().finished()) {
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
    asked_.reset();
    note(SessionEvent::Kind::Message, "no action of " + side + "'s from " + squareName(*sq));
    return;
  }
  asked_ = sq;
  std::string text = side + " from " + squareName(*sq) + ":";
  for (std::size_t i = 0; i < names.size(); ++i) text += (i ? ", " : " ") + names[i];
  note(SessionEvent::Kind::Message, text + offerHiddenActionsFrom(*sq));
}

// The legal actions the present reading cannot tell from no change at all (a Tile dropped on an
// empty square, seen by a sensor board): the board never shows them, so the player enters them.
std::vector<Move> RefereeSession::hiddenActions() {
  // Before the board's first reading (of the game, or since New game) a sensor board is taken to
  // show the position: it sends nothing until a piece moves.
  Observation seen;
  if (lastSeen_) seen = *lastSeen_;
  else if (options_.sensorsSeePiecesOnly) seen = sensorView(game_->position(), SensorProfile::Occupancy);
  else return {};
  ReconcileOptions o;
  o.minConfidence = options_.minConfidence;
  const Verdict v = reconcile(game_->position(), seen, o);
  return v.kind == VerdictKind::Unchanged ? v.hiddenActions : std::vector<Move>{};
}

// On the engine's turn, its announced action is among the reading's exact fits.
bool RefereeSession::announcedActionFits(const Verdict& v) const {
  if (!onTheEnginesTurn() || !expected_) return false;
  const Explanation announced{Explanation::Kind::Action, *expected_, 0};
  const auto exact = v.choices.begin() + std::min<std::ptrdiff_t>(v.exactChoices, static_cast<std::ptrdiff_t>(v.choices.size()));
  return std::find(v.choices.begin(), exact, announced) != exact;
}

// The side that made the game's last action: the side to act before it. With four players that is
// not simply the side before the one to act, since the turn passes over sides that are out.
int RefereeSession::sideOfLastAction() const {
  Position before = game_->position();
  before.unmake();
  return before.sideToMove();
}

bool RefereeSession::onTheEnginesTurn() const {
  return options_.mode == PlayMode::Engine && game_->position().sideToMove() == options_.engineSide;
}

// The engine's announced action is one the board cannot show: the player carries it out and confirms.
bool RefereeSession::enginesActionIsHidden() {
  if (!onTheEnginesTurn() || !expected_) return false;
  const std::vector<Move> hidden = hiddenActions();
  return std::find(hidden.begin(), hidden.end(), *expected_) != hidden.end();
}

// Offers the actions from `sq` that the sensors cannot see as the choices; returns what to add to
// the message naming them, or nothing when there are none.
std::string RefereeSession::offerHiddenActionsFrom(Square sq) {
  Position& pos = game_->position();
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
  for (std::size_t i = 0; i < choices_.size(); ++i)
    if (expected_ && onTheEnginesTurn() && choices_[i].move == *expected_) proposed_ = static_cast<int>(i);
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

std::optional<Square> RefereeSession::actionsShownFrom() const {
  if (lifted_) return lifted_;
  if (game_->result().finished() || !differing_.empty()) return std::nullopt;
  return asked_;
}

std::vector<Move> RefereeSession::actionsShown() {
  const std::optional<Square> from = actionsShownFrom();
  if (!from) return {};
  Position& pos = game_->position();
  std::vector<Move> actions = legalActionsFrom(pos, *from);
  if (!lifted_) {  // a tapped square shows its sector's shifts too; a lifted piece only its own moves
    const std::vector<Move> shifts = sectorShiftsFrom(pos, *from);
    actions.insert(actions.end(), shifts.begin(), shifts.end());
  }
  return actions;
}

std::string RefereeSession::pgn() {
  PgnTags tags;
  // PGN's TimeControl: seconds for the game, '+', seconds added per action.
  if (const TimeControl& c = options_.timeControl; c.counting())
    tags["TimeControl"] = std::to_string(c.base.count() / 1000) + "+" + std::to_string(c.increment.count() / 1000);
  if (options_.mode == PlayMode::Engine) tags[sideFullName(variant_, options_.engineSide)] = "Tessera";
  return options_.recordTimes ? writePgn(*game_, tags, elapsedTimeComments(actionMillis_)) : writePgn(*game_, tags);
}

std::vector<std::string> RefereeSession::choiceTexts() const {
  std::vector<std::string> out;
  for (const Explanation& e : choices_) out.push_back(explanationText(game_->position(), e));
  return out;
}

void RefereeSession::clearPrompts() {
  choices_.clear();
  choicesAreHiddenActions_ = false;
  unexpected_.reset();
  hints_.clear();
  differing_.clear();
  corrections_.clear();
  lifted_.reset();
  asked_.reset();
}

void RefereeSession::note(SessionEvent::Kind kind, const std::string& text) {
  ++revision_;
  publish(kind, text);
}

void RefereeSession::publish(SessionEvent::Kind kind, const std::string& text) {
  message_ = text;
  bus_.publish({kind, text});
}

}  // namespace tessera::session
