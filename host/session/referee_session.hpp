#pragma once
// One game at the table: settled observations come in, reconcile (core/referee/reconcile.hpp) turns
// them into verdicts, accepted actions go into the Game and, before anything else happens, into the
// journal; the players' commands (hint, takeback, confirm, choose, new game, resign, draw,
// override) come from buttons, the screen or the web page (session_commands.hpp). Everything it does
// is published on the EventBus. Not thread-safe: call it from the event loop's thread only.
//
// Its parts, each in its own file: observing and judging the board (session_judging.cpp, with what
// the board showed in BoardReading), the engine's turns and hints (session_engine.cpp, EngineTurn),
// the actions shown from a square (session_shown_actions.cpp, ShownActions), draws and resignation
// (session_draws.cpp, PendingDrawOffer), the record and the clocks (GameRecord), and here the
// game's course: start, the players' commands, actions applied and what follows each change.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/referee/reconcile.hpp"
#include "core/rules/game.hpp"
#include "host/session/board_reading.hpp"
#include "host/session/draw_offer.hpp"
#include "host/session/engine_advisor.hpp"
#include "host/session/engine_turn.hpp"
#include "host/session/event_bus.hpp"
#include "host/session/game_clock.hpp"
#include "host/session/game_record.hpp"
#include "host/session/play_mode.hpp"
#include "host/session/session_options.hpp"
#include "host/session/shown_actions.hpp"
#include "host/session/side_standings.hpp"

namespace tessera::session {

class RefereeSession {
 public:
  // `postToLoop`: run the engine on a worker thread and take its answers back through this onto
  // the session's thread (see EngineAdvisor); empty: the engine answers at once.
  RefereeSession(const Variant& variant, SessionOptions options, EventBus& bus, EngineAdvisor::Post postToLoop = {});

  // Opens the journal: resumes the game it holds, or starts one. Publishes GameStarted.
  void start();
  // A settled reading of the board. `readAfresh`: the same still board read without what the
  // sensor knew of the last one (a camera reads changes against the board last confirmed, see
  // boardShowsGame): judged instead when `seen` explains nothing, in case a change went unseen.
  void onObservation(const Observation& seen, const Observation* readAfresh = nullptr);
  // The last reading judged showed the game's position as it now stands (a camera then reads the
  // next still board as changes against it).
  bool boardShowsGame() const { return boardShowsGame_; }

  void hint();
  // Withdraws a resignation or an agreed draw, the game going on as before it; else takes back the
  // last action (against the engine, the engine's and the player's before it).
  void takeBack();
  // The engine's announced action when the board cannot show it (carried out, then confirmed), else
  // the proposed choice, or the unexpected action instead of the engine's.
  void confirm();
  void choose(int index);
  void overrideEngine();  // engine mode: accept the action on the board instead of the engine's
  void newGame();
  void resign();  // the side resigningSide() names resigns
  // Who a Resign resigns for: the player, not the engine, in engine mode; else the side to act.
  // None once the game is over, and with four players (no resignation there).
  std::optional<int> resigningSide() const;
  // Two players: the game is drawn at once. Against the engine, a draw offer: the engine weighs it
  // (a short search on its worker thread) and accepts unless it finds itself better off; the game
  // goes on meanwhile, and the offer lapses once it moves on (an action, a takeback, ...).
  void agreeDraw();
  // A player asks where the piece (or colour square) on `sq` can go, by a tap on the web page's
  // board or the screen: its actions are shown until the position changes or the same square is
  // asked again. No square: stop showing them. Those of its actions the sensors cannot see (a Tile
  // dropped there, seen by a sensor board) are offered as the choices, for the player to carry
  // one out and choose it.
  void showActionsFrom(std::optional<Square> sq);
  // With a time control: the side to act whose time ran out loses. Every few seconds the side to
  // act's thinking goes into the journal. Call every few tenths of a second.
  void checkClock(GameClock::Clock::time_point now = GameClock::Clock::now());

  Game& game() { return record_.game(); }
  const Game& game() const { return record_.game(); }
  const SessionOptions& options() const { return options_; }
  // The record, each action followed by its thinking time ("[%emt 0:00:12]") if recordTimes.
  std::string pgn();
  GameResult result() { return game().result(); }

  // What the views show.
  const std::vector<Explanation>& pendingChoices() const { return choices_; }
  int proposedChoice() const { return proposed_; }
  std::vector<std::string> choiceTexts() const;
  const std::optional<Move>& engineAction() const { return engine_.announced(); }
  const std::optional<Move>& unexpectedAction() const { return engine_.unexpected(); }
  const std::vector<Move>& hintMoves() const { return engine_.hints(); }
  // The hints' search's score for the side to act, in centipawns, while hints stand.
  const std::optional<int>& hintScore() const { return engine_.hintScore(); }
  // Each side's score as the hints' search last gave it when that side was to act (four players).
  const SideStandings& standings() const { return standings_; }
  const std::vector<Square>& differing() const { return differing_; }
  const std::vector<Correction>& corrections() const { return corrections_; }
  // A piece of the side to move is missing from its square and nothing else differs: its
  // destinations are shown.
  std::optional<Square> liftedFrom() const { return shown_.lifted(); }
  // The square whose actions are shown: a lifted piece's, else the one a player asked about.
  std::optional<Square> actionsShownFrom() const;
  // The actions shown from it: a lifted piece's moves; for a square asked about, its actions and
  // the shifts of the sector it lies in (Shifting Chess).
  std::vector<Move> actionsShown();
  const std::string& message() const { return message_; }
  int revision() const { return revision_; }
  const std::vector<std::string>& warnings() const { return warnings_; }
  const GameClock& clock() const { return record_.clock(); }
  // The engine is working out its action or a hint; the answer comes as an event.
  bool engineThinking() const { return engine_.thinking(); }

 private:
  // The game's course (referee_session.cpp).
  void apply(const Explanation& e);
  void afterChange();
  void clearPrompts();
  Position positionBeforeLastAction() const;
  // The side that made the game's last action.
  int sideOfLastAction() const;
  void publish(SessionEvent::Kind kind, const std::string& text);
  void note(SessionEvent::Kind kind, const std::string& text);

  // Observing and judging (session_judging.cpp).
  // `againAfresh`: `readAfresh` is the same as the last snapshot's reading afresh.
  void judge(const Observation& seen, bool again, const Observation* readAfresh = nullptr, bool againAfresh = false);
  void handle(const Verdict& verdict, bool again);
  void boardMatches();
  void boardShowsAction(const Move& action);
  void boardShowsAnotherAction(const Move& action);
  void boardShowsActionsUnseen(const Verdict& verdict, bool again);
  void boardFitsSeveral(const Verdict& verdict);
  void boardDiffers(const Verdict& verdict);
  void takeBackOnTheBoard(int plies);
  void showBoardToPutRight();
  // The position after the engine's announced action, when `seen` shows it carried out in part.
  std::optional<Position> enginesActionPartWay(const Observation& seen) const;

  // The engine's turns and hints (session_engine.cpp).
  void announceEngineAction();
  void announce(const Move& chosen, bool journaled);
  bool enginesActionIsHidden();

  // Actions shown from a square, and those the sensors cannot see (session_shown_actions.cpp).
  std::vector<Move> hiddenActions();
  std::string offerHiddenActionsFrom(Square sq);
  void withdrawHiddenActions();
  void sayWhatTheSensorsCannotSee();

  // Draws and resignation (session_draws.cpp).
  void withdrawResignationOrDraw();
  void endInAgreedDraw();
  void offerDrawToEngine();
  // Takes or declines the offer by `score`, a search's for the side to act; whether the game goes on.
  bool answerDrawOffer(int score);

  const Variant& variant_;
  SessionOptions options_;
  EventBus& bus_;
  GameRecord record_;
  EngineTurn engine_;
  SideStandings standings_;
  PendingDrawOffer drawOffer_;
  BoardReading reading_;
  ShownActions shown_;
  // What the players are asked: the explanations of a reading to choose among (or a tapped
  // square's actions the sensors cannot see: a reading of the board unchanged leaves those offered),
  // and the squares to put right with how.
  std::vector<Explanation> choices_;
  int proposed_ = 0;
  bool choicesAreHiddenActions_ = false;
  std::vector<Square> differing_;
  std::vector<Correction> corrections_;
  std::string message_;
  std::vector<std::string> warnings_;
  int revision_ = 0;
  bool boardShowsGame_ = false;
  std::optional<Observation> lastAfresh_;  // the last snapshot's reading afresh, if it came with one
};

}  // namespace tessera::session
