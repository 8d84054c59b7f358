// `tessera print --paper`: a sheet larger than the paper is split over pages a home printer takes.
// Each page prints its part of the sheet exactly; trimmed at its solid marks and laid on the dashed
// marks of the page before, the parts join into the whole sheet; the pieces to cut out are packed
// page by page, none split between two.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <stdexcept>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "hardware/camera/variant/variant_layout.hpp"
#include "host/print/board_sheet.hpp"
#include "host/print/cut_outs.hpp"
#include "host/print/paper_pages.hpp"
#include "tests/camera/sheet_from_a_slant.hpp"

namespace tessera::print {
namespace {

PrintSheet chessBoardSheet(int pixelsPerCell) {
  const Variant& chess = builtinVariant("chess");
  return boardSheet(camera::layoutForVariant(chess), camera::printedCells(chess), pixelsPerCell);
}

int pixelsOf(double mm, double dotsPerInch) { return static_cast<int>(std::lround(mm / 25.4 * dotsPerInch)); }

// The columns of one page row that hold ink (black), as runs [first, last].
std::vector<std::pair<int, int>> inkRuns(const cv::Mat& page, int y) {
  std::vector<std::pair<int, int>> runs;
  for (int x = 0; x < page.cols; ++x) {
    if (page.at<cv::Vec3b>(y, x) != cv::Vec3b(0, 0, 0)) continue;
    if (!runs.empty() && runs.back().second == x - 1)
      runs.back().second = x;
    else
      runs.emplace_back(x, x);
  }
  return runs;
}

bool runCovers(const std::vector<std::pair<int, int>>& runs, int x) {
  for (const auto& [first, last] : runs)
    if (first <= x && x <= last) return true;
  return false;
}

TEST(PaperPages, ASheetThatFitsIsOnePageOfThePaperWithNoMarks) {
  const Paper a4 = *paperNamed("A4");
  const PrintSheet sheet = chessBoardSheet(12);  // 144 x 168 pixels: 37 x 43 mm at 100 dpi
  const std::vector<PrintSheet> pages = splitOverPages(sheet, a4, 100, "chess board");
  ASSERT_EQ(pages.size(), 1u);
  EXPECT_EQ(pages[0].size, cv::Size(827, 1169)) << "A4 at 100 dpi, upright";
  const cv::Mat page = pages[0].drawWhole();
  const int edge = pixelsOf(kPrinterMarginMm + kMarkZoneMm, 100);
  const cv::Mat printed = page(cv::Rect(cv::Point(edge, edge), sheet.size));
  cv::Mat difference;
  cv::absdiff(printed, sheet.drawWhole(), difference);
  EXPECT_EQ(cv::countNonZero(difference.reshape(1)), 0);
  EXPECT_TRUE(inkRuns(page, edge - pixelsOf(3, 100)).empty()) << "no marks above the print";
}

TEST(PaperPages, ALargeSheetIsSplitIntoOverlappingPagesThatJoinBackIntoTheSheet) {
  const double dpi = 100;
  const PrintSheet sheet = chessBoardSheet(157);  // 40 mm cells: 1884 x 2198 pixels, 48 x 56 cm
  for (const char* paperName : {"a4", "letter", "a3"}) {
    const Paper paper = *paperNamed(paperName);
    const std::vector<PagePart> parts = planPages(sheet.size, paper, dpi);
    const std::vector<PrintSheet> pages = splitOverPages(sheet, paper, dpi, "chess board");
    ASSERT_EQ(pages.size(), parts.size());
    ASSERT_GT(parts.size(), 1u) << paperName;
    const int overlap = pixelsOf(kOverlapMm, dpi);
    const cv::Mat whole = sheet.drawWhole();
    cv::Mat covered(sheet.size, CV_8U, cv::Scalar(0));
    for (std::size_t i = 0; i < parts.size(); ++i) {
      const PagePart& p = parts[i];
      SCOPED_TRACE(std::string(paperName) + ", page " + std::to_string(i + 1));
      // The page is the paper (upright or turned) and prints its part exactly, within the printer's
      // margins and clear of the label.
      const bool upright = p.page == cv::Size(pixelsOf(paper.widthMm, dpi), pixelsOf(paper.heightMm, dpi));
      EXPECT_TRUE(upright || p.page == cv::Size(pixelsOf(paper.heightMm, dpi), pixelsOf(paper.widthMm, dpi)));
      const cv::Rect shown(p.at, p.part.size());
      EXPECT_LE(shown.br().x, p.page.width - pixelsOf(kPrinterMarginMm, dpi));
      EXPECT_LE(shown.br().y, p.page.height - pixelsOf(kPrinterMarginMm + kLabelMm, dpi));
      const cv::Mat page = pages[i].drawWhole();
      ASSERT_EQ(page.size(), p.page);
      cv::Mat difference;
      cv::absdiff(page(shown), whole(p.part), difference);
      EXPECT_EQ(cv::countNonZero(difference.reshape(1)), 0);
      covered(p.part).setTo(1);
      // Joins: the page to the left's part runs `overlap` into this one's; this page's solid marks
      // stand on its part's left edge, above and below it, and the page to the left's dashed marks
      // stand where this part begins on it. The same for the page above, along the rows.
      const int aboveTheParts = p.at.y - pixelsOf(kMarkZoneMm, dpi) + 1;
      const int leftOfTheParts = p.at.x - pixelsOf(kMarkZoneMm, dpi) + 1;
      if (p.column > 0) {
        const PagePart& left = parts[i - 1];
        EXPECT_EQ(left.part.br().x - p.part.x, overlap);
        EXPECT_TRUE(runCovers(inkRuns(page, aboveTheParts), shown.x)) << "solid mark on the left edge";
        const cv::Mat leftPage = pages[i - 1].drawWhole();
        EXPECT_TRUE(runCovers(inkRuns(leftPage, aboveTheParts), left.at.x + (p.part.x - left.part.x)))
            << "dashed mark where this part begins";
      } else {
        EXPECT_EQ(p.part.x, 0);
        EXPECT_FALSE(runCovers(inkRuns(page, aboveTheParts), shown.x)) << "nothing to trim on the first column";
      }
      if (p.row > 0) {
        const PagePart& above = parts[i - static_cast<std::size_t>(p.columns)];
        EXPECT_EQ(above.part.br().y - p.part.y, overlap);
        cv::Mat column = page.col(leftOfTheParts).t();
        EXPECT_TRUE(runCovers(inkRuns(column, 0), shown.y)) << "solid mark on the top edge";
        cv::Mat aboveColumn = pages[i - static_cast<std::size_t>(p.columns)].drawWhole().col(leftOfTheParts).t();
        EXPECT_TRUE(runCovers(inkRuns(aboveColumn, 0), above.at.y + (p.part.y - above.part.y)))
            << "dashed mark where this part begins";
      }
      // A label, in ink, under the print.
      const int labelTop = p.page.height - pixelsOf(kPrinterMarginMm + kLabelMm, dpi);
      cv::Mat ink;
      cv::inRange(page(cv::Rect(0, labelTop, p.page.width, pixelsOf(kLabelMm, dpi))), cv::Scalar(0, 0, 0),
                  cv::Scalar(90, 90, 90), ink);
      EXPECT_GT(cv::countNonZero(ink), 100);
    }
    EXPECT_EQ(cv::countNonZero(covered), sheet.size.area()) << paperName << ": every pixel of the sheet is on a page";
  }
}

// The pages joined as their labels say, in order: each trimmed at its solid marks (the left and top
// edges of its part) and laid on the ones before it; the rest of the page, margins and label, stays.
// `offset` moves each page by a few pixels, as a hand does, and each trimmed edge casts a thin shadow.
cv::Mat tapedTogether(const PrintSheet& sheet, const std::vector<PagePart>& parts, const std::vector<PrintSheet>& pages,
                      const std::vector<cv::Point>& offset) {
  cv::Mat board(sheet.size, CV_8UC3, cv::Scalar(255, 255, 255));
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const cv::Mat page = pages[i].drawWhole();
    const cv::Rect kept(parts[i].at, cv::Point(page.cols, page.rows));
    const cv::Point where = parts[i].part.tl() + offset[i];
    const cv::Rect onBoard = cv::Rect(where, kept.size()) & cv::Rect(cv::Point(0, 0), board.size());
    page(cv::Rect(kept.tl() + (onBoard.tl() - where), onBoard.size())).copyTo(board(onBoard));
    if (parts[i].column > 0)
      cv::line(board, {where.x, where.y}, {where.x, where.y + kept.height}, cv::Scalar(150, 150, 150), 1);
    if (parts[i].row > 0)
      cv::line(board, {where.x, where.y}, {where.x + kept.width, where.y}, cv::Scalar(150, 150, 150), 1);
  }
  return board;
}

TEST(PaperPages, TapedTogetherAMillimetreOffTheBoardIsReadAsPrinted) {
  // 25.4 dpi: a pixel is a millimetre. Chess and Chameleon Redux (four colours) at 40 mm cells on
  // A4, Desert Dust at 25 mm on Letter; every page up to a millimetre off in each direction.
  struct Case {
    const char* variant;
    int cellMm;
    const char* paper;
  };
  std::mt19937 random(7);
  std::uniform_int_distribution<int> millimetre(-1, 1);
  for (const Case& c : {Case{"chess", 40, "a4"}, Case{"chameleon-redux", 40, "a4"}, Case{"desert-dust", 25, "letter"}}) {
    SCOPED_TRACE(c.variant);
    const Variant& variant = builtinVariant(c.variant);
    const camera::BoardLayout layout = camera::layoutForVariant(variant);
    const std::vector<Surface> printed = camera::printedCells(variant);
    const PrintSheet sheet = boardSheet(layout, printed, c.cellMm);
    const Paper paper = *paperNamed(c.paper);
    const std::vector<PagePart> parts = planPages(sheet.size, paper, 25.4);
    ASSERT_GT(parts.size(), 1u);
    std::vector<cv::Point> offset;
    for (std::size_t i = 0; i < parts.size(); ++i) offset.emplace_back(millimetre(random), millimetre(random));
    const cv::Mat board = tapedTogether(sheet, parts, splitOverPages(sheet, paper, 25.4, c.variant), offset);
    EXPECT_EQ(camera::wrongCellsSeenFromASlant(board, layout, printed), 0);
  }
}

TEST(PaperPages, TheFewerPagesOfUprightAndTurnedAreUsed) {
  // A sheet wider than tall fits A4 turned on its side in one page.
  const Paper a4 = *paperNamed("a4");
  const std::vector<PagePart> wide = planPages(cv::Size(2000, 1300), a4, 200);  // 25.4 x 16.5 cm
  ASSERT_EQ(wide.size(), 1u);
  EXPECT_GT(wide[0].page.width, wide[0].page.height);
  const std::vector<PagePart> tall = planPages(cv::Size(1300, 2000), a4, 200);
  ASSERT_EQ(tall.size(), 1u);
  EXPECT_LT(tall[0].page.width, tall[0].page.height);
}

TEST(PaperPages, CutOutsArePackedPageByPageWithNoPieceSplit) {
  // At 60 mm cells on A4: Shifting Sands' colour squares and Shifting Chess's 2 x 2 sector cards
  // (120 mm wide) take more than one page. Neither has Anti-Tiles, so every piece's pixels are
  // coloured, none white: the coloured pixels over all pages are exactly the pieces' cells, whole.
  const Paper a4 = *paperNamed("a4");
  const double dpi = 100;
  const int p = pixelsOf(60, dpi);
  const cv::Size room = printableArea(a4, dpi);
  for (const char* variantName : {"shifting-sands", "shifting-chess"}) {
    SCOPED_TRACE(variantName);
    const std::vector<CutOut> pieces = cutOutsFor(builtinVariant(variantName));
    ASSERT_FALSE(pieces.empty());
    const std::vector<PrintSheet> sheets =
        cutOutSheets(pieces, static_cast<double>(room.width) / p, p, static_cast<double>(room.height) / p);
    EXPECT_GT(sheets.size(), 1u);
    long pieceCells = 0;
    for (const CutOut& piece : pieces) pieceCells += piece.width * piece.height;
    long coloured = 0;
    for (const PrintSheet& sheet : sheets) {
      EXPECT_EQ(planPages(sheet.size, a4, dpi).size(), 1u) << "each sheet of pieces is one page";
      cv::Mat white;
      cv::inRange(sheet.drawWhole(), cv::Scalar(255, 255, 255), cv::Scalar(255, 255, 255), white);
      coloured += static_cast<long>(sheet.size.area()) - cv::countNonZero(white);
    }
    EXPECT_EQ(coloured, pieceCells * p * p);
  }
  EXPECT_THROW(cutOutSheets({CutOut{3, 3, std::vector<Surface>(9, Surface::Red)}}, 2.5, 50), std::invalid_argument);
}

TEST(PaperPages, ASheetOfPiecesIsNoTallerThanItsPieces) {
  // Two squares a row (a quarter cell around each) and room for two rows: 9 squares, 3 sheets, each
  // ending a quarter cell below its last row, within the 2.9 cells allowed.
  const std::vector<PrintSheet> sheets =
      cutOutSheets(std::vector<CutOut>(9, CutOut{1, 1, {Surface::Red}}), 3.0, 20, 2.9);
  ASSERT_EQ(sheets.size(), 3u);
  EXPECT_EQ(sheets[0].size, cv::Size(60, 55));
  EXPECT_EQ(sheets[1].size, cv::Size(60, 55));
  EXPECT_EQ(sheets[2].size, cv::Size(60, 30)) << "one square left";
}

}  // namespace
}  // namespace tessera::print
