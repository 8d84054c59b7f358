#include "board_json.hpp"

#include <cstdio>
#include <vector>

#include "core/referee/sensor_view.hpp"
#include "host/views/display/board_palette.hpp"
#include "host/web/json_text.hpp"

namespace tessera::web {
namespace {

// The palette is BGR (OpenCV's order); the page wants "#rrggbb".
std::string cssColour(const cv::Scalar& bgr) {
  char text[8];
  std::snprintf(text, sizeof text, "#%02x%02x%02x", static_cast<int>(bgr[2]) & 0xFF, static_cast<int>(bgr[1]) & 0xFF,
                static_cast<int>(bgr[0]) & 0xFF);
  return text;
}

std::string at(Square sq) { return "[" + std::to_string(fileOf(sq)) + "," + std::to_string(rankOf(sq)) + "]"; }

std::string squares(const std::vector<Square>& list) {
  std::string out = "[";
  for (Square sq : list) out += (out.size() > 1 ? "," : "") + at(sq);
  return out + "]";
}

}  // namespace

std::string boardJson(const display::BoardScene& scene) {
  const Position& pos = *scene.position;
  const Variant& v = pos.variant();
  std::string cells, crosses, pieces;
  for (int r = 0; r < v.size.ranks; ++r)
    for (int f = 0; f < v.size.files; ++f) {
      const Square sq = makeSquare(f, r);
      const Surface surface = surfaceAt(pos, sq);
      cells += (cells.empty() ? "" : ",") + jsonString(cssColour(display::surfaceColour(surface)));
      if (surface == Surface::AntiTile) crosses += (crosses.empty() ? "" : ",") + at(sq);
      if (const PieceCode p = pos.at(sq)) {
        const int side = pieceSide(p);
        pieces += std::string(pieces.empty() ? "" : ",") + "[" + std::to_string(f) + "," + std::to_string(r) + "," +
                  jsonString(std::string(1, v.pieces[pieceType(p)].letter)) + "," +
                  jsonString(cssColour(display::pieceFill(side, v.sides))) + "," +
                  jsonString(cssColour(display::pieceInk(side, v.sides))) + "]";
      }
    }
  std::string sectors;
  if (v.hasSectors())
    for (int slot = 0; slot < kSlotColumns * kSlotRows; ++slot) {
      if (!(pos.sectorSlots() >> slot & 1)) continue;
      const auto corner = slotSquares(slot);
      sectors += std::string(sectors.empty() ? "" : ",") + "[" + std::to_string(fileOf(corner[0])) + "," +
                 std::to_string(rankOf(corner[0])) + "," + std::to_string(fileOf(corner[3])) + "," +
                 std::to_string(rankOf(corner[3])) + "]";
    }
  std::vector<Square> last, fix = scene.differing;
  if (scene.lastAction) {
    const auto [from, to] = display::markedSquares(*scene.lastAction);
    last.push_back(from);
    if (to != from) last.push_back(to);
  }
  for (const Correction& c : scene.corrections)
    for (Square sq : {c.from, c.to})
      if (sq != kNoSquare) fix.push_back(sq);
  // [from file, from rank, to file, to rank, line, what a drop puts down ("" for a move), an Anti-Tile].
  std::string arrows;
  for (const display::Arrow& a : scene.arrows) {
    if (a.from == kNoSquare || a.to == kNoSquare) continue;
    const bool drop = a.placed != Surface::Unknown;
    arrows += std::string(arrows.empty() ? "" : ",") + "[" + std::to_string(fileOf(a.from)) + "," +
              std::to_string(rankOf(a.from)) + "," + std::to_string(fileOf(a.to)) + "," + std::to_string(rankOf(a.to)) +
              "," + std::to_string(a.rank) + "," + jsonString(drop ? cssColour(display::surfaceColour(a.placed)) : "") +
              "," + (a.placed == Surface::AntiTile ? "true" : "false") + "]";
  }
  std::string out = "{\"files\":" + std::to_string(v.size.files) + ",\"ranks\":" + std::to_string(v.size.ranks);
  out += ",\"cells\":[" + cells + "],\"cross\":[" + crosses + "],\"pieces\":[" + pieces + "]";
  out += ",\"sectors\":[" + sectors + "],\"last\":" + squares(last) + ",\"movable\":" + squares(scene.movable);
  out += ",\"targets\":" + squares(scene.legalTargets) + ",\"fix\":" + squares(fix) + ",\"arrows\":[" + arrows + "]";
  out += ",\"colours\":{\"background\":" + jsonString(cssColour(display::kBackground)) +
         ",\"last\":" + jsonString(cssColour(display::kLastAction)) +
         ",\"target\":" + jsonString(cssColour(display::kLegalTarget)) +
         ",\"arrow\":" + jsonString(cssColour(display::kArrow)) + ",\"fix\":" + jsonString(cssColour(display::kFixSquare)) +
         ",\"sector\":" + jsonString(cssColour(display::kSectorLine)) + ",\"text\":" + jsonString(cssColour(display::kText)) +
         "}";
  return out + "}";
}

}  // namespace tessera::web
