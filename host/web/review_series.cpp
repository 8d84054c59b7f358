#include "review_series.hpp"

#include <algorithm>
#include <cstdlib>
#include <utility>

namespace tessera::web {

std::vector<SideSeries> seriesBySide(const std::vector<ScoredTurn>& turns, int sides, int swingsPerSide,
                                     int leastSwing) {
  std::vector<SideSeries> series(static_cast<std::size_t>(std::max(0, sides)));
  for (int side = 0; side < sides; ++side) series[static_cast<std::size_t>(side)].side = side;
  for (const ScoredTurn& t : turns)
    if (t.side >= 0 && t.side < sides) series[static_cast<std::size_t>(t.side)].turns.push_back(t);
  const auto capped = [](int s) { return std::clamp(s, -1000, 1000); };
  for (SideSeries& s : series) {
    std::vector<std::pair<int, int>> moved;  // (how much, ply)
    for (std::size_t i = 1; i < s.turns.size(); ++i)
      moved.push_back({std::abs(capped(s.turns[i].score) - capped(s.turns[i - 1].score)), s.turns[i].ply});
    std::sort(moved.begin(), moved.end(),
              [](auto a, auto b) { return a.first > b.first || (a.first == b.first && a.second < b.second); });
    for (std::size_t i = 0; i < moved.size() && static_cast<int>(i) < swingsPerSide; ++i)
      if (moved[i].first >= leastSwing) s.swings.push_back(moved[i].second);
  }
  return series;
}

}  // namespace tessera::web
