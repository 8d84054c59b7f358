#pragma once
// The review of a game of more than two sides (review_json.hpp): the search's score is one side's
// against the others', so there is no single line to plot. Each side gets its own line instead,
// the score of the side to act at each of its own turns (its point of view), and the biggest swings
// of each line are marked: the positions at which a side found itself most changed since its
// previous turn (its own action and the others' in between).
#include <vector>

namespace tessera::web {

// A position of the game searched for the side to act in it.
struct ScoredTurn {
  int ply = 0;    // the actions played before it
  int side = 0;   // the side to act
  int score = 0;  // centipawns, that side's point of view
};

struct SideSeries {
  int side = 0;
  std::vector<ScoredTurn> turns;  // its own turns, in order
  std::vector<int> swings;        // plies of the turns after which its score moved most, biggest first
};

// One series per side (sides with no turn get an empty one); at most `swingsPerSide` swings each,
// of at least `leastSwing` centipawns (mates counted as ten pawns).
std::vector<SideSeries> seriesBySide(const std::vector<ScoredTurn>& turns, int sides, int swingsPerSide = 2,
                                     int leastSwing = 50);

}  // namespace tessera::web
