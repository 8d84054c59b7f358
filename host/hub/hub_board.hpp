#pragma once
// One board as the hub knows it: the game's header, its actions in order (each checked by the
// rules as it comes), the last state the board sent, whether it is online. Actions are taken by
// their number: one the hub has already is dropped (a board sends again what its broker did not
// acknowledge), one past a gap waits until the gap is filled (the hub asks the board for it).
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/record/pgn.hpp"
#include "core/rules/game.hpp"
#include "host/publish/board_messages.hpp"

namespace tessera::hub {

struct HubGame {
  publish::GameHeader header;
  std::vector<publish::PublishedAction> actions;
  std::optional<publish::BoardState> state;
};

class HubBoard {
 public:
  explicit HubBoard(std::string name) : name_(std::move(name)) {}

  // What taking a message did.
  struct Outcome {
    bool changed = false;             // the game's record changed
    std::optional<int> missingFrom;   // ask the board to send again from this action number
    std::string refused;              // why a message was not taken ("" when it was)
  };
  Outcome takeHeader(const publish::GameHeader& header);
  Outcome takeAction(const publish::ActionMessage& message);
  Outcome takeState(const publish::BoardState& state);
  void setOnline(bool online, long long atMillis);

  const std::string& name() const { return name_; }
  bool hasGame() const { return game_ != nullptr; }
  const HubGame& current() const { return current_; }
  const std::vector<HubGame>& finishedGames() const { return earlier_; }  // earlier games on this board
  bool online() const { return online_; }
  long long onlineSince() const { return onlineChanged_; }
  long long lastActionAt() const { return lastActionAt_; }  // hub's clock, ms since 1970
  long long stateSince() const { return stateSince_; }      // when the board's state last changed
  int missing() const;                                      // actions the board has and the hub not yet
  const std::vector<std::string>& refusals() const { return refusals_; }

  // The game as PGN, each action with its clock ("{[%clk 0:04:58]}"); `tags` from the round.
  std::string pgn(const PgnTags& tags) const;
  const Game* game() const { return game_.get(); }
  GameResult result() const;

  // The hub's own copy, to come back after the hub restarts.
  std::string storeJson() const;
  void loadStore(const std::string& json);

 private:
  void rebuild();  // replays the actions into game_ (after a takeback or a load)
  bool apply(const publish::PublishedAction& a, std::string& why);
  void applyDeclaredResult();

  std::string name_;
  HubGame current_;
  std::vector<HubGame> earlier_;
  std::unique_ptr<Game> game_;
  std::map<int, publish::PublishedAction> waiting_;  // past a gap, by number
  std::vector<std::string> refusals_;
  bool online_ = false;
  long long onlineChanged_ = 0;
  long long lastActionAt_ = 0;
  long long stateSince_ = 0;
  // The board's time (its state's "at") of the newest state that counted at least the actions the
  // hub has: a later state counting fewer means the board took back (docs/club.md).
  long long confirmedAt_ = 0;
};

// "[%clk 1:02:03]" for `millis` (rounded down to the second).
std::string clockComment(long millis);
// PGN for a game kept by the hub (a current or an earlier one).
std::string gamePgn(const HubGame& g, const PgnTags& tags);

}  // namespace tessera::hub
