#pragma once
// Where a piece can go, shown on the board (the web page, the screen, the LEDs): the moves of a
// piece the player lifted from its own square, or the actions from a square a player tapped (and
// the shifts of the sector it lies in, Shifting Chess), until the position changes or the same
// square is tapped again.
#include <optional>
#include <vector>

#include "core/rules/position.hpp"

namespace tessera::session {

class ShownActions {
 public:
  std::optional<Square> lifted() const { return lifted_; }
  std::optional<Square> asked() const { return asked_; }
  void lift(Square from) { lifted_ = from; }
  void ask(Square sq) { asked_ = sq; }
  void dropLifted() { lifted_.reset(); }
  void stopAsking() { asked_.reset(); }
  void clear() {
    lifted_.reset();
    asked_.reset();
  }

  // The square whose actions are shown: a lifted piece's; else, while the game goes on and the
  // board matches it (`playing`), the one a player asked about.
  std::optional<Square> from(bool playing) const;
  // The actions shown from it (none when none is shown).
  std::vector<Move> actions(Position& pos, bool playing) const;

 private:
  std::optional<Square> lifted_;
  std::optional<Square> asked_;
};

}  // namespace tessera::session
