#pragma once
// Four players: each side's standing as the engine last scored it for that side (the score of the
// hints' search, from the side's own point of view, when that side was to act). With more than two
// sides the score is one side's against the others', so no single figure is everyone's: the view
// shows each side's own. A standing belongs to the position it was scored in: the view shows it
// only while that position is still in the game at that ply (a takeback past it, an amended action
// or a new game drop it without being told).
#include <cstdint>
#include <optional>
#include <vector>

namespace tessera::session {

struct SideStanding {
  int score = 0;           // centipawns, the side's own point of view
  int ply = 0;             // the actions played before the position scored
  std::uint64_t key = 0;   // that position's key
};

class SideStandings {
 public:
  void scored(int side, int ply, std::uint64_t key, int score) {
    if (side < 0) return;
    if (static_cast<int>(last_.size()) <= side) last_.resize(static_cast<std::size_t>(side) + 1);
    last_[static_cast<std::size_t>(side)] = SideStanding{score, ply, key};
  }
  std::optional<SideStanding> of(int side) const {
    if (side < 0 || side >= static_cast<int>(last_.size())) return std::nullopt;
    return last_[static_cast<std::size_t>(side)];
  }

 private:
  std::vector<std::optional<SideStanding>> last_;
};

}  // namespace tessera::session
