#include "board_sheet.hpp"

#include <algorithm>
#include <cmath>

#include <opencv2/aruco.hpp>
#include <opencv2/imgproc.hpp>

namespace tessera::camera {

namespace {

cv::Scalar fromHex(unsigned rgb) { return cv::Scalar(rgb & 0xFF, (rgb >> 8) & 0xFF, (rgb >> 16) & 0xFF); }
const cv::Scalar kPaper(255, 255, 255);

void drawCell(cv::Mat& sheet, cv::Rect where, Surface s) {
  cv::rectangle(sheet, where, printedColour(s), cv::FILLED);
  if (s == Surface::AntiTile) {
    const int width = std::max(1, static_cast<int>(std::lround(where.width / 8.0)));
    cv::line(sheet, where.tl(), where.br(), kPaper, width, cv::LINE_AA);
    cv::line(sheet, cv::Point(where.x, where.y + where.height), cv::Point(where.x + where.width, where.y), kPaper, width,
             cv::LINE_AA);
  }
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

cv::Mat drawBoardSheet(const BoardLayout& layout, const std::vector<Surface>& cells, int p) {
  // Margins: 2 cells left, right and above; 4 below (markers, a blank row, the swatch strip). The
  // strip may run past the play area, so the sheet is as wide as it needs.
  const double left = -2, right = std::max(layout.files + 2.0, layout.swatches.size() + 1.0);
  const double bottom = -4, top = layout.ranks + 2.0;
  cv::Mat sheet(static_cast<int>((top - bottom) * p), static_cast<int>((right - left) * p), CV_8UC3, kPaper);
  const auto cellRect = [&](double x, double y, double w = 1, double h = 1) {
    return cv::Rect(static_cast<int>(std::lround((x - left) * p)), static_cast<int>(std::lround((top - y - h) * p)),
                    static_cast<int>(std::lround(w * p)), static_cast<int>(std::lround(h * p)));
  };
  for (int r = 0; r < layout.ranks; ++r)
    for (int f = 0; f < layout.files; ++f)
      drawCell(sheet, cellRect(f, r), cells[static_cast<std::size_t>(r * layout.files + f)]);
  for (std::size_t i = 0; i < layout.swatches.size(); ++i) {
    const cv::Point2f o = layout.swatchOrigin(static_cast<int>(i));
    drawCell(sheet, cellRect(o.x, o.y), layout.swatches[i]);
  }
  const auto dictionary = cv::aruco::getPredefinedDictionary(cv::aruco::DICT_4X4_50);
  const int side = static_cast<int>(std::lround(BoardLayout::kMarkerSide * p));
  for (int id = 0; id < BoardLayout::kMarkerCount; ++id) {
    cv::Mat marker;
    cv::aruco::drawMarker(dictionary, id, side, marker, 1);
    cv::cvtColor(marker, marker, cv::COLOR_GRAY2BGR);
    const cv::Point2f c = layout.markerCentre(id);
    const cv::Rect where = cellRect(c.x - BoardLayout::kMarkerSide / 2, c.y - BoardLayout::kMarkerSide / 2,
                                    BoardLayout::kMarkerSide, BoardLayout::kMarkerSide);
    marker.copyTo(sheet(cv::Rect(where.x, where.y, side, side)));
  }
  return sheet;
}

cv::Mat drawCutOutSheet(const std::vector<CutOut>& pieces, int sheetCells, int p) {
  // Shelf packing, with half a cell between pieces so each can be cut out with its own edge.
  const double gap = 0.5;
  double x = gap, y = gap, shelf = 0;
  std::vector<cv::Point2d> at;
  for (const CutOut& c : pieces) {
    if (x + c.width + gap > sheetCells) {
      x = gap;
      y += shelf + gap;
      shelf = 0;
    }
    at.emplace_back(x, y);
    x += c.width + gap;
    shelf = std::max(shelf, static_cast<double>(c.height));
  }
  cv::Mat sheet(static_cast<int>(std::ceil((y + shelf + gap) * p)), sheetCells * p, CV_8UC3, kPaper);
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const CutOut& c = pieces[i];
    for (int r = 0; r < c.height; ++r)
      for (int f = 0; f < c.width; ++f) {
        const cv::Rect where(static_cast<int>(std::lround((at[i].x + f) * p)),
                             static_cast<int>(std::lround((at[i].y + c.height - 1 - r) * p)), p, p);
        drawCell(sheet, where, c.cells[static_cast<std::size_t>(r * c.width + f)]);
      }
    const cv::Rect outline(static_cast<int>(std::lround(at[i].x * p)), static_cast<int>(std::lround(at[i].y * p)),
                           c.width * p, c.height * p);
    cv::rectangle(sheet, outline, cv::Scalar(170, 170, 170), 1);
  }
  return sheet;
}

}  // namespace tessera::camera
