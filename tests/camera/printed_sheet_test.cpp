// What `tessera print` draws is what the camera reads: the board sheet of every variant, seen at
// an angle by a camera, is located and every printed cell is read as the surface printed.
#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "hardware/camera/board_reader.hpp"
#include "hardware/camera/board_sheet.hpp"
#include "hardware/camera/variant_layout.hpp"

namespace tessera::camera {
namespace {

TEST(PrintedSheet, EveryVariantsSheetReadsBackAsPrinted) {
  for (const std::string& name : builtinVariantNames()) {
    const Variant& variant = builtinVariant(name);
    const BoardLayout layout = layoutForVariant(variant);
    const std::vector<Surface> printed = printedCells(variant);
    const cv::Mat sheet = boardSheet(layout, printed, 40).drawWhole();
    // Seen from a slant, turned by about 20 degrees, on a dark table.
    const std::vector<cv::Point2f> from{{0, 0}, {static_cast<float>(sheet.cols), 0},
                                        {static_cast<float>(sheet.cols), static_cast<float>(sheet.rows)},
                                        {0, static_cast<float>(sheet.rows)}};
    const std::vector<cv::Point2f> to{{420, 40}, {1010, 150}, {900, 690}, {300, 600}};
    cv::Mat photo;
    cv::warpPerspective(sheet, photo, cv::getPerspectiveTransform(from, to), cv::Size(1280, 720), cv::INTER_AREA,
                        cv::BORDER_CONSTANT, cv::Scalar(40, 50, 60));
    BoardReader reader(layout);
    const FrameReading reading = reader.read(photo);
    ASSERT_TRUE(reading.readable) << name;
    int wrong = 0;
    for (std::size_t i = 0; i < printed.size(); ++i) {
      wrong += reading.cells.cells[i].surface != printed[i];
      wrong += reading.cells.cells[i].occupant != Occupant::Empty;
    }
    EXPECT_EQ(wrong, 0) << name;
  }
}

}  // namespace
}  // namespace tessera::camera
