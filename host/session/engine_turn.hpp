#pragma once
// The engine's part in the game (engine mode) and its hints: its searches on the worker thread
// (EngineAdvisor), the action it announced for the player to carry out, an action the board shows
// instead of it, a reading that came while it thought (judged once it has announced), the action
// announced before a restart, and the hints it gave.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/referee/reconcile.hpp"
#include "host/record/game_journal.hpp"
#include "host/session/engine_advisor.hpp"
#include "host/session/game_clock.hpp"
#include "host/session/session_options.hpp"

namespace tessera::session {

class EngineTurn {
 public:
  // `options` (the session's) outlive this.
  EngineTurn(const SessionOptions& options, EngineAdvisor::Post post)
      : options_(options), advisor_(std::move(post), options.externalEngine) {}

  EngineAdvisor& advisor() { return advisor_; }
  bool thinking() const { return advisor_.thinking(); }

  // The engine plays the side to act in `pos`.
  bool toAct(const Position& pos) const;
  // The engine is to act and its action is not known yet: only that will be accepted.
  bool waitingForItsAction(const Position& pos) const { return toAct(pos) && advisor_.thinking() && !announced_; }
  // Its thinking time now: with a time control no longer than its clock allows.
  int millisNow(const GameClock& clock) const;

  // The action it announced (on its turn, until it is on the board).
  const std::optional<Move>& announced() const { return announced_; }
  void announce(const Move& action) { announced_ = action; }
  void forgetAnnounced() { announced_.reset(); }
  // What the referee is to expect from the board in `pos`: the announced action on its turn.
  std::optional<Move> expectedIn(const Position& pos) const;
  // On its turn, its announced action is among the reading's exact fits.
  bool announcedFits(const Position& pos, const Verdict& verdict) const;

  // An action the board (or a choice) shows instead of the announced one: the player may override.
  const std::optional<Move>& unexpected() const { return unexpected_; }
  void showsInstead(const Move& action) { unexpected_ = action; }
  void forgetUnexpected() { unexpected_.reset(); }

  // A reading came while it thought about its action.
  void holdReading() { held_ = true; }
  void dropHeldReading() { held_ = false; }
  // Whether a reading was held; it is not any more.
  bool releaseHeldReading() { return std::exchange(held_, false); }

  // The action the journal announced before a restart, to announce again as it was (once).
  void recover(std::optional<RecoveredGame::Announced> announced) { recovered_ = std::move(announced); }
  std::optional<RecoveredGame::Announced> takeRecovered() { return std::exchange(recovered_, std::nullopt); }

  // Who chose its last action: "the engine" (Tessera's), or the external engine's name.
  const std::string& actor() const { return actor_; }
  void actedAs(std::string who) { actor_ = std::move(who); }

  const std::vector<Move>& hints() const { return hints_; }
  void giveHints(std::vector<Move> hints, int score) {
    hints_ = std::move(hints);
    hintScore_ = score;
  }
  void clearHints() {
    hints_.clear();
    hintScore_.reset();
  }
  // The score of the hints' search, for the side to act where they were asked (centipawns).
  const std::optional<int>& hintScore() const { return hintScore_; }

 private:
  const SessionOptions& options_;
  EngineAdvisor advisor_;
  std::optional<Move> announced_;
  std::optional<Move> unexpected_;
  bool held_ = false;
  std::optional<RecoveredGame::Announced> recovered_;
  std::vector<Move> hints_;
  std::optional<int> hintScore_;
  std::string actor_ = "the engine";
};

}  // namespace tessera::session
