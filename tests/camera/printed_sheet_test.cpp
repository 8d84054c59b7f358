// What `tessera print` draws is what the camera reads: the board sheet of every variant, seen at
// an angle by a camera, is located and every printed cell is read as the surface printed.
#include <gtest/gtest.h>

#include "hardware/camera/variant/variant_layout.hpp"
#include "host/print/board_sheet.hpp"
#include "tests/camera/sheet_from_a_slant.hpp"

namespace tessera::camera {
namespace {

TEST(PrintedSheet, EveryVariantsSheetReadsBackAsPrinted) {
  for (const std::string& name : builtinVariantNames()) {
    const Variant& variant = builtinVariant(name);
    const BoardLayout layout = layoutForVariant(variant);
    const std::vector<Surface> printed = printedCells(variant);
    const cv::Mat sheet = print::boardSheet(layout, printed, 40).drawWhole();
    EXPECT_EQ(wrongCellsSeenFromASlant(sheet, layout, printed), 0) << name;
  }
}

}  // namespace
}  // namespace tessera::camera
