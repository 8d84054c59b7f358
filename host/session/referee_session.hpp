#pragma once
// One game at the table: settled observations come in, reconcile (core/reconcile.hpp) turns them
// into verdicts, accepted actions go into the Game and, before anything else happens, into the
// journal; the players' commands (hint, takeback, confirm, choose, new game, resign, draw,
// override) come from buttons or the web page. Everything it does is published on the EventBus.
// Not thread-safe: call it from the event loop's thread only.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/referee/pieces_on_the_board.hpp"
#include "core/referee/reconcile.hpp"
#include "core/rules/game.hpp"
#include "host/record/game_journal.hpp"
#include "host/session/engine_advisor.hpp"
#include "host/session/event_bus.hpp"
#include "host/session/game_clock.hpp"
#include "host/session/play_mode.hpp"

namespace tessera::session {

struct SessionOptions {
  PlayMode mode = PlayMode::Referee;
  int engineSide = 1;      // engine mode: the side the engine plays
  int engineMillis = 500;  // thinking time per engine action
  int hintMillis = 300;
  int hintLines = 3;
  float minConfidence = 0.3f;  // cells read less surely count as unknown
  // No player at hand (a recording, the demo): a choice is settled by the proposed explanation.
  bool autoChoose = false;
  std::string journalPath;  // empty: no journal
  std::string recordPath;   // the PGN record rewritten after every change (by the table); empty: none
  std::string startPosition;  // empty: the variant's start
  TimeControl timeControl;    // none: the clocks count up; two players only
  // Each action's thinking time in the record ("[%emt 0:00:12]"); off for a recording replayed
  // faster than real time, whose times mean nothing.
  bool recordTimes = true;
  // The board is read by a sensor board (link or GPIO), which senses the pieces and never a Tile,
  // a paper colour square or an empty sector: the game's start says how such actions are entered,
  // and before its first reading the board is taken to show the game's position.
  bool sensorsSeePiecesOnly = false;
};

class RefereeSession {
 public:
  // `postToLoop`: run the engine on a worker thread and take its answers back through this onto
  // the session's thread (see EngineAdvisor); empty: the engine answers at once.
  RefereeSession(const Variant& variant, SessionOptions options, EventBus& bus, EngineAdvisor::Post postToLoop = {});

  // Opens the journal: resumes the game it holds, or starts one. Publishes GameStarted.
  void start();
  void onObservation(const Observation& seen);

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

  Game& game() { return *game_; }
  const Game& game() const { return *game_; }
  const SessionOptions& options() const { return options_; }
  // The record, each action followed by its thinking time ("[%emt 0:00:12]") if recordTimes.
  std::string pgn();
  GameResult result() { return game_->result(); }

  // What the views show.
  const std::vector<Explanation>& pendingChoices() const { return choices_; }
  int proposedChoice() const { return proposed_; }
  std::vector<std::string> choiceTexts() const;
  const std::optional<Move>& engineAction() const { return expected_; }
  const std::optional<Move>& unexpectedAction() const { return unexpected_; }
  const std::vector<Move>& hintMoves() const { return hints_; }
  const std::vector<Square>& differing() const { return differing_; }
  const std::vector<Correction>& corrections() const { return corrections_; }
  // A piece of the side to move is missing from its square and nothing else differs: its
  // destinations are shown.
  std::optional<Square> liftedFrom() const { return lifted_; }
  // The square whose actions are shown: a lifted piece's, else the one a player asked about.
  std::optional<Square> actionsShownFrom() const;
  // The actions shown from it: a lifted piece's moves; for a square asked about, its actions and
  // the shifts of the sector it lies in (Shifting Chess).
  std::vector<Move> actionsShown();
  const std::string& message() const { return message_; }
  int revision() const { return revision_; }
  const std::vector<std::string>& warnings() const { return warnings_; }
  const GameClock& clock() const { return clock_; }
  // The engine is working out its action or a hint; the answer comes as an event.
  bool engineThinking() const { return engine_.thinking(); }

 private:
  void handle(const Verdict& verdict);
  void apply(const Explanation& e);
  void afterChange();
  void announceEngineAction();
  void announce(const Move& chosen, bool journaled);
  int engineMillisNow() const;
  void judge(const Observation& seen, bool again);
  bool waitingForEngineAction() const;
  void clearPrompts();
  void takeBackOnTheBoard(int plies);
  void withdrawResignationOrDraw();
  void endInAgreedDraw();
  void offerDrawToEngine();
  // Takes or declines the offer by `score`, a search's for the side to act; whether the game goes on.
  bool answerDrawOffer(int score);
  std::vector<Move> hiddenActions();
  bool enginesActionIsHidden();
  std::string offerHiddenActionsFrom(Square sq);
  void withdrawHiddenActions();
  bool onTheEnginesTurn() const;
  int sideOfLastAction() const;
  bool announcedActionFits(const Verdict& v) const;
  // The position after the engine's announced action, when `seen` shows it carried out in part.
  std::optional<Position> enginesActionPartWay(const Observation& seen) const;
  void sayWhatTheSensorsCannotSee();
  void showBoardToPutRight();
  void keepTheFinishedGame();
  void startJournal();
  std::optional<long> thinkingSoFar(GameClock::Clock::time_point now) const;
  void journalThinking(GameClock::Clock::time_point now);
  void publish(SessionEvent::Kind kind, const std::string& text);
  void note(SessionEvent::Kind kind, const std::string& text);

  const Variant& variant_;
  SessionOptions options_;
  EventBus& bus_;
  std::unique_ptr<Game> game_;
  std::optional<GameJournal> journal_;
  EngineAdvisor engine_;
  std::optional<Observation> lastSeen_;
  // Which piece stands where on the board, followed reading by reading: the guidance to put the
  // board right sends each piece to its own square with it.
  PiecesOnTheBoard onBoard_{variant_};
  bool heldForEngine_ = false;  // a reading came while the engine thought about its action
  // The engine's action the journal announced before a restart, announced again as it was.
  std::optional<RecoveredGame::Announced> recoveredEngineAction_;
  bool drawOffered_ = false;    // the engine is weighing the player's draw offer
  bool hintAfterDrawOffer_ = false;  // a hint the weighing put off
  std::vector<Explanation> choices_;
  int proposed_ = 0;
  // The choices are a tapped square's actions the sensors cannot see, not explanations of a reading:
  // a reading of the board unchanged leaves them offered.
  bool choicesAreHiddenActions_ = false;
  std::optional<Move> expected_, unexpected_;
  std::vector<Move> hints_;
  std::vector<Square> differing_;
  std::vector<Correction> corrections_;
  std::optional<Square> lifted_;
  std::optional<Square> asked_;
  // The board has matched the game since it started or was resumed: a takeback on the board is
  // then a player's doing, not a board set up differently while the program was down.
  bool boardMatchedOnce_ = false;
  // The first action a Take back command withdrew: until the board is put back, the board still
  // showing it is not that action played again.
  std::optional<Move> withdrawn_;
  std::optional<Position> withdrawnBoard_;  // the position Take back left the pieces in
  std::vector<std::optional<long>> actionMillis_;  // each action's thinking time, for the record
  std::string message_;
  std::string lastResult_ = "*";
  std::vector<std::string> warnings_;
  GameClock clock_;
  GameClock::Clock::duration journaledThinking_{};  // of the turn going on
  int revision_ = 0;
};

}  // namespace tessera::session
