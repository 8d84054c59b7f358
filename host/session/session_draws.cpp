// Draws and resignation: two players agree a draw at once; against the engine a draw offer is
// weighed by a short search while the game goes on. A Resign or Draw tapped by mistake is taken back.
#include "host/session/referee_session.hpp"

namespace tessera::session {

std::optional<int> RefereeSession::resigningSide() const {
  if (variant_.sides != 2 || record_.result().finished()) return std::nullopt;
  if (options_.mode == PlayMode::Engine) return 1 - options_.engineSide;
  return game().position().sideToMove();
}

void RefereeSession::resign() {
  const std::optional<int> resigning = resigningSide();
  if (!resigning) {
    note(SessionEvent::Kind::Message, variant_.sides != 2 ? "no resignation with four players: a side leaves when it cannot act"
                                                          : "cannot resign now: the game is over");
    return;
  }
  record_.resign(*resigning);
  ++revision_;
  afterChange();
}

void RefereeSession::agreeDraw() {
  if (variant_.sides != 2 || game().result().finished()) {
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
  record_.agreeDraw();
  ++revision_;
  afterChange();
}

void RefereeSession::offerDrawToEngine() {
  if (drawOffer_.weighing()) {
    note(SessionEvent::Kind::Message, "the engine is weighing the draw offer already");
    return;
  }
  drawOffer_.make();
  // A search of this position under way (its own action, or a hint) weighs the offer when it ends:
  // interrupting it would cost the engine's clock, or the player's wait, a second search.
  if (engine_.thinking()) {
    note(SessionEvent::Kind::Message, "the engine weighs the draw offer");
    return;
  }
  engine_.advisor().ask(game().position(), kDrawOfferMillis, 1, [this](EngineAdvisor::Advice advice) {
    if (!answerDrawOffer(advice.score)) return;
    if (drawOffer_.takeHintPutOff()) hint();
  });
  if (drawOffer_.weighing()) note(SessionEvent::Kind::Message, "the engine weighs the draw offer");
}

bool RefereeSession::answerDrawOffer(int score) {
  drawOffer_.answered();
  const int forEngine = game().position().sideToMove() == options_.engineSide ? score : -score;
  if (engineTakesTheDraw(forEngine)) {
    drawOffer_.dropHint();
    note(SessionEvent::Kind::Message, "the engine accepts the draw");
    endInAgreedDraw();
    return false;
  }
  note(SessionEvent::Kind::Message, drawDeclinedText(forEngine));
  return true;
}

void RefereeSession::withdrawResignationOrDraw() {
  const GameResult withdrawn = game().result();
  record_.withdrawResignationOrDraw();
  ++revision_;
  publish(SessionEvent::Kind::Takeback,
          withdrawn.token == "1/2-1/2" ? "took back the agreed draw" : "took back the resignation (" + withdrawn.reason + ")");
  afterChange();
  // The side to act goes on with its turn: the time it thought before is still its turn's.
  record_.takeUpStoppedTurn();
}

}  // namespace tessera::session
