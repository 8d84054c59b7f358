// The web page in a real browser (headless Chromium): the board updates live during a game, the
// hint, takeback and promotion-choice buttons work, and screenshots show the board's marks.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <opencv2/imgcodecs.hpp>

#include "hardware/display/board_palette.hpp"
#include "headless_browser.hpp"
#include "served_table.hpp"

namespace tessera::session {
namespace {

using tessera::testing::HeadlessBrowser;

// Counts the screenshot's pixels within `tolerance` of `colour`, and saves it for a person.
int pixelsOf(const std::vector<unsigned char>& png, const cv::Scalar& colour, const std::string& saveAs,
             int tolerance = 30) {
  const auto dir = std::filesystem::path(::testing::TempDir()) / "tessera-browser-screenshots";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / saveAs, std::ios::binary).write(reinterpret_cast<const char*>(png.data()),
                                                     static_cast<std::streamsize>(png.size()));
  const cv::Mat img = cv::imdecode(png, cv::IMREAD_COLOR);
  if (img.empty()) return -1;
  cv::Mat mask;
  const cv::Scalar t(tolerance, tolerance, tolerance);
  cv::inRange(img, colour - t, colour + t, mask);
  return cv::countNonZero(mask);
}

class BrowserTest : public ::testing::Test {
 protected:
  void SetUp() override {
    browser_ = HeadlessBrowser::find();
    if (browser_.empty()) GTEST_SKIP() << "no chromium installed (scripts/setup.sh installs it)";
  }
  std::string browser_;
};

TEST_F(BrowserTest, ShowsTheGameLiveAndTakesHintAndTakeback) {
  ServedTable table("chess");
  HeadlessBrowser page(browser_, "http://127.0.0.1:" + std::to_string(table.port()) + "/");
  ASSERT_EQ(page.waitFor("document.getElementById('conn').textContent", "live"), "live");
  EXPECT_EQ(page.evaluate("document.body.dataset.actions"), "0");
  const int amberBefore = pixelsOf(page.screenshot(), display::kLastAction, "start.png");

  table.play("e4");
  EXPECT_EQ(page.waitFor("document.body.dataset.actions", "1"), "1") << "the board updates without a reload";
  table.play("c5");
  EXPECT_EQ(page.waitFor("document.body.dataset.actions", "2"), "2");
  EXPECT_EQ(page.waitFor("document.getElementById('record').textContent.trim()", "1. e4 c5"), "1. e4 c5");
  ASSERT_EQ(page.waitFor("document.getElementById('board').complete && "
                         "document.getElementById('board').src.includes('r=' + document.body.dataset.revision)",
                         "true"),
            "true");
  EXPECT_GT(pixelsOf(page.screenshot(), display::kLastAction, "after-c5.png"), amberBefore + 500)
      << "the last action is framed on the board image";

  page.evaluate("document.getElementById('hint').click()");
  EXPECT_EQ(page.waitFor("document.getElementById('message').textContent.startsWith('suggested:')", "true"), "true");
  page.waitFor("document.getElementById('board').complete && "
               "document.getElementById('board').src.includes('r=' + document.body.dataset.revision)",
               "true");
  EXPECT_GT(pixelsOf(page.screenshot(), display::kArrow, "hint.png"), 300) << "the hint's arrows are drawn";

  page.evaluate("document.getElementById('takeback').click()");
  EXPECT_EQ(page.waitFor("document.body.dataset.actions", "1"), "1");
  EXPECT_EQ(table.onLoop([&] { return table.actions(); }), 1);
}

TEST_F(BrowserTest, AnswersAPromotionChoiceWithItsButton) {
  SessionOptions o;
  o.startPosition = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
  ServedTable table("chess", o);
  HeadlessBrowser page(browser_, "http://127.0.0.1:" + std::to_string(table.port()) + "/");
  ASSERT_EQ(page.waitFor("document.getElementById('conn').textContent", "live"), "live");
  table.play("a8=Q");
  ASSERT_EQ(page.waitFor("document.querySelectorAll('#choices button').length", "4"), "4");
  const std::string knight =
      page.evaluate("[...document.querySelectorAll('#choices button')].find(b => b.textContent.includes('a8=N')).id");
  ASSERT_FALSE(knight.empty());
  pixelsOf(page.screenshot(), display::kLastAction, "promotion-choice.png");
  page.evaluate("document.getElementById('" + knight + "').click()");
  EXPECT_EQ(page.waitFor("document.getElementById('record').textContent.trim()", "1. a8=N"), "1. a8=N");
  EXPECT_EQ(page.evaluate("document.querySelectorAll('#choices button').length"), "0");
}

}  // namespace
}  // namespace tessera::session
