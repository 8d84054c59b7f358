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

cv::Mat BoardPainter::draw(const BoardScene& scene) const {
  cv::Mat img(layout_.imageSize(), CV_8UC3, kBackground);
  drawCoordinates(img);
  if (scene.position) {
    const Position& pos = *scene.position;
    drawTerrain(img, pos);
    if (pos.variant().hasSectors()) drawSectors(img, pos);
    if (scene.lastAction) {
      const auto [from, to] = markedSquares(*scene.lastAction);
      drawFrame(img, from, kLastAction, 0);
      if (to != from) drawFrame(img, to, kLastAction, 0);
    }
    for (Square sq : scene.movable) drawMovable(img, sq);
    for (Square sq : scene.legalTargets) drawLegalTarget(img, pos, sq);
    drawCorrections(img, scene);
    drawPieces(img, pos);
  }
  drawArrows(img, scene.arrows);
  drawStatus(img, scene);
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
    centredText(img, std::to_string(rank + 1), {layout_.margin / 2, r.y + r.height / 2}, scale, kText, 1);
  }
}

void BoardPainter::drawStatus(cv::Mat& img, const BoardScene& scene) const {
  if (layout_.panelWidth > 0) return drawPanel(img, scene);
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

void BoardPainter::drawPanel(cv::Mat& img, const BoardScene& scene) const {
  // Top down: what the game waits for (or its result) and the clocks in letters as big as the
  // pieces', then the message, smaller, wrapped to the panel.
  const cv::Rect panel = layout_.statusRect();
  const int x = panel.x + layout_.margin / 2, width = panel.width - layout_.margin;
  const int bigThickness = std::max(2, layout_.cell / 22), smallThickness = std::max(1, layout_.cell / 30);
  const double big = scaleForCapHeight(layout_.cell * 0.45, bigThickness);
  const double small = scaleForCapHeight(layout_.cell * 0.27, smallThickness);
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
      std::max(big, std::min(scaleForCapHeight(layout_.headlineCap, headlineThickness),
                             widestWordScale(headline, headlineThickness, width)));
  int y = layout_.margin;
  const auto write = [&](const std::string& text, double scale, int thickness, const cv::Scalar& colour) {
    int baseline = 0;
    const int height = cv::getTextSize("H", kFont, scale, thickness, &baseline).height;
    for (const std::string& line : wrapText(text, scale, thickness, width)) {
      if (y + height > panel.y + panel.height) return;
      cv::putText(img, line, {x, y + height}, kFont, scale, colour, thickness, cv::LINE_AA);
      y += height * 17 / 10;
    }
    y += height / 2;
  };
  if (!headline.empty())
    write(headline, headlineScale, headlineThickness, scene.result.empty() ? kLegalTarget : kLastAction);
  // "White 4:43  Black 4:50": a line per side.
  std::string clock = scene.clock;
  for (std::size_t at; (at = clock.find("  ")) != std::string::npos;) {
    write(clock.substr(0, at), big, bigThickness, kText);
    clock = clock.substr(at + 2);
  }
  if (!clock.empty()) write(clock, big, bigThickness, kText);
  if (!scene.message.empty()) write(scene.message, small, smallThickness, kText);
  if (!detail.empty()) write(detail, small, smallThickness, kLegalTarget);
}

}  // namespace tessera::display
