#include "print_sheet.hpp"

#include <opencv2/imgproc.hpp>

namespace tessera::print {

cv::Mat PrintSheet::drawWhole() const {
  cv::Mat sheet(size, CV_8UC3);
  drawBand(sheet, 0);
  return sheet;
}

void fillOnBand(cv::Mat& band, int firstRow, const cv::Rect& onSheet, const cv::Scalar& colour) {
  const cv::Rect onBand = (onSheet - cv::Point(0, firstRow)) & cv::Rect(0, 0, band.cols, band.rows);
  if (!onBand.empty()) band(onBand).setTo(colour);
}

void pasteOnBand(cv::Mat& band, int firstRow, cv::Point at, const cv::Mat& image) {
  const cv::Point topLeft(at.x, at.y - firstRow);
  const cv::Rect onBand = cv::Rect(topLeft, image.size()) & cv::Rect(0, 0, band.cols, band.rows);
  if (onBand.empty()) return;
  const cv::Mat part = image(onBand - topLeft);
  if (part.channels() == 1) {
    cv::Mat target = band(onBand);
    cv::cvtColor(part, target, cv::COLOR_GRAY2BGR);
  } else {
    part.copyTo(band(onBand));
  }
}

}  // namespace tessera::print
