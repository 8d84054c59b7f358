#include "referee_session.hpp"

#include <utility>

#include "core/record/pgn.hpp"
#include "core/text/counted_noun.hpp"
#include "host/session/action_text.hpp"

namespace tessera::session {

RefereeSession::RefereeSession(const Variant& variant, SessionOptions options, EventBus& bus, EngineAdvisor::Post postToLoop)
    : variant_(variant),
      options_(std::move(options)),
      bus_(bus),
      record_(variant, options_),
      engine_(options_, std::move(postToLoop)),
      reading_(variant) {}

void RefereeSession::start() {
  GameRecord::Opening opening = record_.open();
  options_.timeControl = record_.timeControl();  // a resumed game's own
  warnings_.insert(warnings_.end(), opening.warnings.begin(), opening.warnings.end());
  engine_.recover(opening.engineAction);
  publish(SessionEvent::Kind::GameStarted, game().variant().title + ": " + opening.how);
  for (const auto& w : warnings_) publish(SessionEvent::Kind::Message, w);
  sayWhatTheSensorsCannotSee();
  afterChange();
  record_.takeUpLastTurn(opening.lastTurn);
}

void RefereeSession::takeBack() {
  // A Resign or Draw tapped by mistake: only that is taken back.
  if (game().resignedOrDrawAgreed()) {
    withdrawResignationOrDraw();
    return;
  }
  if (game().actions().empty()) {
    note(SessionEvent::Kind::Message, "nothing to take back");
    return;
  }
  // Against the engine, its action goes back with the one before it, so that it does not play
  // again at once; any other action goes back alone.
  int plies = 1;
  if (options_.mode == PlayMode::Engine && sideOfLastAction() == options_.engineSide && game().actions().size() >= 2)
    plies = 2;
  const Move first = game().actions()[game().actions().size() - static_cast<std::size_t>(plies)];
  const Position before = game().position();
  apply({Explanation::Kind::Takeback, Move{}, plies});
  // The pieces still stand as before the takeback: say which to put back, and do not take the board
  // as that action played again.
  reading_.withdrew(first, before);
  showBoardToPutRight();
}

void RefereeSession::confirm() {
  if (enginesActionIsHidden()) {
    apply({Explanation::Kind::Action, *engine_.announced(), 0});
  } else if (!choices_.empty()) {
    choose(proposed_);
  } else if (engine_.unexpected()) {
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
  if (chosen.kind == Explanation::Kind::Action && engine_.toAct(game().position())) {
    const std::optional<Move>& announced = engine_.announced();
    if (!announced) {
      note(SessionEvent::Kind::Message, "the engine is thinking: wait for its action");
      return;
    }
    if (chosen.move != *announced) {
      const Position& pos = game().position();
      withdrawHiddenActions();
      engine_.showsInstead(chosen.move);
      note(SessionEvent::Kind::Unexpected, "the engine plays " + numberedSan(pos, *announced) + ", you chose " +
                                               numberedSan(pos, chosen.move) + ": choose the engine's action or override");
      return;
    }
  }
  reading_.matched();  // the choices explain what the board shows
  apply(chosen);
  reading_.standsAs(game().position());  // the piece a Pawn promoted to, say, which no sensor tells
}

void RefereeSession::overrideEngine() {
  if (!engine_.unexpected()) {
    note(SessionEvent::Kind::Message, "nothing to override");
    return;
  }
  const Move m = *engine_.unexpected();
  reading_.matched();
  apply({Explanation::Kind::Action, m, 0});
}

void RefereeSession::newGame() {
  // Nothing to start again; and a second tap on New game must not put the game just finished out
  // of reach (found by an audit, 2026-11-28).
  if (game().actions().empty() && !game().result().finished()) {
    note(SessionEvent::Kind::Message, "the game is new already: no action yet");
    return;
  }
  // The journal and the record of the game that ends are kept beside the new game's, each under a
  // name of its own, so that New game never loses a game.
  for (const std::string& said : record_.keepFinishedGame()) note(SessionEvent::Kind::Message, said);
  record_.startNewGame();
  clearPrompts();
  engine_.forgetAnnounced();
  reading_.forget();
  ++revision_;
  publish(SessionEvent::Kind::GameStarted, game().variant().title + ": new game");
  sayWhatTheSensorsCannotSee();
  afterChange();
}

void RefereeSession::checkClock(GameClock::Clock::time_point now) {
  record_.journalThinking(now);
  const auto side = record_.clock().flagFallen(now);
  if (!side || variant_.sides != 2 || game().result().finished()) return;
  record_.loseOnTime(*side, now);
  ++revision_;
  afterChange();
}

void RefereeSession::apply(const Explanation& e) {
  Game& g = game();
  std::string text;
  SessionEvent::Kind kind = SessionEvent::Kind::Action;
  switch (e.kind) {
    case Explanation::Kind::Nothing: clearPrompts(); return;
    case Explanation::Kind::Action:
      if (g.result().finished()) {
        note(SessionEvent::Kind::Message, "the game is over: take back to go on");
        return;
      }
      text = numberedSan(g.position(), e.move);
      record_.play(e.move);
      break;
    case Explanation::Kind::Sequence: {
      if (g.result().finished()) {
        note(SessionEvent::Kind::Message, "the game is over: take back to go on");
        return;
      }
      std::string actions;
      for (const Move& m : e.moves) {
        // The game may end within the sequence: what follows is not played.
        if (g.result().finished()) break;
        actions += (actions.empty() ? "" : " ") + numberedSan(g.position(), m);
        record_.play(m);
      }
      text = countedNoun(e.moves.size(), "action", "actions") + " made while the board was not seen: " + actions;
      break;
    }
    case Explanation::Kind::Amend:
      record_.amend(e.move);
      text = "amended: " + numberedSan(positionBeforeLastAction(), e.move);
      break;
    case Explanation::Kind::Takeback:
      record_.takeBack(e.plies);
      kind = SessionEvent::Kind::Takeback;
      text = "took back " + std::to_string(e.plies) + (e.plies == 1 ? " action" : " actions");
      break;
  }
  clearPrompts();
  engine_.forgetAnnounced();
  ++revision_;
  publish(kind, text);
  afterChange();
}

void RefereeSession::afterChange() {
  engine_.advisor().cancel();  // whatever it was thinking about belongs to the position before
  // As over the board, a draw offer lapses once the game moves on.
  if (drawOffer_.lapse()) note(SessionEvent::Kind::Message, "the draw offer lapses: the game has moved on");
  engine_.dropHeldReading();
  const bool resultChanged = record_.moveOn(GameClock::Clock::now());
  const GameResult r = game().result();
  if (r.finished()) {
    engine_.forgetAnnounced();  // the engine's announced action, and its arrow, are moot now
    engine_.forgetUnexpected();
  }
  if (resultChanged) publish(SessionEvent::Kind::Result, r.finished() ? r.token + " " + r.reason : "the game goes on");
  if (r.finished()) return;
  if (engine_.toAct(game().position())) announceEngineAction();
  if (options_.mode == PlayMode::Hints) hint();
}

std::string RefereeSession::pgn() {
  PgnTags tags;
  if (options_.mode == PlayMode::Engine) tags[sideFullName(variant_, options_.engineSide)] = "Tessera";
  return record_.pgn(tags);
}

std::vector<std::string> RefereeSession::choiceTexts() const {
  std::vector<std::string> out;
  for (const Explanation& e : choices_) out.push_back(explanationText(game().position(), e));
  return out;
}

Position RefereeSession::positionBeforeLastAction() const {
  Position before = game().position();
  before.unmake();
  return before;
}

// The side that made the game's last action: the side to act before it. With four players that is
// not simply the side before the one to act, since the turn passes over sides that are out.
int RefereeSession::sideOfLastAction() const { return positionBeforeLastAction().sideToMove(); }

void RefereeSession::clearPrompts() {
  choices_.clear();
  choicesAreHiddenActions_ = false;
  engine_.forgetUnexpected();
  engine_.clearHints();
  differing_.clear();
  corrections_.clear();
  shown_.clear();
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
