#pragma once
// Plays the settled snapshots of a camera into a Game with the referee (core/reconcile.hpp), as a
// session without a player at hand would: an explanation that is clear is accepted; one that
// needs a second look waits for the second reading of the same stillness (readTwice); what still
// needs a choice is reported and, for a recording, settled by the referee's proposed choice.
#include <string>
#include <vector>

#include "core/referee/reconcile.hpp"
#include "core/rules/game.hpp"
#include "hardware/camera/stabiliser.hpp"

namespace tessera::camera {

struct RefereeEvent {
  enum class Kind {
    Unchanged,  // the board shows the current position
    Played,     // an action was accepted (also an amended last action)
    TakenBack,  // the board went back to an earlier position
    Waiting,    // several explanations: waiting for the second reading
    Proposed,    // several explanations even read twice: the proposed one was taken
    Unresolved,  // several explanations even read twice, none to take (no player to ask)
    Mismatch,   // nothing explains the board
  };
  Kind kind = Kind::Unchanged;
  double seconds = 0.0;
  std::string text;  // for the log: the action, or the squares that differ
  // The board, as read, shows the game's position as it now stands (BoardWatcher::confirm): no
  // change, an action or a takeback accepted, a proposed choice taken.
  bool boardShowsPosition = false;
};

struct SnapshotRefereeOptions {
  float minConfidence = 0.3f;  // cells read less surely than this count as unknown
  bool takeProposedChoice = true;
};

class SnapshotReferee {
 public:
  explicit SnapshotReferee(Game& game, SnapshotRefereeOptions options = {}) : game_(game), options_(options) {}
  RefereeEvent onSnapshot(const Snapshot& snapshot);
  // What the camera sees of the game's position as it stands (Occupied for a side in a
  // four-player game, whose sets are only light and dark).
  Observation expected() const;


 private:
  RefereeEvent apply(const Verdict& verdict, double seconds, bool secondLook);

  Game& game_;
  SnapshotRefereeOptions options_;
  Observation lastFirstReading_;
  bool waiting_ = false;
};

}  // namespace tessera::camera
