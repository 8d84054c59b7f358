#include "host/print/cut_outs.hpp"

#include "core/referee/sensor_view.hpp"
#include "core/rules/position_text.hpp"

namespace tessera::print {

std::vector<CutOut> cutOutsFor(const Variant& v) {
  std::vector<CutOut> pieces;
  if (v.hasPaperColours()) {
    const Position start = startPosition(v);
    for (std::size_t c = 0; c < v.paperColours.size(); ++c) {
      // surfaceAt names the colour the way the camera reports it; a scratch square borrows it.
      Position scratch = start;
      scratch.setPaper(makeSquare(0, 0), static_cast<int>(c), 0);
      const Surface s = surfaceAt(scratch, makeSquare(0, 0));
      for (int i = 0; i < v.pool[c]; ++i) pieces.push_back({1, 1, {s}});
    }
  }
  if (v.hasTiles()) {
    const int cells = v.size.cellCount();
    for (int i = 0; i < cells / 2; ++i) pieces.push_back({1, 1, {Surface::LightSquare}});
    for (int i = 0; i < cells / 2; ++i) pieces.push_back({1, 1, {Surface::DarkSquare}});
    for (int i = 0; i < cells / 4; ++i) pieces.push_back({1, 1, {Surface::AntiTile}});
  }
  if (v.hasSectors()) {
    const Position start = startPosition(v);
    for (int slot = 0; slot < 16; ++slot) {
      if (!(start.sectorSlots() >> slot & 1)) continue;
      // A card is cut for its start slot; a1 is dark, so every card's lower-left cell is dark.
      pieces.push_back({2, 2, {Surface::DarkSquare, Surface::LightSquare, Surface::LightSquare, Surface::DarkSquare}});
    }
  }
  return pieces;
}

}  // namespace tessera::print
