#include "board_sheet.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>

#include <opencv2/aruco.hpp>
#include <opencv2/imgproc.hpp>

namespace tessera::print {

namespace {

cv::Scalar fromHex(unsigned rgb) { return cv::Scalar(rgb & 0xFF, (rgb >> 8) & 0xFF, (rgb >> 16) & 0xFF); }
const cv::Scalar kPaper(255, 255, 255);
const cv::Scalar kCuttingLine(170, 170, 170);

// An Anti-Tile's cross is drawn once, whole, and pasted (print_sheet.hpp).
cv::Mat antiTileCell(int p) {
  cv::Mat cell(p, p, CV_8UC3, printedColour(Surface::AntiTile));
  const int width = std::max(1, static_cast<int>(std::lround(p / 8.0)));
  cv::line(cell, cv::Point(0, 0), cv::Point(p, p), kPaper, width, cv::LINE_AA);
  cv::line(cell, cv::Point(0, p), cv::Point(p, 0), kPaper, width, cv::LINE_AA);
  return cell;
}

// Cells are p x p wherever they stand.
void drawCell(cv::Mat& band, int firstRow, cv::Point at, int p, Surface s, const cv::Mat& antiTile) {
  if (s == Surface::AntiTile)
    pasteOnBand(band, firstRow, at, antiTile);
  else
    fillOnBand(band, firstRow, cv::Rect(at.x, at.y, p, p), printedColour(s));
}

}  // namespace

cv::Scalar printedColour(Surface s) {
  switch (s) {
    case Surface::LightSquare: return fromHex(0xEED8B0);
    case Surface::DarkSquare: return fromHex(0xB07D4F);
    case Surface::Yellow: return fromHex(0xF2C811);
    case Surface::Purple: return fromHex(0x7A3E9D);
    case Surface::Red: return fromHex(0xD32F2F);
    case Surface::LightBlue: return fromHex(0x6EC6F0);
    case Surface::DarkGreen: return fromHex(0x1B5E20);
    case Surface::Blue: return fromHex(0x1F3FBF);
    case Surface::Green: return fromHex(0x2E9B3E);
    case Surface::Void: return fromHex(0x7F7F7F);
    case Surface::AntiTile: return fromHex(0x141414);
    default: return kPaper;
  }
}

PrintSheet boardSheet(const camera::BoardLayout& layout, const std::vector<Surface>& cells, int p) {
  // Margins: 2 cells left, right and above; 4 below (markers, a blank row, the swatch strip). The
  // strip may run past the play area, so the sheet is as wide as it needs.
  const double left = -2, right = std::max(layout.files + 2.0, layout.swatches.size() + 1.0);
  const double bottom = -4, top = layout.ranks + 2.0;
  const auto topLeft = [=](double x, double y, double h = 1) {
    return cv::Point(static_cast<int>(std::lround((x - left) * p)), static_cast<int>(std::lround((top - y - h) * p)));
  };
  struct Drawn {
    std::vector<std::pair<cv::Point, Surface>> cells;
    std::vector<std::pair<cv::Point, cv::Mat>> markers;  // one channel
    cv::Mat antiTile;
  };
  auto drawn = std::make_shared<Drawn>();
  for (int r = 0; r < layout.ranks; ++r)
    for (int f = 0; f < layout.files; ++f)
      drawn->cells.emplace_back(topLeft(f, r), cells[static_cast<std::size_t>(r * layout.files + f)]);
  for (std::size_t i = 0; i < layout.swatches.size(); ++i) {
    const cv::Point2f o = layout.swatchOrigin(static_cast<int>(i));
    drawn->cells.emplace_back(topLeft(o.x, o.y), layout.swatches[i]);
  }
  const auto dictionary = cv::aruco::getPredefinedDictionary(cv::aruco::DICT_4X4_50);
  const int side = static_cast<int>(std::lround(camera::BoardLayout::kMarkerSide * p));
  for (int id = 0; id < camera::BoardLayout::kMarkerCount; ++id) {
    cv::Mat marker;
    cv::aruco::drawMarker(dictionary, id, side, marker, 1);
    const cv::Point2f c = layout.markerCentre(id);
    drawn->markers.emplace_back(
        topLeft(c.x - camera::BoardLayout::kMarkerSide / 2, c.y - camera::BoardLayout::kMarkerSide / 2, camera::BoardLayout::kMarkerSide),
        marker);
  }
  drawn->antiTile = antiTileCell(p);
  const cv::Size size(static_cast<int>((right - left) * p), static_cast<int>((top - bottom) * p));
  return {size, [drawn, p](cv::Mat& band, int firstRow) {
            band.setTo(kPaper);
            for (const auto& [at, surface] : drawn->cells) drawCell(band, firstRow, at, p, surface, drawn->antiTile);
            for (const auto& [at, marker] : drawn->markers) pasteOnBand(band, firstRow, at, marker);
          }};
}

std::vector<PrintSheet> cutOutSheets(const std::vector<CutOut>& pieces, double sheetCells, int p, double maxCellsHigh) {
  // Shelf packing, with a gap between pieces so each can be cut out with its own edge.
  const double gap = 0.25;
  struct Placed {
    CutOut piece;
    cv::Point2d at;  // in cells
  };
  std::vector<std::vector<Placed>> sheets(1);
  double x = gap, y = gap, shelf = 0, bottom = 0;  // bottom: of the lowest piece on the sheet
  std::vector<double> heights;
  for (const CutOut& c : pieces) {
    if (c.width + 2 * gap > sheetCells || (maxCellsHigh > 0 && c.height + 2 * gap > maxCellsHigh))
      throw std::invalid_argument("a " + std::to_string(c.width) + "x" + std::to_string(c.height) +
                                  " piece does not fit on the cut-out sheet");
    if (x + c.width + gap > sheetCells) {
      x = gap;
      y += shelf + gap;
      shelf = 0;
    }
    if (maxCellsHigh > 0 && y + c.height + gap > maxCellsHigh) {
      heights.push_back(bottom + gap);
      sheets.emplace_back();
      x = gap;
      y = gap;
      shelf = 0;
      bottom = 0;
    }
    sheets.back().push_back({c, {x, y}});
    x += c.width + gap;
    shelf = std::max(shelf, static_cast<double>(c.height));
    bottom = std::max(bottom, y + c.height);
  }
  heights.push_back(bottom + gap);

  std::vector<PrintSheet> drawn;
  const cv::Mat antiTile = antiTileCell(p);
  for (std::size_t k = 0; k < sheets.size(); ++k) {
    const cv::Size size(static_cast<int>(std::floor(sheetCells * p)), static_cast<int>(std::ceil(heights[k] * p)));
    drawn.push_back({size, [placed = sheets[k], p, antiTile](cv::Mat& band, int firstRow) {
                       band.setTo(kPaper);
                       for (const auto& [c, at] : placed) {
                         const auto sheetPoint = [&, at = at](double dx, double dy) {
                           return cv::Point(static_cast<int>(std::lround((at.x + dx) * p)),
                                            static_cast<int>(std::lround((at.y + dy) * p)));
                         };
                         for (int r = 0; r < c.height; ++r)
                           for (int f = 0; f < c.width; ++f) {
                             const cv::Point cellAt(sheetPoint(f, 0).x, sheetPoint(0, c.height - 1 - r).y);
                             drawCell(band, firstRow, cellAt, p, c.cells[static_cast<std::size_t>(r * c.width + f)],
                                      antiTile);
                           }
                         const cv::Point o = sheetPoint(0, 0);
                         const int w = c.width * p, h = c.height * p;
                         for (const cv::Rect& edge : {cv::Rect(o.x, o.y, w, 1), cv::Rect(o.x, o.y + h - 1, w, 1),
                                                      cv::Rect(o.x, o.y, 1, h), cv::Rect(o.x + w - 1, o.y, 1, h)})
                           fillOnBand(band, firstRow, edge, kCuttingLine);
                       }
                     }});
  }
  return drawn;
}

}  // namespace tessera::print
