#include "board_painter.hpp"

#include <iterator>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "core/referee/sensor_view.hpp"
#include "core/rules/sectors.hpp"
#include "host/views/display/board_palette.hpp"
#include "host/views/display/figurine_painter.hpp"

namespace tessera::display {
namespace {

constexpr int kFont = cv::FONT_HERSHEY_DUPLEX;

void centredText(cv::Mat& img, const std::string& text, cv::Point centre, double scale, const cv::Scalar& colour,
                 int thickness) {
  int baseline = 0;
  const cv::Size size = cv::getTextSize(text, kFont, scale, thickness, &baseline);
  cv::putText(img, text, {centre.x - size.width / 2, centre.y + size.height / 2}, kFont, scale, colour, thickness,
              cv::LINE_AA);
}

// The font scale whose capital letters are `pixels` high.
double scaleForCapHeight(double pixels, int thickness) {
  int baseline = 0;
  const int atOne = cv::getTextSize("H", kFont, 1.0, thickness, &baseline).height;
  return pixels / std::max(1, atOne);
}

// The largest scale at which every word of `text` fits in `width`.
double widestWordScale(const std::string& text, int thickness, int width) {
  std::istringstream words(text);
  std::string word;
  int widest = 1, baseline = 0;
  while (words >> word) widest = std::max(widest, cv::getTextSize(word, kFont, 1.0, thickness, &baseline).width);
  return static_cast<double>(width) / widest;
}

// `text` broken into lines no wider than `width` at `scale`; a word wider than that (a file's path)
// is broken where it must.
std::vector<std::string> wrapText(const std::string& text, double scale, int thickness, int width) {
  int baseline = 0;
  const auto fits = [&](const std::string& s) {
    return cv::getTextSize(s, kFont, scale, thickness, &baseline).width <= width;
  };
  std::vector<std::string> lines;
  std::string line, word;
  std::istringstream words(text);
  while (words >> word) {
    const std::string longer = line.empty() ? word : line + " " + word;
    if (fits(longer)) {
      line = longer;
      continue;
    }
    if (!line.empty()) lines.push_back(line);
    line.clear();
    for (char c : word) {
      if (!line.empty() && !fits(line + c)) {
        lines.push_back(line);
        line.clear();
      }
      line += c;
    }
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

// `text` wrapped into at most `maxLines` lines; when it needs more, its start is left out (marked
// "...") and its end kept, since a message ends with what to do.
std::vector<std::string> wrapKeepingTheEnd(const std::string& text, double scale, int thickness, int width,
                                           int maxLines) {
  std::vector<std::string> lines = wrapText(text, scale, thickness, width);
  if (static_cast<int>(lines.size()) <= maxLines) return lines;
  std::istringstream in(text);
  std::vector<std::string> words{std::istream_iterator<std::string>(in), std::istream_iterator<std::string>()};
  for (std::size_t first = 1; first < words.size(); ++first) {
    std::string rest = "...";
    for (std::size_t i = first; i < words.size(); ++i) rest += " " + words[i];
    lines = wrapText(rest, scale, thickness, width);
    if (static_cast<int>(lines.size()) <= maxLines) return lines;
  }
  lines.erase(lines.begin(), lines.end() - maxLines);  // one word longer than all the lines together
  return lines;
}

}  // namespace

cv::Mat BoardPainter::draw(const BoardScene& scene, std::vector<DrawnText>* texts) const {
  texts_ = texts;
  cv::Mat img(layout_.imageSize(), CV_8UC3, kBackground);
  drawCoordinates(img);
  if (scene.position) {
    const Position& pos = *scene.position;
    drawTerrain(img, pos);
    if (pos.variant().hasSectors()) drawSectors(img, pos);
    // The pieces under the marks: a figurine reaching into its square's border band (the astrologer's
    // moon, a spear's tip) never hides the frame of the last action or of a square to put right.
    drawPieces(img, pos);
    if (scene.lastAction) {
      const auto [from, to] = markedSquares(*scene.lastAction);
      drawFrame(img, from, kLastAction, 0);
      if (to != from) drawFrame(img, to, kLastAction, 0);
    }
    for (Square sq : scene.movable) drawMovable(img, sq);
    for (Square sq : scene.legalTargets) drawLegalTarget(img, pos, sq);
    drawCorrections(img, scene);
  }
  drawArrows(img, scene.arrows);
  drawStatus(img, scene);
  texts_ = nullptr;
  return img;
}

void BoardPainter::drawTerrain(cv::Mat& img, const Position& pos) const {
  const BoardSize size = pos.variant().size;
  for (int r = 0; r < size.ranks; ++r)
    for (int f = 0; f < size.files; ++f) {
      const Square sq = makeSquare(f, r);
      const Surface s = surfaceAt(pos, sq);
      const cv::Rect rect = layout_.cellRect(sq);
      cv::rectangle(img, rect, surfaceColour(s), cv::FILLED);
      if (s == Surface::AntiTile) {
        // The printed anti-tile's cross, so it reads as a blocker and not as a light square.
        const int pad = layout_.cell / 6;
        const cv::Scalar ink(60, 60, 60);
        cv::line(img, rect.tl() + cv::Point(pad, pad), rect.br() - cv::Point(pad, pad), ink, 3, cv::LINE_AA);
        cv::line(img, {rect.x + rect.width - pad, rect.y + pad}, {rect.x + pad, rect.y + rect.height - pad}, ink, 3,
                 cv::LINE_AA);
      }
    }
}

void BoardPainter::drawSectors(cv::Mat& img, const Position& pos) const {
  for (int slot = 0; slot < kSlotColumns * kSlotRows; ++slot) {
    if (!(pos.sectorSlots() >> slot & 1)) continue;
    const auto squares = slotSquares(slot);
    const cv::Rect r = layout_.cellRect(squares[0]) | layout_.cellRect(squares[3]);
    cv::rectangle(img, r, kSectorLine, 2);
  }
}

void BoardPainter::drawFrame(cv::Mat& img, Square sq, const cv::Scalar& colour, int inset) const {
  const int band = std::max(3, layout_.cell / 12);
  cv::Rect r = layout_.cellRect(sq);
  r.x += inset + band / 2;
  r.y += inset + band / 2;
  r.width -= 2 * inset + band;
  r.height -= 2 * inset + band;
  cv::rectangle(img, r, colour, band);
}

void BoardPainter::drawLegalTarget(cv::Mat& img, const Position& pos, Square sq) const {
  if (pos.at(sq)) {
    drawFrame(img, sq, kLegalTarget, 0);
    return;
  }
  cv::circle(img, layout_.cellCentre(sq), layout_.cell / 6, kLegalTarget, cv::FILLED, cv::LINE_AA);
}

void BoardPainter::drawMovable(cv::Mat& img, Square sq) const {
  // A corner triangle: it leaves the piece and the centre (where destinations go) free.
  const cv::Rect r = layout_.cellRect(sq);
  const int side = layout_.cell / 4;
  const std::vector<cv::Point> corner = {{r.x, r.y}, {r.x + side, r.y}, {r.x, r.y + side}};
  cv::fillConvexPoly(img, corner, kLegalTarget, cv::LINE_AA);
}

void BoardPainter::drawCorrections(cv::Mat& img, const BoardScene& scene) const {
  for (Square sq : scene.differing) drawFrame(img, sq, kFixSquare, 0);
  for (const Correction& c : scene.corrections) {
    if (c.from != kNoSquare) drawFrame(img, c.from, kFixSquare, 0);
    if (c.to != kNoSquare) drawFrame(img, c.to, kFixSquare, 0);
  }
}

void BoardPainter::drawPieces(cv::Mat& img, const Position& pos) const {
  const Variant& v = pos.variant();
  std::vector<Figurine> figurines;
  for (const PieceType& t : v.pieces) figurines.push_back(figurineOf(t));
  // The symbol nine tenths of a square, inside the frames drawn around squares.
  const int size = layout_.cell * 9 / 10, inset = (layout_.cell - size) / 2;
  for (int r = 0; r < v.size.ranks; ++r)
    for (int f = 0; f < v.size.files; ++f) {
      const Square sq = makeSquare(f, r);
      const PieceCode p = pos.at(sq);
      if (!p) continue;
      const int side = pieceSide(p);
      const cv::Rect cell = layout_.cellRect(sq);
      drawFigurine(img, {cell.x + inset, cell.y + inset, size, size}, figurines[static_cast<std::size_t>(pieceType(p))],
                   pieceFill(side, v.sides), pieceInk(side, v.sides), pieceOutline(side, v.sides));
    }
}

void BoardPainter::drawArrows(cv::Mat& img, const std::vector<Arrow>& arrows) const {
  // Later lines first, so the best one lies on top.
  for (auto it = arrows.rbegin(); it != arrows.rend(); ++it) {
    if (it->from == kNoSquare || it->to == kNoSquare) continue;
    const int thickness = std::max(2, layout_.cell / (it->rank == 0 ? 9 : 16));
    const cv::Point a = layout_.cellCentre(it->from), b = layout_.cellCentre(it->to);
    if (it->placed != Surface::Unknown) {
      drawPlaced(img, arrows, *it, thickness);
      continue;
    }
    if (a == b) {
      cv::circle(img, a, layout_.cell / 3, kArrow, thickness, cv::LINE_AA);
      continue;
    }
    const double length = cv::norm(b - a);
    cv::arrowedLine(img, a, b, kArrow, thickness, cv::LINE_AA, 0, std::min(0.4, layout_.cell * 0.4 / length));
  }
}

void BoardPainter::drawPlaced(cv::Mat& img, const std::vector<Arrow>& arrows, const Arrow& drop, int thickness) const {
  // A swatch of what the drop puts down, outlined in the arrows' blue; several drops suggested on
  // one square share it side by side, so that a yellow and a purple one on b3 both show.
  int count = 0, index = 0;
  for (const Arrow& other : arrows)
    if (other.placed != Surface::Unknown && other.to == drop.to) {
      if (&other == &drop) index = count;
      ++count;
    }
  const cv::Rect cell = layout_.cellRect(drop.to);
  const int pad = layout_.cell / 6, inner = cell.width - 2 * pad;
  const cv::Rect swatch(cell.x + pad + inner * index / count, cell.y + pad, inner / count, cell.height - 2 * pad);
  cv::rectangle(img, swatch, surfaceColour(drop.placed), cv::FILLED);
  if (drop.placed == Surface::AntiTile) {
    const cv::Scalar ink(60, 60, 60);
    cv::line(img, swatch.tl(), swatch.br(), ink, 2, cv::LINE_AA);
    cv::line(img, {swatch.x + swatch.width, swatch.y}, {swatch.x, swatch.y + swatch.height}, ink, 2, cv::LINE_AA);
  }
  cv::rectangle(img, swatch, kArrow, thickness);
}

void BoardPainter::drawCoordinates(cv::Mat& img) const {
  const BoardSize size = layout_.size;
  const double scale = layout_.margin / 40.0;
  for (int f = 0; f < size.files; ++f) {
    const cv::Rect r = layout_.cellRect(makeSquare(f, 0));
    centredText(img, std::string(1, fileLetter(f)), {r.x + r.width / 2, r.y + r.height + layout_.margin / 2}, scale,
                kText, 1);
  }
  for (int rank = 0; rank < size.ranks; ++rank) {
    const cv::Rect r = layout_.cellRect(makeSquare(0, rank));
    centredText(img, std::to_string(rank + 1), {layout_.left + layout_.margin / 2, r.y + r.height / 2}, scale, kText, 1);
  }
}

void BoardPainter::drawStatus(cv::Mat& img, const BoardScene& scene) const {
  if (layout_.panelWidth > 0 || !scene.sides.empty()) return drawPanel(img, scene);
  // A scene with no sides around the board (a position alone): the portrait band's four lines.
  // Line by line from the top, so that nothing is written over anything else: the message, then
  // what the game waits for (or its result), then the clocks, beside it when both fit on one line.
  const cv::Rect band = layout_.statusRect();
  const int thickness = 2, x = layout_.margin, width = band.width - 2 * layout_.margin;
  int baseline = 0;
  const int capAtOne = cv::getTextSize("H", kFont, 1.0, thickness, &baseline).height;
  const int lineCount = 4;
  const double scale = std::min(std::max(0.6, img.cols / 900.0), band.height * 10.0 / (16 * lineCount * capAtOne));
  const int cap = static_cast<int>(capAtOne * scale), pitch = band.height / lineCount;
  const auto widthOf = [&](const std::string& text, double s) {
    return cv::getTextSize(text, kFont, s, thickness, &baseline).width;
  };
  struct Line {
    std::string text;
    cv::Scalar colour;
    double scale;
  };
  const std::string& state = scene.result.empty() ? scene.toAct : scene.result;
  const cv::Scalar stateColour = scene.result.empty() ? kLegalTarget : kLastAction;
  std::vector<Line> below;  // what comes under the message
  for (const std::string& line : wrapKeepingTheEnd(state, scale, thickness, width, 2))
    below.push_back({line, stateColour, scale});
  std::optional<Line> clockBeside;
  if (!scene.clock.empty()) {
    const double clockScale = std::min(scale, scale * width / std::max(1, widthOf(scene.clock, scale)));
    const int gap = widthOf("  ", scale);
    if (!below.empty() && widthOf(below.back().text, scale) + gap + widthOf(scene.clock, clockScale) <= width)
      clockBeside = Line{scene.clock, kText, clockScale};
    else
      below.push_back({scene.clock, kText, clockScale});
  }
  std::vector<Line> lines;
  const int messageLines = std::max(1, lineCount - static_cast<int>(below.size()));
  if (!scene.message.empty())
    for (const std::string& line : wrapKeepingTheEnd(scene.message, scale, thickness, width, messageLines))
      lines.push_back({line, kText, scale});
  lines.insert(lines.end(), below.begin(), below.end());
  const int top = band.y + (band.height - pitch * std::min<int>(lineCount, static_cast<int>(lines.size()))) / 2;
  for (std::size_t i = 0; i < lines.size() && i < static_cast<std::size_t>(lineCount); ++i) {
    const int y = top + static_cast<int>(i) * pitch + (pitch + cap) / 2;
    cv::putText(img, lines[i].text, {x, y}, kFont, lines[i].scale, lines[i].colour, thickness, cv::LINE_AA);
    if (clockBeside && i + 1 == lines.size())
      cv::putText(img, clockBeside->text, {band.x + band.width - x - widthOf(clockBeside->text, clockBeside->scale), y},
                  kFont, clockBeside->scale, kText, thickness, cv::LINE_AA);
  }
}

void BoardPainter::text(cv::Mat& img, const std::string& line, cv::Point origin, double scale, int thickness,
                        const cv::Scalar& colour, const cv::Rect& box) const {
  int baseline = 0;
  const cv::Size size = cv::getTextSize(line, kFont, scale, thickness, &baseline);
  cv::putText(img, line, origin, kFont, scale, colour, thickness, cv::LINE_AA);
  if (texts_) texts_->push_back({line, {origin.x, origin.y - size.height, size.width, size.height + baseline}, box});
}

void BoardPainter::drawPanel(cv::Mat& img, const BoardScene& scene) const {
  // Top down: what the game waits for (or its result), each side with its clock, what it has taken
  // and its material, the evaluation, the pool or the tiles, the message; then the move list, and
  // at the bottom the legend of the fairy pieces where there is room. Every text wraps to the
  // panel; a part that finds no room left is left out whole, never cut.
  // Portrait (the band under the board): two columns, the headline, the sides and the message in
  // the left one (`box`), the pool or the tiles, the evaluation, the move list and the legend in the
  // right one (`list`). Landscape: one column, `list` is `box`.
  const cv::Rect panel = layout_.statusRect();
  const bool twoColumns = layout_.panelWidth == 0;
  const int bottom = panel.y + panel.height - layout_.margin / 3;
  cv::Rect box(panel.x + layout_.margin / 2, panel.y, panel.width - layout_.margin, bottom - panel.y), list = box;
  if (twoColumns) {
    const int inner = panel.width - 2 * layout_.margin, gap = layout_.margin;
    box = {panel.x + layout_.margin, panel.y, (inner - gap) * 55 / 100, bottom - panel.y};
    list = {box.x + box.width + gap, panel.y, inner - box.width - gap, bottom - panel.y};
  }
  const int x = box.x, width = box.width;
  const int bigThickness = std::max(2, unit() / 22), smallThickness = std::max(1, std::min(unit() / 30, img.rows / 400));
  const double big = scaleForCapHeight(unit() * 0.45, bigThickness);
  const double small = scaleForCapHeight(std::max(9.0, std::min(unit() * 0.27, img.rows / 40.0)), smallThickness);
  int baseline = 0;
  const auto capOf = [&](double scale, int thickness) {
    return cv::getTextSize("H", kFont, scale, thickness, &baseline).height;
  };
  const auto widthOf = [&](const std::string& t, double scale, int thickness) {
    return cv::getTextSize(t, kFont, scale, thickness, &baseline).width;
  };
  // Drawn bigger than the pieces' letters (headlineCap), the headline is what is read from afar:
  // "White to act", or the result. What follows ": " (the actions counted) comes last, small.
  std::string headline = scene.result.empty() ? scene.toAct : scene.result, detail;
  if (layout_.headlineCap > 0 && scene.result.empty())
    if (const auto colon = headline.find(": "); colon != std::string::npos) {
      detail = headline.substr(colon + 2);
      headline.resize(colon);
    }
  const int headlineThickness = std::max(bigThickness, layout_.headlineCap / 10);
  const double headlineScale =
      std::max(std::min(big, widestWordScale(headline, bigThickness, width)),
               std::min(scaleForCapHeight(layout_.headlineCap, headlineThickness),
                        widestWordScale(headline, headlineThickness, width)));
  int y = twoColumns ? panel.y : layout_.margin / 2, listY = y;
  int& below = twoColumns ? listY : y;  // where the list's column goes on
  // Writes `t` wrapped to `in` from `at` down if all of it fits above `limit`; returns whether it did.
  const auto writeIn = [&](const cv::Rect& in, int& at, const std::string& t, double scale, int thickness,
                           const cv::Scalar& colour, int limit) {
    const int height = capOf(scale, thickness);
    const std::vector<std::string> lines = wrapText(t, scale, thickness, in.width);
    const int needed = static_cast<int>(lines.size()) * height * 17 / 10;
    if (at + needed > limit) return false;
    for (const std::string& line : lines) {
      text(img, line, {in.x, at + height}, scale, thickness, colour, in);
      at += height * 17 / 10;
    }
    at += height / 2;
    return true;
  };
  const auto write = [&](const std::string& t, double scale, int thickness, const cv::Scalar& colour, int limit) {
    return writeIn(box, y, t, scale, thickness, colour, limit);
  };
  if (!headline.empty())
    write(headline, headlineScale, headlineThickness, scene.result.empty() ? kLegalTarget : kLastAction, bottom);
  // Room kept for the message under what comes before it.
  const int smallCap = capOf(small, smallThickness);
  const int messageLines =
      scene.message.empty() ? 0 : static_cast<int>(wrapText(scene.message, small, smallThickness, width).size());
  const int detailLines = detail.empty() ? 0 : static_cast<int>(wrapText(detail, small, smallThickness, width).size());
  const int messageRoom = (messageLines + detailLines) * smallCap * 17 / 10 + 2 * smallCap;
  const int above = bottom - messageRoom;

  if (scene.sides.empty()) {
    // "White 4:43  Black 4:50": a line per side.
    std::string clock = scene.clock;
    for (std::size_t at; (at = clock.find("  ")) != std::string::npos;) {
      write(clock.substr(0, at), big, bigThickness, kText, above);
      clock = clock.substr(at + 2);
    }
    if (!clock.empty()) write(clock, big, bigThickness, kText, above);
  } else {
    drawSides(img, scene, box, y, twoColumns ? bottom : above);
  }
  // Two columns: the message under the sides where it fits, else at the top of the other column.
  bool messageWritten = scene.message.empty();
  if (twoColumns && !messageWritten)
    messageWritten = write(scene.message, small, smallThickness, kText, bottom) ||
                     writeIn(list, listY, scene.message, small, smallThickness, kText, bottom);
  // The terrain left to play with comes before the evaluation: it is part of the rules.
  const int belowLimit = twoColumns ? bottom : above;
  if (!scene.pool.empty()) drawPool(img, scene, list, below, belowLimit);
  if (scene.tiles)
    writeIn(list, below,
            "Tiles " + std::to_string(scene.tiles->tiles) + "   Anti-Tiles " + std::to_string(scene.tiles->antiTiles) +
                "   void " + std::to_string(scene.tiles->voids),
            small, smallThickness, kText, belowLimit);
  if (scene.evaluation) drawEvaluation(img, scene, list, below, belowLimit);
  if (!messageWritten) write(scene.message, small, smallThickness, kText, bottom);
  if (!detail.empty()) write(detail, small, smallThickness, kLegalTarget, bottom);
  // The legend at the bottom where it leaves the move list four lines, the move list above it. Asked
  // for (legendShown), or before the first action, it may take the move list's room.
  const bool legendFirst = scene.legendShown || scene.record.empty();
  const int legendRoom = (bottom - below) - (legendFirst ? 0 : 4 * smallCap * 17 / 10);
  const int legendTop = drawLegend(img, scene, list, below, bottom, legendRoom);
  drawRecord(img, scene, list, below, legendTop);
}

void BoardPainter::drawSides(cv::Mat& img, const BoardScene& scene, const cv::Rect& box, int& y, int limit) const {
  const Variant& v = scene.position->variant();
  const int thickness = std::max(2, unit() / 22);
  // Four sides take twice the rows: smaller, so that the move list keeps its room.
  const double scale = scaleForCapHeight(unit() * (scene.sides.size() > 2 ? 0.3 : 0.42), thickness);
  int baseline = 0;
  const int cap = cv::getTextSize("H", kFont, scale, thickness, &baseline).height;
  const int figure = std::max(12, unit() * (scene.sides.size() > 2 ? 35 : 45) / 100);
  std::vector<Figurine> figurines;
  for (const PieceType& t : v.pieces) figurines.push_back(figurineOf(t));
  const int rowHeight = cap * 17 / 10;
  for (std::size_t side = 0; side < scene.sides.size(); ++side) {
    const SideView& s = scene.sides[side];
    // The taken pieces in rows of as many as fit, the balance after them.
    const int perRow = std::max(1, (box.width - figure) / (figure * 3 / 4));
    const int takenRows = s.captured.empty() ? 0 : (static_cast<int>(s.captured.size()) + perRow - 1) / perRow;
    if (y + rowHeight + takenRows * figure > limit) return;
    const int mid = y + rowHeight / 2, r = cap * 6 / 10;
    cv::circle(img, {box.x + r, mid}, r, pieceFill(static_cast<int>(side), v.sides), cv::FILLED, cv::LINE_AA);
    cv::circle(img, {box.x + r, mid}, r, kText, std::max(1, thickness / 2), cv::LINE_AA);
    if (s.toAct) {  // the side to act: its row framed
      cv::rectangle(img, {box.x - layout_.margin / 4, y}, {box.x + box.width + layout_.margin / 4 - 1, y + rowHeight},
                    kText, std::max(1, thickness / 2));
    }
    const cv::Scalar colour = s.inGame ? kText : cv::Scalar(140, 140, 140);
    const int nameX = box.x + 2 * r + cap / 2, right = box.x + box.width - cap / 3;
    int clockWidth = cv::getTextSize(s.clock, kFont, scale, thickness, &baseline).width;
    int nameWidth = cv::getTextSize(s.name, kFont, scale, thickness, &baseline).width;
    // Four players: its standing between the name and the clock, a gauge with the figure on it.
    // Every side's gauge as wide, as wide as "+10.0" (or its figure, if wider).
    const int standingWidth =
        s.standing ? std::max(cv::getTextSize(s.standingText, kFont, scale, thickness, &baseline).width,
                              cv::getTextSize("+10.0", kFont, scale, thickness, &baseline).width) + cap
                   : 0;
    const int gaps = s.standing ? 2 * cap : cap;
    double rowScale = scale;
    if (nameX + nameWidth + standingWidth + gaps + clockWidth > right) {  // narrow: all smaller, never cut
      rowScale = scale * (right - nameX - gaps) / std::max(1, nameWidth + standingWidth + clockWidth);
      clockWidth = cv::getTextSize(s.clock, kFont, rowScale, thickness, &baseline).width;
      nameWidth = cv::getTextSize(s.name, kFont, rowScale, thickness, &baseline).width;
    }
    const int rowCap = cv::getTextSize("H", kFont, rowScale, thickness, &baseline).height;
    text(img, s.name, {nameX, mid + rowCap / 2}, rowScale, thickness, colour, box);
    if (!s.clock.empty()) text(img, s.clock, {right - clockWidth, mid + rowCap / 2}, rowScale, thickness, colour, box);
    if (s.standing) {
      const int gaugeRight = right - clockWidth - (s.clock.empty() ? 0 : rowCap);
      const int gaugeLeft = std::max(nameX + nameWidth + rowCap / 2,
                                     gaugeRight - static_cast<int>(standingWidth * rowScale / scale));
      drawStanding(img, s, static_cast<int>(side), v.sides,
                   {gaugeLeft, y + rowHeight / 8, gaugeRight - gaugeLeft, rowHeight - rowHeight / 4}, rowScale, box);
    }
    y += rowHeight + cap / 4;
    // What it has taken, the other sides' pieces in their colours.
    int i = 0;
    for (PieceCode taken : s.captured) {
      const int col = i % perRow, row = i / perRow, owner = pieceSide(taken);
      drawFigurine(img, {box.x + col * (figure * 3 / 4), y + row * figure, figure, figure},
                   figurines[static_cast<std::size_t>(pieceType(taken))], pieceFill(owner, v.sides),
                   pieceInk(owner, v.sides), pieceOutline(owner, v.sides));
      ++i;
    }
    {
      if (s.lead > 0) {
        const std::string plus = "+" + std::to_string(s.lead);
        const double smallScale = scaleForCapHeight(figure * 0.5, std::max(1, thickness / 2));
        const int w = cv::getTextSize(plus, kFont, smallScale, std::max(1, thickness / 2), &baseline).width;
        const int col = static_cast<int>(s.captured.size()) % perRow, row = std::max(0, takenRows - 1);
        int px = box.x + col * (figure * 3 / 4) + figure / 4, py = y + row * figure;
        if (s.captured.empty() || px + w > box.x + box.width) {
          px = box.x;
          py = y + takenRows * figure;
        }
        if (py + figure <= limit) {
          text(img, plus, {px, py + figure * 3 / 4}, smallScale, std::max(1, thickness / 2), kText, box);
          if (py >= y + takenRows * figure) y += figure;
        }
      }
    }
    y += takenRows * figure + cap / 3;
  }
}

// A side's own standing (four players): a gauge in its colour, filled from the left by its share,
// a tick at the middle (level), the figure written on it in light letters edged in dark, which read
// on any side's colour.
void BoardPainter::drawStanding(cv::Mat& img, const SideView& s, int side, int sides, const cv::Rect& gauge,
                                double scale, const cv::Rect& box) const {
  const cv::Scalar edge(200, 200, 200), dark(20, 20, 20), light(245, 245, 245);
  cv::rectangle(img, gauge, cv::Scalar(120, 120, 120), cv::FILLED);  // mid grey: the white and the black side both show
  const int filled = static_cast<int>(gauge.width * s.standingShare);
  if (filled > 0) cv::rectangle(img, {gauge.x, gauge.y, filled, gauge.height}, pieceFill(side, sides), cv::FILLED);
  const int mid = gauge.x + gauge.width / 2;
  cv::line(img, {mid, gauge.y}, {mid, gauge.y + gauge.height / 4}, edge, 1);
  cv::line(img, {mid, gauge.y + gauge.height * 3 / 4}, {mid, gauge.y + gauge.height - 1}, edge, 1);
  cv::rectangle(img, gauge, edge, 1);
  const int thickness = std::max(2, unit() / 22);  // as the row's name and clock
  int baseline = 0;
  const cv::Size size = cv::getTextSize(s.standingText, kFont, scale, thickness, &baseline);
  const cv::Point at(gauge.x + (gauge.width - size.width) / 2, gauge.y + (gauge.height + size.height) / 2);
  cv::putText(img, s.standingText, at, kFont, scale, dark, thickness + 2, cv::LINE_AA);
  text(img, s.standingText, at, scale, thickness, light, box);
}

void BoardPainter::drawEvaluation(cv::Mat& img, const BoardScene& scene, const cv::Rect& box, int& y, int limit) const {
  const int thickness = std::max(1, std::min(unit() / 30, img.rows / 400));
  const double scale = scaleForCapHeight(std::max(9.0, std::min(unit() * 0.27, img.rows / 40.0)), thickness);
  int baseline = 0;
  const std::string label = "evaluation " + scene.evaluationText;
  const int cap = cv::getTextSize("H", kFont, scale, thickness, &baseline).height;
  const int barHeight = std::max(8, std::min(unit() / 4, img.rows / 40));
  if (y + cap * 2 + barHeight > limit) return;
  text(img, label, {box.x, y + cap}, scale, thickness, kText, box);
  y += cap * 17 / 10;
  const int split = box.x + static_cast<int>(box.width * scene.evaluationShare);
  cv::rectangle(img, {box.x, y, box.width, barHeight}, pieceFill(1, 2), cv::FILLED);
  cv::rectangle(img, {box.x, y, split - box.x, barHeight}, pieceFill(0, 2), cv::FILLED);
  cv::line(img, {box.x + box.width / 2, y}, {box.x + box.width / 2, y + barHeight - 1}, cv::Scalar(128, 128, 128), 1);
  cv::rectangle(img, {box.x, y, box.width, barHeight}, cv::Scalar(128, 128, 128), 1);
  y += barHeight + cap;
}

void BoardPainter::drawPool(cv::Mat& img, const BoardScene& scene, const cv::Rect& box, int& y, int limit) const {
  const Variant& v = scene.position->variant();
  const int thickness = std::max(1, std::min(unit() / 30, img.rows / 400));
  const double scale = scaleForCapHeight(std::max(9.0, std::min(unit() * 0.27, img.rows / 40.0)), thickness);
  int baseline = 0;
  const int cap = cv::getTextSize("H", kFont, scale, thickness, &baseline).height;
  // Each colour: a swatch with the count left on it, and the piece a piece on it moves as.
  const int swatch = std::max(16, std::min(unit() / 2, img.rows / 18)), unit = swatch * 2 + cap;
  const int perRow = std::max(1, (box.width + cap) / unit);
  const int rows = (static_cast<int>(scene.pool.size()) + perRow - 1) / perRow;
  if (y + cap * 2 + rows * (swatch + cap / 2) > limit) return;
  text(img, "pool", {box.x, y + cap}, scale, thickness, kText, box);
  y += cap * 17 / 10;
  for (std::size_t i = 0; i < scene.pool.size(); ++i) {
    const PoolColour& c = scene.pool[i];
    const int px = box.x + static_cast<int>(i) % perRow * unit, py = y + static_cast<int>(i) / perRow * (swatch + cap / 2);
    const cv::Scalar fill = surfaceColour(c.surface);
    cv::rectangle(img, {px, py, swatch, swatch}, fill, cv::FILLED);
    cv::rectangle(img, {px, py, swatch, swatch}, kText, 1);
    const bool light = fill[0] * 0.114 + fill[1] * 0.587 + fill[2] * 0.299 > 128;
    const std::string count = std::to_string(c.left);
    const double countScale = scaleForCapHeight(swatch * 0.5, thickness);
    const cv::Size size = cv::getTextSize(count, kFont, countScale, thickness, &baseline);
    const cv::Rect swatchBox(px, py, swatch, swatch);
    text(img, count, {px + (swatch - size.width) / 2, py + (swatch + size.height) / 2}, countScale, thickness,
         light ? cv::Scalar(20, 20, 20) : cv::Scalar(245, 245, 245), swatchBox);
    if (c.becomes >= 0)
      drawFigurine(img, {px + swatch + 2, py, swatch, swatch}, figurineOf(v.pieces[static_cast<std::size_t>(c.becomes)]),
                   pieceFill(0, 2), pieceInk(0, 2), pieceOutline(0, 2));
  }
  y += rows * (swatch + cap / 2) + cap / 2;
}

int BoardPainter::drawLegend(cv::Mat& img, const BoardScene& scene, const cv::Rect& box, int top, int bottom,
                             int room) const {
  if (!scene.position) return bottom;
  std::vector<const LegendEntry*> fairy;
  for (const LegendEntry& e : scene.legend)
    if (!e.orthodox) fairy.push_back(&e);
  if (fairy.empty()) return bottom;
  const Variant& v = scene.position->variant();
  const int thickness = std::max(1, std::min(unit() / 30, img.rows / 400));
  // Read close up, as the message: sized to the screen, not to the squares.
  const double scale = scaleForCapHeight(std::max(9.0, std::min(unit() * 0.22, img.rows / 55.0)), thickness);
  int baseline = 0;
  const int cap = cv::getTextSize("H", kFont, scale, thickness, &baseline).height;
  const int figure = cap * 2 + cap / 4, pitch = figure + cap / 4;
  const auto label = [](const LegendEntry& e) { return std::string(1, e.letter) + " " + e.name; };
  int widest = 0;
  for (const LegendEntry* e : fairy)
    widest = std::max(widest, cv::getTextSize(label(*e), kFont, scale, thickness, &baseline).width);
  const int column = figure + cap / 2 + widest + cap;
  const int columns = std::max(1, std::min(static_cast<int>(fairy.size()), (box.width + cap) / column));
  const int rows = (static_cast<int>(fairy.size()) + columns - 1) / columns;
  const int height = rows * pitch;
  if (height > room || column > box.width || bottom - height < top) return bottom;
  const int y0 = bottom - height;
  for (std::size_t i = 0; i < fairy.size(); ++i) {
    const int col = static_cast<int>(i) / rows, row = static_cast<int>(i) % rows;
    const int px = box.x + col * column, py = y0 + row * pitch;
    drawFigurine(img, {px, py, figure, figure}, figurineOf(v.pieces[static_cast<std::size_t>(fairy[i]->type)]),
                 pieceFill(0, 2), pieceInk(0, 2), pieceOutline(0, 2));
    text(img, label(*fairy[i]), {px + figure + cap / 2, py + (figure + cap) / 2}, scale,
         thickness, kText, box);
  }
  return y0 - cap / 2;
}

void BoardPainter::drawRecord(cv::Mat& img, const BoardScene& scene, const cv::Rect& box, int top, int bottom) const {
  if (scene.record.empty()) return;
  const int thickness = std::max(1, std::min(unit() / 30, img.rows / 400));
  const double scale = scaleForCapHeight(std::max(9.0, std::min(unit() * 0.27, img.rows / 40.0)), thickness);
  int baseline = 0;
  const int cap = cv::getTextSize("H", kFont, scale, thickness, &baseline).height;
  const int pitch = cap * 17 / 10;
  // A line per move number: its number, then each side's action in a column of its own (a column
  // too narrow for the line: the actions go on the next lines, indented).
  int numberWidth = 0, sanWidth = 0;
  for (const RecordEntry& e : scene.record) {
    numberWidth = std::max(numberWidth, cv::getTextSize(std::to_string(e.number) + "...", kFont, scale, thickness, &baseline).width);
    sanWidth = std::max(sanWidth, cv::getTextSize(e.san, kFont, scale, thickness, &baseline).width);
  }
  const int gap = cap;
  const int sides = static_cast<int>(std::max<std::size_t>(1, scene.sides.size()));
  const int perLine = std::max(1, std::min(sides, (box.width - numberWidth - gap) / std::max(1, sanWidth + gap)));
  struct Line {
    std::string number;
    std::vector<int> entries;
  };
  std::vector<Line> lines;
  for (int i = 0; i < static_cast<int>(scene.record.size()); ++i) {
    const RecordEntry& e = scene.record[static_cast<std::size_t>(i)];
    const bool newNumber = lines.empty() || e.side == 0 || (i > 0 && scene.record[static_cast<std::size_t>(i - 1)].number != e.number);
    if (newNumber || static_cast<int>(lines.back().entries.size()) >= perLine)
      lines.push_back({newNumber ? std::to_string(e.number) + (e.side == 0 ? "." : "...") : "", {}});
    lines.back().entries.push_back(i);
  }
  const int fit = (bottom - top - cap / 2) / pitch;
  if (fit < 1) return;
  // The lines up to the current action's, as many as fit; earlier ones scrolled away, and said so.
  int last = static_cast<int>(lines.size()) - 1;
  for (int l = 0; l < static_cast<int>(lines.size()); ++l)
    for (int i : lines[static_cast<std::size_t>(l)].entries)
      if (i == scene.currentAction) last = l;
  int first = std::max(0, last - fit + 1);
  int y = top;
  if (first > 0) {
    first = std::min(last, first + 1);
    const std::string earlier = "... " + std::to_string(lines[static_cast<std::size_t>(first)].entries.front()) + " earlier actions";
    if (cv::getTextSize(earlier, kFont, scale, thickness, &baseline).width <= box.width)
      text(img, earlier, {box.x, y + cap}, scale, thickness, cv::Scalar(160, 160, 160), box);
    y += pitch;
  }
  for (int l = first; l <= last && y + cap + cap / 2 <= bottom; ++l) {
    const Line& line = lines[static_cast<std::size_t>(l)];
    if (!line.number.empty()) text(img, line.number, {box.x, y + cap}, scale, thickness, cv::Scalar(160, 160, 160), box);
    int px = box.x + numberWidth + gap;
    for (std::size_t k = 0; k < line.entries.size(); ++k) {
      const int i = line.entries[k];
      const RecordEntry& e = scene.record[static_cast<std::size_t>(i)];
      if (i == scene.currentAction)  // the current action: on an amber ground
        cv::rectangle(img, {px - cap / 3, y - cap / 4, sanWidth + cap * 2 / 3, cap + cap / 2 + cap / 4}, kLastAction, cv::FILLED);
      text(img, e.san, {px, y + cap}, scale, thickness, i == scene.currentAction ? cv::Scalar(20, 20, 20) : kText, box);
      px += sanWidth + gap;
    }
    y += pitch;
  }
}

}  // namespace tessera::display
