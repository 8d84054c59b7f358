#include "board_json.hpp"

#include <cstdio>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/referee/sensor_view.hpp"
#include "host/views/display/board_palette.hpp"
#include "host/views/display/figurines.hpp"

namespace tessera::web {
namespace {

using json = nlohmann::ordered_json;  // the fields in the order written

// The palette is BGR (OpenCV's order); the page wants "#rrggbb".
std::string cssColour(const cv::Scalar& bgr) {
  char text[8];
  std::snprintf(text, sizeof text, "#%02x%02x%02x", static_cast<int>(bgr[2]) & 0xFF, static_cast<int>(bgr[1]) & 0xFF,
                static_cast<int>(bgr[0]) & 0xFF);
  return text;
}

json at(Square sq) { return json::array({fileOf(sq), rankOf(sq)}); }

json squares(const std::vector<Square>& list) {
  json out = json::array();
  for (Square sq : list) out.push_back(at(sq));
  return out;
}

}  // namespace

nlohmann::ordered_json glyphsJson(const Variant& v) {
  json glyphs = json::array();
  for (const PieceType& t : v.pieces) {
    const display::Figurine f = display::figurineOf(t);
    json layers = json::array();
    for (const display::FigurineLayer& layer : f.layers) layers.push_back({display::roleName(layer.role), layer.path});
    glyphs.push_back({{"design", f.design}, {"layers", layers}, {"letter", f.letter ? std::string(1, f.letter) : ""}});
  }
  return glyphs;
}

nlohmann::ordered_json viewJson(const display::BoardScene& scene) {
  const Variant& v = scene.position->variant();
  json record = json::array();
  for (const display::RecordEntry& e : scene.record) record.push_back({e.number, e.side, e.san});
  json sides = json::array();
  for (std::size_t i = 0; i < scene.sides.size(); ++i) {
    const display::SideView& s = scene.sides[i];
    json captured = json::array();
    for (PieceCode p : s.captured)
      captured.push_back({pieceType(p), cssColour(display::pieceFill(pieceSide(p), v.sides)),
                          cssColour(display::pieceInk(pieceSide(p), v.sides))});
    sides.push_back({{"name", s.name},
                     {"clock", s.clock},
                     {"toAct", s.toAct},
                     {"inGame", s.inGame},
                     {"colour", cssColour(display::pieceFill(static_cast<int>(i), v.sides))},
                     {"captured", captured},
                     {"material", s.material},
                     {"lead", s.lead},
                     {"standing", s.standing ? json{{"centipawns", *s.standing}, {"text", s.standingText},
                                                   {"share", s.standingShare}}
                                             : json(nullptr)}});
  }
  json pool = json::array();
  for (const display::PoolColour& c : scene.pool)
    pool.push_back({{"name", c.name}, {"colour", cssColour(display::surfaceColour(c.surface))}, {"left", c.left},
                    {"becomes", c.becomes}});
  json legend = json::array();
  for (const display::LegendEntry& e : scene.legend)
    legend.push_back({{"type", e.type}, {"name", e.name}, {"letter", std::string(1, e.letter)}, {"moves", e.moves},
                      {"orthodox", e.orthodox}});
  json evaluation = nullptr;
  if (scene.evaluation)
    evaluation = {{"centipawns", *scene.evaluation},
                  {"text", scene.evaluationText},
                  {"share", scene.evaluationShare}};
  json tiles = nullptr;
  if (scene.tiles) tiles = {{"tiles", scene.tiles->tiles}, {"antiTiles", scene.tiles->antiTiles}, {"voids", scene.tiles->voids}};
  return {{"title", scene.title},       {"toAct", scene.toAct},   {"message", scene.message},
          {"result", scene.result},     {"record", record},       {"current", scene.currentAction},
          {"sides", sides},             {"pool", pool},           {"tiles", tiles},
          {"evaluation", evaluation},   {"legend", legend}};
}

nlohmann::ordered_json boardJson(const display::BoardScene& scene) {
  const Position& pos = *scene.position;
  const Variant& v = pos.variant();
  json cells = json::array(), crosses = json::array(), pieces = json::array();
  for (int r = 0; r < v.size.ranks; ++r)
    for (int f = 0; f < v.size.files; ++f) {
      const Square sq = makeSquare(f, r);
      const Surface surface = surfaceAt(pos, sq);
      cells.push_back(cssColour(display::surfaceColour(surface)));
      if (surface == Surface::AntiTile) crosses.push_back(at(sq));
      if (const PieceCode p = pos.at(sq)) {
        const int side = pieceSide(p);
        pieces.push_back({f, r, std::string(1, v.pieces[pieceType(p)].letter), cssColour(display::pieceFill(side, v.sides)),
                          cssColour(display::pieceInk(side, v.sides)), pieceType(p), side});
      }
    }
  json sectors = json::array();
  if (v.hasSectors())
    for (int slot = 0; slot < kSlotColumns * kSlotRows; ++slot) {
      if (!(pos.sectorSlots() >> slot & 1)) continue;
      const auto corner = slotSquares(slot);
      sectors.push_back({fileOf(corner[0]), rankOf(corner[0]), fileOf(corner[3]), rankOf(corner[3])});
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
  json arrows = json::array();
  for (const display::Arrow& a : scene.arrows) {
    if (a.from == kNoSquare || a.to == kNoSquare) continue;
    const bool drop = a.placed != Surface::Unknown;
    arrows.push_back({fileOf(a.from), rankOf(a.from), fileOf(a.to), rankOf(a.to), a.rank,
                      drop ? cssColour(display::surfaceColour(a.placed)) : "", a.placed == Surface::AntiTile});
  }
  return {
      {"glyphs", glyphsJson(v)},
      {"files", v.size.files},
      {"ranks", v.size.ranks},
      {"cells", cells},
      {"cross", crosses},
      {"pieces", pieces},
      {"sectors", sectors},
      {"last", squares(last)},
      {"movable", squares(scene.movable)},
      {"targets", squares(scene.legalTargets)},
      {"fix", squares(fix)},
      {"arrows", arrows},
      {"colours",
       {{"background", cssColour(display::kBackground)},
        {"last", cssColour(display::kLastAction)},
        {"target", cssColour(display::kLegalTarget)},
        {"arrow", cssColour(display::kArrow)},
        {"fix", cssColour(display::kFixSquare)},
        {"outline", cssColour(display::pieceOutline(0, v.sides))},
        {"sector", cssColour(display::kSectorLine)},
        {"text", cssColour(display::kText)}}},
  };
}

}  // namespace tessera::web
