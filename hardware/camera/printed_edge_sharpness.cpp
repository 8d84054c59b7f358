#include "hardware/camera/printed_edge_sharpness.hpp"

#include <algorithm>
#include <vector>

namespace tessera::camera {

float printedEdgeSharpness(const ReflectanceImage& reflectance, const Observation& cells, float sureEmpty) {
  const auto bare = [&](const CellObservation& c) { return c.occupant == Occupant::Empty && c.occupantConfidence >= sureEmpty; };
  // Light against dark squares: other pairs of surfaces differ less, or more, in grey.
  const auto squares = [](const CellObservation& a, const CellObservation& b) {
    return (a.surface == Surface::LightSquare && b.surface == Surface::DarkSquare) ||
           (a.surface == Surface::DarkSquare && b.surface == Surface::LightSquare);
  };
  std::vector<float> edges;
  for (int r = 0; r < cells.ranks; ++r)
    for (int f = 0; f < cells.files; ++f) {
      const CellObservation& here = cells.at(f, r);
      if (!bare(here)) continue;
      const auto x = static_cast<float>(f), y = static_cast<float>(r);
      if (f + 1 < cells.files && bare(cells.at(f + 1, r)) && squares(here, cells.at(f + 1, r)))
        edges.push_back(reflectance.sharpness(x + 0.75f, y + 0.25f, x + 1.25f, y + 0.75f));
      if (r + 1 < cells.ranks && bare(cells.at(f, r + 1)) && squares(here, cells.at(f, r + 1)))
        edges.push_back(reflectance.sharpness(x + 0.25f, y + 0.75f, x + 0.75f, y + 1.25f));
    }
  // A median of fewer edges follows a piece's shadow or a crease across one of them.
  constexpr std::size_t kFewestEdges = 4;
  if (edges.size() < kFewestEdges) return 0.0f;
  auto middle = edges.begin() + static_cast<std::ptrdiff_t>(edges.size() / 2);
  std::nth_element(edges.begin(), middle, edges.end());
  return *middle;
}

}  // namespace tessera::camera
