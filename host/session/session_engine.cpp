// The engine's turns and hints: against the engine, its action is worked out (on the worker thread
// at the table) and announced for the player to carry out; in any mode, its best few actions on
// request as hints. A draw offer the engine is weighing is answered by whichever search ends first.
#include <algorithm>

#include "core/rules/movegen.hpp"
#include "host/session/action_text.hpp"
#include "host/session/referee_session.hpp"

namespace tessera::session {

void RefereeSession::announceEngineAction() {
  // After a restart the engine's action announced before it stands: the board may show it half done.
  if (const auto recovered = engine_.takeRecovered()) {
    if (isLegal(game().position(), recovered->move)) {
      record_.extendTurn(std::chrono::milliseconds(recovered->millis.value_or(0)));
      announce(recovered->move, true);
      return;
    }
  }
  engine_.advisor().ask(game().position(), engine_.millisNow(record_.clock()), 1, [this](EngineAdvisor::Advice advice) {
    if (drawOffer_.weighing() && !answerDrawOffer(advice.score)) return;
    engine_.actedAs(advice.adviser == "Tessera" ? "the engine" : advice.adviser);
    if (!advice.actions.empty()) announce(advice.actions.front(), false);
  });
  if (engine_.thinking()) note(SessionEvent::Kind::Message, "the engine is thinking");
}

// The engine has chosen: its clock stops and the player's runs while the player carries the action
// out, as if the engine had pressed its clock; the action and the engine's time are journaled.
void RefereeSession::announce(const Move& chosen, bool journaled) {
  record_.engineChose(chosen, journaled);
  engine_.announce(chosen);
  note(SessionEvent::Kind::EngineAction,
       engineActionText(game().position(), chosen, engine_.actor()) + (enginesActionIsHidden() ? ", then confirm" : ""));
  // The player moved pieces while the engine thought: judge that board now.
  if (reading_.last() && engine_.releaseHeldReading()) {
    const Observation seen = *reading_.last();  // judging may start a new game, which forgets it
    judge(seen, false);
  }
}

void RefereeSession::hint() {
  if (game().result().finished()) {
    note(SessionEvent::Kind::Message, "the game is over");
    return;
  }
  if (engine_.toAct(game().position())) {
    note(SessionEvent::Kind::Message, "the engine is to act, not you");
    return;
  }
  if (drawOffer_.weighing()) {
    drawOffer_.putOffHint();
    note(SessionEvent::Kind::Message, "the engine is weighing the draw offer: the hint follows");
    return;
  }
  engine_.advisor().ask(game().position(), options_.hintMillis, options_.hintLines, [this](EngineAdvisor::Advice advice) {
    if (drawOffer_.weighing() && !answerDrawOffer(advice.score)) return;
    drawOffer_.dropHint();  // this is the hint
    engine_.giveHints(std::move(advice.actions), advice.score);
    const Position& pos = game().position();
    standings_.scored(pos.sideToMove(), static_cast<int>(game().actions().size()), pos.key(), advice.score);
    note(SessionEvent::Kind::Hint, hintsText(game().position(), engine_.hints(), advice.adviser));
  });
  if (engine_.thinking()) note(SessionEvent::Kind::Message, "the engine is thinking about a hint");
}

// The engine's announced action is one the board cannot show: the player carries it out and confirms.
bool RefereeSession::enginesActionIsHidden() {
  const std::optional<Move>& announced = engine_.announced();
  if (!engine_.toAct(game().position()) || !announced) return false;
  const std::vector<Move> hidden = hiddenActions();
  return std::find(hidden.begin(), hidden.end(), *announced) != hidden.end();
}

}  // namespace tessera::session
