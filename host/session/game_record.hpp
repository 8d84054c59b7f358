#pragma once
// The game as it is kept at the table: the Game, its journal on the disk, the clocks, and each
// action's thinking time for the record. Every change is journaled before it is made, so that a
// power cut loses at most the change in flight; a restart resumes the game from the journal, clocks
// included. New game keeps the finished game's journal and PGN record beside the new ones.
// Not thread-safe: the session's thread only.
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/record/pgn.hpp"
#include "core/rules/game.hpp"
#include "host/record/game_journal.hpp"
#include "host/session/game_clock.hpp"
#include "host/session/session_options.hpp"

namespace tessera::session {

class GameRecord {
 public:
  using Clock = GameClock::Clock;

  GameRecord(const Variant& variant, const SessionOptions& options);

  // What open() found.
  struct Opening {
    std::string how;                    // "new game", "resumed from FILE after 3 actions"
    std::vector<std::string> warnings;  // what the journal or the record file gave to say
    // The engine's action the journal announced before a restart, to be announced again as it was.
    std::optional<RecoveredGame::Announced> engineAction;
    // The turn the journal ended in, whose thinking counts once the game is set up (takeUpLastTurn).
    std::optional<RecoveredGame::Thought> lastTurn;
  };
  // Opens the journal (if any): resumes the game it holds with its own time control, or starts one
  // in it. A record file of another game where this game's record goes is kept aside. Throws
  // JournalError for a journal that cannot be read or written, std::invalid_argument for one of
  // another variant's game.
  Opening open();
  // The turn the journal ended in counts, as if the program had never stopped.
  void takeUpLastTurn(const std::optional<RecoveredGame::Thought>& lastTurn);

  // The finished game's journal and record are kept beside the new game's (FILE.previous, then
  // FILE.previous.2, ...). Returns what to tell the players: the names kept, or why one could not be.
  std::vector<std::string> keepFinishedGame();
  // A new game from the start, with fresh clocks and, if there is one, a fresh journal.
  void startNewGame();

  Game& game() { return *game_; }
  const Game& game() const { return *game_; }
  GameResult result() const { return game_->result(); }  // Game works its result out on demand
  const GameClock& clock() const { return clock_; }
  const TimeControl& timeControl() const { return control_; }

  // An action is played: its side's clock stops and its thinking time is kept.
  void play(const Move& action);
  // The last action was half of `action` (a Rook moved first when castling): replaced by it.
  void amend(const Move& action);
  void takeBack(int plies);
  void resign(int side);
  void agreeDraw();
  void loseOnTime(int side, Clock::time_point now);
  // A resignation or agreed draw is withdrawn; call takeUpStoppedTurn() once the clock has turned.
  void withdrawResignationOrDraw();
  void takeUpStoppedTurn() { clock_.takeUpStoppedTurn(); }
  // The engine has chosen `action` for the player to carry out: its clock stops and the player's
  // runs; journaled unless the journal holds it already (announced before a restart).
  void engineChose(const Move& action, bool journaled);
  // The side thinking now had already thought this long (announced before a restart).
  void extendTurn(Clock::duration thought) { clock_.extendTurn(thought); }

  // The game has moved on (an action, a takeback, a result): the clock runs for the side to act, or
  // stops when the game is over. Returns whether the result differs from the one last seen.
  bool moveOn(Clock::time_point now);
  // Every few seconds the side to act's thinking goes into the journal: the most a power cut gives back.
  void journalThinking(Clock::time_point now);

  // The record; each action with its thinking time ("[%emt 0:00:12]") if the options record times.
  std::string pgn(PgnTags tags) const;

 private:
  std::optional<long> thinkingSoFar(Clock::time_point now) const;
  void startJournal();

  const Variant& variant_;
  std::string journalPath_;
  std::string recordPath_;
  std::string startPosition_;
  TimeControl control_;
  bool recordTimes_;
  std::unique_ptr<Game> game_;
  std::optional<GameJournal> journal_;
  GameClock clock_;
  std::vector<std::optional<long>> actionMillis_;  // each action's thinking time, for the record
  Clock::duration journaledThinking_{};            // of the turn going on
  std::string lastResult_ = "*";
};

}  // namespace tessera::session
