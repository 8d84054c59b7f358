#include "pairing_panel.hpp"

#include <algorithm>

#include <opencv2/imgproc.hpp>

namespace tessera::display {
namespace {

constexpr int kFont = cv::FONT_HERSHEY_DUPLEX;
const cv::Scalar kPanel{24, 24, 24};
const cv::Scalar kInk{240, 240, 240};
const cv::Scalar kLocked{60, 60, 235};

void textAt(cv::Mat& img, const std::string& text, cv::Point bottomLeft, double scale, const cv::Scalar& colour) {
  cv::putText(img, text, bottomLeft, kFont, scale, colour, std::max(1, static_cast<int>(scale * 2)), cv::LINE_AA);
}

// The scale at which `text` is `width` pixels wide.
double scaleFor(const std::string& text, int width) {
  int baseline = 0;
  const cv::Size unit = cv::getTextSize(text, kFont, 1.0, 2, &baseline);
  return unit.width > 0 ? static_cast<double>(width) / unit.width : 1.0;
}

}  // namespace

void drawPairingPanel(cv::Mat& img, const PairingPanel& panel) {
  // A quarter of the shorter side, at least 160 pixels: big enough for a phone's camera at arm's
  // length, small enough to leave the board and the status panel readable.
  const int side = std::min({std::max(160, std::min(img.cols, img.rows) / 4), img.cols, img.rows});
  const int pad = side / 16;
  const int textHeight = side / 5;
  const cv::Rect box(img.cols - side, img.rows - side - textHeight, side, side + textHeight);
  if (box.x < 0 || box.y < 0) return;
  cv::rectangle(img, box, kPanel, cv::FILLED);
  const int inner = side - 2 * pad;
  if (panel.lockedSeconds > 0) {
    const std::string lines[] = {"pairing locked", std::to_string(panel.wrongCodes) + " wrong codes",
                                 "open in " + std::to_string(panel.lockedSeconds) + " s"};
    int y = box.y + pad;
    for (const std::string& line : lines) {
      const double scale = std::min(scaleFor(line, inner), side / 160.0);
      y += static_cast<int>(30 * scale) + pad;
      textAt(img, line, {box.x + pad, y}, scale, kLocked);
    }
    return;
  }
  // The QR code on white with its quiet zone of four modules, as scanners expect.
  if (panel.qrSize > 0) {
    const int modules = panel.qrSize + 8;
    const int cell = std::max(1, inner / modules);
    const int drawn = cell * modules;
    const cv::Point at(box.x + (side - drawn) / 2, box.y + pad);
    cv::rectangle(img, cv::Rect(at.x, at.y, drawn, drawn), cv::Scalar(255, 255, 255), cv::FILLED);
    for (int y = 0; y < panel.qrSize; ++y)
      for (int x = 0; x < panel.qrSize; ++x)
        if (panel.qrDark[static_cast<std::size_t>(y * panel.qrSize + x)])
          cv::rectangle(img, cv::Rect(at.x + (x + 4) * cell, at.y + (y + 4) * cell, cell, cell), cv::Scalar(0, 0, 0), cv::FILLED);
  }
  const std::string code = "code " + panel.code;
  const double codeScale = std::min(scaleFor(code, inner), textHeight / 40.0);
  textAt(img, code, {box.x + pad, box.y + side + textHeight / 2}, codeScale, kInk);
  const double addressScale = std::min(scaleFor(panel.address, inner), codeScale / 2);
  textAt(img, panel.address, {box.x + pad, box.y + side + textHeight - pad / 2}, addressScale, kInk);
}

}  // namespace tessera::display
