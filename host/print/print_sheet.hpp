#pragma once
// A sheet to print, drawn a band of rows at a time: Desert Dust's board at 60 mm cells and 600 dpi
// is 22,672 x 25,506 pixels, 1.7 GB whole, more than a small Pi has. The helpers draw on a band as
// if on the whole sheet, each pixel the same whichever band it falls in.
#include <functional>

#include <opencv2/core.hpp>

namespace tessera::print {

struct PrintSheet {
  cv::Size size;
  // Paints the sheet's rows [firstRow, firstRow + band.rows) into `band` (CV_8UC3, size.width wide).
  std::function<void(cv::Mat& band, int firstRow)> drawBand;

  cv::Mat drawWhole() const;
};

// Fills a rectangle given in sheet coordinates.
void fillOnBand(cv::Mat& band, int firstRow, const cv::Rect& onSheet, const cv::Scalar& colour);

// Copies the part of `image` (one or three channels), its top left at `at` on the sheet, that falls
// in the band. Anything not axis-aligned (a line at an angle, text) is drawn into an image once and
// pasted: drawn cut at a band's edge it could be antialiased differently from the same thing whole.
void pasteOnBand(cv::Mat& band, int firstRow, cv::Point at, const cv::Mat& image);

}  // namespace tessera::print
