// `tessera print` draws its sheets a band of rows at a time and writes each band as it is drawn:
// what reaches the file is every pixel of the sheet drawn whole, as a PNG and as a PDF a reader
// renders, and a file that cannot be written is named and leaves nothing half written behind.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "hardware/camera/variant/variant_layout.hpp"
#include "host/print/board_sheet.hpp"
#include "host/print/cut_outs.hpp"
#include "host/print/sheet_file.hpp"

namespace tessera::print {
namespace {

namespace fs = std::filesystem;

int differingPixels(const cv::Mat& a, const cv::Mat& b) {
  if (a.size() != b.size() || a.type() != b.type()) return -1;
  cv::Mat difference;
  cv::absdiff(a, b, difference);
  return cv::countNonZero(difference.reshape(1));
}

PrintSheet boardSheetOf(const std::string& variantName, int pixelsPerCell) {
  const Variant& variant = builtinVariant(variantName);
  return boardSheet(camera::layoutForVariant(variant), camera::printedCells(variant), pixelsPerCell);
}

PrintSheet cutOutSheetOf(const std::string& variantName, int pixelsPerCell) {
  return cutOutSheets(cutOutsFor(builtinVariant(variantName)), 12, pixelsPerCell).front();
}

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("tessera-sheet-file-" + std::to_string(::getpid()));
  TempDir() { fs::create_directories(path); }
  ~TempDir() { fs::remove_all(path); }
};

TEST(PrintSheet, DrawnBandByBandItIsTheSheetDrawnWhole) {
  // Tiled Squares' sheets have Anti-Tile crosses (on the swatch strip and to cut out), Shifting
  // Sands' have colour squares to cut out, Desert Dust's board is the largest; the markers and
  // crosses are cut by band edges at all three band heights.
  for (const PrintSheet& sheet : {boardSheetOf("tiled-squares", 41), cutOutSheetOf("tiled-squares", 41),
                                  cutOutSheetOf("shifting-sands", 30), boardSheetOf("desert-dust", 23)}) {
    const cv::Mat whole = sheet.drawWhole();
    ASSERT_EQ(whole.size(), sheet.size);
    for (int bandRows : {1, 37, 64}) {
      cv::Mat banded(sheet.size, CV_8UC3, cv::Scalar(0, 0, 255));
      for (int first = 0; first < sheet.size.height; first += bandRows) {
        cv::Mat band = banded.rowRange(first, std::min(first + bandRows, sheet.size.height));
        sheet.drawBand(band, first);
      }
      EXPECT_EQ(differingPixels(banded, whole), 0) << "bands of " << bandRows << " rows, sheet " << sheet.size;
    }
  }
}

TEST(SheetFile, APngHoldsEveryPixelOfTheSheet) {
  TempDir dir;
  for (const PrintSheet& sheet : {boardSheetOf("chameleon-redux", 40), cutOutSheetOf("tiled-squares", 33)}) {
    const std::string path = (dir.path / "sheet.png").string();
    writeSheetAsPng(path, sheet);
    EXPECT_EQ(differingPixels(cv::imread(path, cv::IMREAD_COLOR), sheet.drawWhole()), 0) << sheet.size;
    EXPECT_FALSE(fs::exists(path + ".part"));
  }
}

// What a PDF reader shows: poppler's pdfinfo and pdftoppm (poppler-utils).
std::string commandOutput(const std::string& command) {
  std::string output;
  if (FILE* pipe = popen(command.c_str(), "r")) {
    char buffer[4096];
    while (fgets(buffer, sizeof buffer, pipe)) output += buffer;
    pclose(pipe);
  }
  return output;
}

TEST(SheetFile, APdfShowsTheSheetsOnePageEachAtTheirPrintedSize) {
  ASSERT_EQ(std::system("command -v pdftoppm > /dev/null && command -v pdfinfo > /dev/null"), 0)
      << "pdftoppm and pdfinfo (poppler-utils) are needed: scripts/setup-tests.sh";
  TempDir dir;
  const std::vector<PrintSheet> sheets{boardSheetOf("tiled-squares", 40), cutOutSheetOf("tiled-squares", 40)};
  const std::string path = (dir.path / "tiled.pdf").string();
  writeSheetsAsPdf(path, sheets, 100.0);
  const std::string info = commandOutput("pdfinfo -f 1 -l 3 '" + path + "'");
  ASSERT_NE(info.find("Pages:           2"), std::string::npos) << info;
  const std::string page = (dir.path / "page").string();
  ASSERT_EQ(std::system(("pdftoppm -r 100 -png '" + path + "' '" + page + "'").c_str()), 0);
  for (std::size_t i = 0; i < sheets.size(); ++i) {
    // At 100 dots per inch a point (1/72 inch) is 100/72 pixels.
    const std::string label = "Page    " + std::to_string(i + 1) + " size:";
    const std::size_t at = info.find(label);
    ASSERT_NE(at, std::string::npos) << info;
    double width = 0, height = 0;
    ASSERT_EQ(std::sscanf(info.c_str() + at + label.size(), " %lf x %lf pts", &width, &height), 2) << info;
    EXPECT_NEAR(width, sheets[i].size.width * 0.72, 0.01) << "page " << i + 1;
    EXPECT_NEAR(height, sheets[i].size.height * 0.72, 0.01) << "page " << i + 1;
    // Rendered, it is the sheet: the reader may add a pixel at an edge and smooths the edges a little
    // (a mean difference of 0.1 to 3 levels; red and blue swapped, or the rows shifted, make tens).
    cv::Mat rendered = cv::imread(page + "-" + std::to_string(i + 1) + ".png", cv::IMREAD_COLOR);
    ASSERT_FALSE(rendered.empty()) << "page " << i + 1;
    EXPECT_LE(std::abs(rendered.cols - sheets[i].size.width), 1);
    EXPECT_LE(std::abs(rendered.rows - sheets[i].size.height), 1);
    cv::resize(rendered, rendered, sheets[i].size, 0, 0, cv::INTER_AREA);
    cv::Mat difference;
    cv::absdiff(rendered, sheets[i].drawWhole(), difference);
    const cv::Scalar meanDifference = cv::mean(difference);
    for (int channel = 0; channel < 3; ++channel)
      EXPECT_LT(meanDifference[channel], 4.0) << "page " << i + 1 << ", channel " << channel;
  }
}

TEST(SheetFile, AFileThatCannotBeWrittenIsNamedAndNothingIsLeftHalfWritten) {
  TempDir dir;
  const PrintSheet sheet = boardSheetOf("chess", 20);
  const std::string missingFolder = (dir.path / "no" / "board.png").string();
  try {
    writeSheetAsPng(missingFolder, sheet);
    ADD_FAILURE() << "wrote into a folder that is not there";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), "cannot write '" + missingFolder + "'");
  }
  // The name is taken by a folder: the sheet is written whole under a temporary name, and the
  // last step, putting it under its name, fails; the temporary file goes.
  const fs::path taken = dir.path / "board.pdf";
  fs::create_directory(taken);
  try {
    writeSheetsAsPdf(taken.string(), {sheet}, 100.0);
    ADD_FAILURE() << "wrote over a folder";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()).rfind("cannot write '" + taken.string() + "'", 0), 0u) << e.what();
  }
  EXPECT_TRUE(fs::is_directory(taken));
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path), fs::directory_iterator()), 1) << "only the folder";
}

}  // namespace
}  // namespace tessera::print
