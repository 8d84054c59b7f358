#pragma once
// Plays the settled snapshots of a camera into a Game with the referee (core/reconcile.hpp), as a
// session without a player at hand would: an explanation that is clear is accepted; one that
// needs a second look waits for the second reading of the same stillness (readTwice); what still
// needs a choice is reported and, for a recording, settled by the referee's proposed choice.
// Actions made while the board was not seen (two quick actions between two still boards) are found
// by the referee's gap search. A question left open when the players went on before the board was
// read again is settled by its proposal if one of the shortest explanations of the next still board
// begins with it (docs/referee.md, "Gaps").
#include <optional>
#include <string>
#include <vector>

#include "core/referee/reconcile.hpp"
#include "core/rules/game.hpp"
#include "hardware/camera/stabiliser.hpp"

namespace tessera::camera {

struct RefereeEvent {
  enum class Kind {
    Unchanged,  // the board shows the current position
    Played,     // actions were accepted (also an amended last action, and actions made unseen)
    TakenBack,  // the board went back to an earlier position
    Waiting,    // several explanations: waiting for the second reading
    Proposed,    // several explanations even read twice: the proposed one was taken
    Unresolved,  // several explanations even read twice, none to take (no player to ask)
    Mismatch,   // nothing explains the board
  };
  Kind kind = Kind::Unchanged;
  double seconds = 0.0;
  std::string text;  // for the log: the actions (in order, separated by spaces), or the squares that differ
  // The board, as read, shows the game's position as it now stands (BoardWatcher::confirm): every
  // cell read surely agrees with it.
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
  // What the camera sees of the game's position as it stands.
  Observation expected() const;

 private:
  Verdict judge(const Observation& seen, bool readTwice);
  Verdict judgeSnapshot(const Snapshot& snapshot, bool readTwice);
  bool showsPosition(const Snapshot& snapshot) const;
  RefereeEvent apply(const Verdict& verdict, const Snapshot& snapshot, bool secondLook);
  std::string play(const Explanation& e);

  Game& game_;
  SnapshotRefereeOptions options_;
  Observation lastFirstReading_;
  bool waiting_ = false;
  // While waiting: the proposal of the question asked, if the players' going on may settle it.
  std::optional<Explanation> leftOpen_;
};

}  // namespace tessera::camera
