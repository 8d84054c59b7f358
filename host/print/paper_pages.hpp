#pragma once
// A sheet on a home printer's paper. A board sheet is larger than A4 (chess at 40 mm cells is
// 52 x 56 cm), so it is split over pages that overlap by kOverlapMm: each page after the first in
// its row (column) is trimmed at its solid marks on the left (top) and laid on the page before, its
// trimmed edge on that page's dashed marks, where the same print continues. A sheet that fits
// takes one page, with no marks.
#include <optional>
#include <string>
#include <vector>

#include "host/print/print_sheet.hpp"

namespace tessera::print {

struct Paper {
  std::string name;
  double widthMm = 0, heightMm = 0;  // portrait
};

// "a4", "a3", "letter" or "legal", in any case; nothing for any other name.
std::optional<Paper> paperNamed(const std::string& name);
std::string paperNames();

inline constexpr double kPrinterMarginMm = 10;  // what most printers leave blank at each edge
inline constexpr double kMarkZoneMm = 6;        // around the sheet's part, for the trim and lay marks
inline constexpr double kLabelMm = 9;           // two lines under the print: which page it is, how to join it
inline constexpr double kOverlapMm = 15;

// The room a page leaves for a sheet's part, in pixels, portrait.
cv::Size printableArea(const Paper& paper, double dotsPerInch);

// One page's part of a sheet: which rectangle of the sheet, printed where on a page of what size
// (pixels), and the page's place, row by row from the top left.
struct PagePart {
  cv::Size page;
  cv::Rect part;
  cv::Point at;
  int row = 0, column = 0, rows = 1, columns = 1;
};

// Throws std::invalid_argument when the paper leaves no room at this resolution.
std::vector<PagePart> planPages(cv::Size sheet, const Paper& paper, double dotsPerInch);

// The sheet split over pages of `paper`, portrait or landscape, whichever takes fewer; every page
// says `title`, its place and how to join it. Throws std::invalid_argument when the paper leaves no
// room at this resolution.
std::vector<PrintSheet> splitOverPages(const PrintSheet& sheet, const Paper& paper, double dotsPerInch,
                                       const std::string& title);

}  // namespace tessera::print
