// The pairing panel the board's screen shows (issue 72): a QR code reader (zbarimg, as a phone's
// camera app reads it) reads the code drawn there, and the one printed in the terminal, as the
// page's address with the code; while pairing is locked the panel says so in red and shows no code.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <sstream>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "host/views/display/pairing_panel.hpp"
#include "host/web/qr_code.hpp"

namespace tessera::display {
namespace {

const std::string kAddress = "http://192.168.1.20:18765/#pair=048213";

display::PairingPanel panelFor(const std::string& address) {
  const web::QrCode qr = web::qrCode(address);
  display::PairingPanel panel;
  panel.code = "048213";
  panel.address = "http://192.168.1.20:18765/";
  panel.qrSize = qr.size;
  panel.qrDark = qr.dark;
  return panel;
}

constexpr const char* kReader = "/usr/bin/zbarimg";  // Debian's zbar-tools (scripts/setup-tests.sh)

// What the reader finds in `image` (saved for a person to look at), "" when it finds no code.
std::string decoded(const cv::Mat& image, const std::string& name) {
  const auto file = std::filesystem::path(::testing::TempDir()) / ("pairing-panel-" + name + ".png");
  cv::imwrite(file.string(), image);
  std::string text;
  if (FILE* reader = ::popen((std::string(kReader) + " --raw -q " + file.string() + " 2>/dev/null").c_str(), "r")) {
    char buffer[256];
    while (std::fgets(buffer, sizeof buffer, reader)) text += buffer;
    ::pclose(reader);
  }
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

class ThePairingPanel : public ::testing::Test {
 protected:
  void SetUp() override {
    if (::access(kReader, X_OK) != 0) GTEST_SKIP() << "no zbarimg installed (scripts/setup-tests.sh installs zbar-tools)";
  }
};

TEST_F(ThePairingPanel, ItsQrCodeReadsAsThePagesAddressWithTheCode) {
  // The landscape screen of a monitor, and the Pi Touch Display's 800x480.
  for (const cv::Size size : {cv::Size(1280, 720), cv::Size(800, 480)}) {
    cv::Mat screen(size, CV_8UC3, cv::Scalar(40, 40, 40));
    const std::string name = std::to_string(size.width) + "x" + std::to_string(size.height);
    EXPECT_EQ(decoded(screen, "blank"), "");
    drawPairingPanel(screen, panelFor(kAddress));
    EXPECT_EQ(decoded(screen, name), kAddress) << size;
    // In the bottom right corner: the top left quarter is untouched.
    const cv::Mat corner = screen(cv::Rect(0, 0, size.width / 2, size.height / 2));
    EXPECT_EQ(cv::countNonZero(cv::Mat(corner != cv::Scalar(40, 40, 40)).reshape(1)), 0);
  }
}

TEST_F(ThePairingPanel, WhileLockedItShowsNoCodeAndSaysSoInRed) {
  cv::Mat screen(720, 1280, CV_8UC3, cv::Scalar(40, 40, 40));
  display::PairingPanel panel = panelFor(kAddress);
  panel.lockedSeconds = 42;
  panel.wrongCodes = 5;
  drawPairingPanel(screen, panel);
  EXPECT_EQ(decoded(screen, "locked"), "");
  cv::Mat red;
  cv::inRange(screen, cv::Scalar(30, 30, 200), cv::Scalar(90, 90, 255), red);
  EXPECT_GT(cv::countNonZero(red), 200) << "the red lines";
}

// The terminal's QR code, as a dark terminal shows it (the block characters light, the rest dark),
// read by the same detector.
TEST_F(ThePairingPanel, TheTerminalsQrCodeReadsAsTheAddressToo) {
  const std::string text = web::qrTerminalText(web::qrCode(kAddress));
  std::vector<std::vector<std::string>> rows;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    std::vector<std::string> cells;
    for (std::size_t i = 0; i < line.size();) {
      const std::size_t length = static_cast<unsigned char>(line[i]) < 0x80 ? 1 : 3;
      cells.push_back(line.substr(i, length));
      i += length;
    }
    rows.push_back(cells);
  }
  ASSERT_FALSE(rows.empty());
  const int scale = 8, width = static_cast<int>(rows[0].size());
  cv::Mat image(static_cast<int>(rows.size()) * 2 * scale + 8 * scale, (width + 8) * scale, CV_8UC1, cv::Scalar(255));
  for (std::size_t y = 0; y < rows.size(); ++y)
    for (std::size_t x = 0; x < rows[y].size(); ++x) {
      const std::string& c = rows[y][x];
      const bool top = c == "\u2588" || c == "\u2580", bottom = c == "\u2588" || c == "\u2584";
      const cv::Point at((static_cast<int>(x) + 4) * scale, (static_cast<int>(y) * 2 + 4) * scale);
      if (!top) cv::rectangle(image, cv::Rect(at.x, at.y, scale, scale), cv::Scalar(0), cv::FILLED);
      if (!bottom) cv::rectangle(image, cv::Rect(at.x, at.y + scale, scale, scale), cv::Scalar(0), cv::FILLED);
    }
  cv::Mat colour;
  cv::cvtColor(image, colour, cv::COLOR_GRAY2BGR);
  EXPECT_EQ(decoded(colour, "terminal"), kAddress);
}

}  // namespace
}  // namespace tessera::display
