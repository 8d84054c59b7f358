#include "variant_layout.hpp"

#include "core/referee/sensor_view.hpp"

namespace tessera::camera {

BoardLayout layoutForVariant(const Variant& v) {
  BoardLayout layout;
  layout.files = v.size.files;
  layout.ranks = v.size.ranks;
  layout.swatches = v.hasSquareColours() ? fourColourSwatches() : standardSwatches();
  auto& s = layout.cellSurfaces;
  if (v.hasSquareColours()) {
    s = {Surface::Red, Surface::Blue, Surface::Green, Surface::Yellow};
    bool plainSquares = false;
    for (int r = 0; r < v.size.ranks; ++r)
      for (int f = 0; f < v.size.files; ++f) plainSquares |= v.colourAt(makeSquare(f, r)) < 0;
    if (plainSquares) s.insert(s.end(), {Surface::LightSquare, Surface::DarkSquare});
    return layout;
  }
  s = {Surface::LightSquare, Surface::DarkSquare};
  if (v.hasPaperColours())
    s.insert(s.end(), {Surface::Yellow, Surface::Purple, Surface::Red, Surface::LightBlue, Surface::DarkGreen,
                       Surface::Blue});
  if (v.hasTiles()) s.insert(s.end(), {Surface::Void, Surface::AntiTile});
  else if (v.hasSectors()) s.push_back(Surface::Void);
  return layout;
}

}  // namespace tessera::camera

#include "core/rules/position_text.hpp"
#include "core/rules/sectors.hpp"

namespace tessera::camera {

std::vector<Surface> printedCells(const Variant& v) {
  const Position start = startPosition(v);
  std::vector<Surface> cells;
  for (int r = 0; r < v.size.ranks; ++r)
    for (int f = 0; f < v.size.files; ++f)
      cells.push_back(v.hasTiles() || v.hasSectors() ? Surface::Void : surfaceAt(start, makeSquare(f, r)));
  return cells;
}
}  // namespace tessera::camera
