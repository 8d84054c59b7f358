#include "paper_pages.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <memory>
#include <stdexcept>

#include <opencv2/imgproc.hpp>

namespace tessera::print {

namespace {

const cv::Scalar kPaperWhite(255, 255, 255), kInk(0, 0, 0);

const std::vector<Paper>& papers() {
  static const std::vector<Paper> all{
      {"a4", 210, 297}, {"a3", 297, 420}, {"letter", 215.9, 279.4}, {"legal", 215.9, 355.6}};
  return all;
}

int pixels(double mm, double dotsPerInch) { return static_cast<int>(std::lround(mm / 25.4 * dotsPerInch)); }

// Pages along one side: each after the first shows `overlap` of the one before again.
int pagesAlong(int sheet, int room, int overlap) {
  if (sheet <= room) return 1;
  return static_cast<int>(std::ceil(static_cast<double>(sheet - overlap) / (room - overlap)));
}

// Two lines of text, as large as fits up to 2.6 mm high capitals. One channel: every page's label
// is kept until the pages are written (28 of them for Desert Dust on A4 at 600 dpi).
cv::Mat labelImage(cv::Size size, const std::vector<std::string>& lines, double dotsPerInch) {
  cv::Mat label(size, CV_8UC1, cv::Scalar(255));
  const int font = cv::FONT_HERSHEY_SIMPLEX;
  const int thickness = std::max(1, pixels(0.25, dotsPerInch));
  double scale = cv::getFontScaleFromHeight(font, std::max(4, pixels(2.6, dotsPerInch)), thickness);
  for (const std::string& line : lines) {
    int baseline = 0;
    const cv::Size text = cv::getTextSize(line, font, scale, thickness, &baseline);
    if (text.width > size.width) scale *= static_cast<double>(size.width) / text.width;
  }
  const int lineStep = size.height / static_cast<int>(lines.size());
  for (std::size_t i = 0; i < lines.size(); ++i) {
    int baseline = 0;
    const cv::Size text = cv::getTextSize(lines[i], font, scale, thickness, &baseline);
    const int y = static_cast<int>(i) * lineStep + (lineStep + text.height) / 2;
    cv::putText(label, lines[i], cv::Point(0, y), font, scale, cv::Scalar(0), thickness, cv::LINE_AA);
  }
  return label;
}

struct PagePlan {
  cv::Size page;                // pixels
  cv::Rect part;                // of the sheet
  cv::Point at;                 // where the part's top left is printed on the page
  std::vector<cv::Rect> marks;  // on the page
  cv::Mat label;
  cv::Point labelAt;
};

PrintSheet pageOf(const PrintSheet& sheet, std::shared_ptr<const PagePlan> plan) {
  return {plan->page, [sheet, plan](cv::Mat& band, int firstRow) {
            band.setTo(kPaperWhite);
            const int from = std::max(firstRow, plan->at.y);
            const int to = std::min(firstRow + band.rows, plan->at.y + plan->part.height);
            if (from < to) {
              cv::Mat rows(to - from, sheet.size.width, CV_8UC3);
              sheet.drawBand(rows, plan->part.y + from - plan->at.y);
              rows.colRange(plan->part.x, plan->part.x + plan->part.width)
                  .copyTo(band(cv::Rect(plan->at.x, from - firstRow, plan->part.width, to - from)));
            }
            for (const cv::Rect& mark : plan->marks) fillOnBand(band, firstRow, mark, kInk);
            pasteOnBand(band, firstRow, plan->labelAt, plan->label);
          }};
}

// A mark across the zone beside the part, solid or in three dashes, on the line x (vertical) or y.
void addMark(std::vector<cv::Rect>& marks, bool vertical, int line, int zoneStart, int zoneLength, int thickness,
             bool dashed) {
  const int pieces = dashed ? 3 : 1;
  const int step = zoneLength / (2 * pieces - 1);
  for (int k = 0; k < pieces; ++k) {
    const int start = zoneStart + (dashed ? 2 * k * step : 0), length = dashed ? step : zoneLength;
    marks.push_back(vertical ? cv::Rect(line - thickness / 2, start, thickness, length)
                             : cv::Rect(start, line - thickness / 2, length, thickness));
  }
}

}  // namespace

std::optional<Paper> paperNamed(const std::string& name) {
  std::string lower = name;
  for (char& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  for (const Paper& paper : papers())
    if (paper.name == lower) return paper;
  return std::nullopt;
}

std::string paperNames() {
  std::string names;
  for (const Paper& paper : papers()) names += (names.empty() ? "" : ", ") + paper.name;
  return names;
}

cv::Size printableArea(const Paper& paper, double dotsPerInch) {
  const double aside = 2 * (kPrinterMarginMm + kMarkZoneMm);
  return {pixels(paper.widthMm - aside, dotsPerInch), pixels(paper.heightMm - aside - kLabelMm, dotsPerInch)};
}

std::vector<PagePart> planPages(cv::Size sheet, const Paper& paper, double dotsPerInch) {
  const int overlap = pixels(kOverlapMm, dotsPerInch), label = pixels(kLabelMm, dotsPerInch);
  const cv::Size portrait = printableArea(paper, dotsPerInch);
  const cv::Size landscape(portrait.height + label, portrait.width - label);
  if (landscape.height <= overlap) throw std::invalid_argument(paper.name + " paper leaves no room for a sheet");
  const auto count = [&](cv::Size room) {
    return pagesAlong(sheet.width, room.width, overlap) * pagesAlong(sheet.height, room.height, overlap);
  };
  const bool turned = count(landscape) < count(portrait);
  const cv::Size room = turned ? landscape : portrait;
  const cv::Size page = turned ? cv::Size(pixels(paper.heightMm, dotsPerInch), pixels(paper.widthMm, dotsPerInch))
                               : cv::Size(pixels(paper.widthMm, dotsPerInch), pixels(paper.heightMm, dotsPerInch));
  const int columns = pagesAlong(sheet.width, room.width, overlap),
            rows = pagesAlong(sheet.height, room.height, overlap);
  const int edge = pixels(kPrinterMarginMm + kMarkZoneMm, dotsPerInch);
  std::vector<PagePart> parts;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < columns; ++c) {
      const int x = c * (room.width - overlap), y = r * (room.height - overlap);
      parts.push_back({page,
                       cv::Rect(x, y, std::min(room.width, sheet.width - x), std::min(room.height, sheet.height - y)),
                       cv::Point(edge, edge), r, c, rows, columns});
    }
  return parts;
}

std::vector<PrintSheet> splitOverPages(const PrintSheet& sheet, const Paper& paper, double dotsPerInch,
                                       const std::string& title) {
  const std::vector<PagePart> parts = planPages(sheet.size, paper, dotsPerInch);
  const int zoneGap = pixels(1, dotsPerInch), zone = pixels(kMarkZoneMm, dotsPerInch) - zoneGap;
  const int thickness = std::max(1, pixels(0.3, dotsPerInch));
  std::vector<PrintSheet> pages;
  for (const PagePart& part : parts) {
    auto plan = std::make_shared<PagePlan>();
    plan->page = part.page;
    plan->part = part.part;
    plan->at = part.at;
    // The next page along starts where its part starts on the sheet: that far into this one's.
    const int stepX = part.column + 1 < part.columns ? parts[1].part.x : 0;
    const int stepY = part.row + 1 < part.rows ? parts[static_cast<std::size_t>(part.columns)].part.y : 0;
    const cv::Rect shown(part.at, part.part.size());
    for (int zoneStart : {shown.y - zoneGap - zone, shown.br().y + zoneGap}) {
      if (part.column > 0) addMark(plan->marks, true, shown.x, zoneStart, zone, thickness, false);
      if (stepX > 0) addMark(plan->marks, true, shown.x + stepX, zoneStart, zone, thickness, true);
    }
    for (int zoneStart : {shown.x - zoneGap - zone, shown.br().x + zoneGap}) {
      if (part.row > 0) addMark(plan->marks, false, shown.y, zoneStart, zone, thickness, false);
      if (stepY > 0) addMark(plan->marks, false, shown.y + stepY, zoneStart, zone, thickness, true);
    }
    std::vector<std::string> lines{title + ", " + paper.name + " at 100% scale"};
    if (parts.size() > 1) {
      lines[0] += ": page " + std::to_string(pages.size() + 1) + " of " + std::to_string(parts.size()) + ", row " +
                  std::to_string(part.row + 1) + " of " + std::to_string(part.rows) + ", column " +
                  std::to_string(part.column + 1) + " of " + std::to_string(part.columns);
      lines.push_back(
          "Trim at the solid marks and lay that edge on the dashed marks of the page to the left or above.");
    }
    const int edge = part.at.x;
    plan->label = labelImage(cv::Size(part.page.width - 2 * edge, pixels(kLabelMm, dotsPerInch)), lines, dotsPerInch);
    plan->labelAt = cv::Point(edge, part.page.height - pixels(kPrinterMarginMm + kLabelMm, dotsPerInch));
    pages.push_back(pageOf(sheet, plan));
  }
  return pages;
}

}  // namespace tessera::print
