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

// The middle of a square of the board image in the viewport, wherever the page has put and scaled
// it: the square's centre in board.png's pixels (from the geometry the page has from the state), scaled.
cv::Point squareCentre(HeadlessBrowser& page, int file, int rankFromTop) {
  const auto centre = [](int index) { return "(board.margin + (" + std::to_string(index) + " + 0.5) * board.cell)"; };
  const std::string img = "document.getElementById('board')";
  const double x = std::stod(page.evaluate(img + ".getBoundingClientRect().left + " + img + ".clientLeft + " +
                                           centre(file) + " * " + img + ".clientWidth / board.width"));
  const double y = std::stod(page.evaluate(img + ".getBoundingClientRect().top + " + img + ".clientTop + " +
                                           centre(rankFromTop) + " * " + img + ".clientHeight / board.height"));
  return {static_cast<int>(x), static_cast<int>(y)};
}

bool showsColourAt(const std::vector<unsigned char>& png, cv::Point at, const cv::Scalar& colour) {
  const cv::Mat img = cv::imdecode(png, cv::IMREAD_COLOR);
  if (img.empty() || !cv::Rect(0, 0, img.cols, img.rows).contains(at)) return false;
  const cv::Vec3b p = img.at<cv::Vec3b>(at);
  for (int c = 0; c < 3; ++c)
    if (std::abs(p[c] - colour[c]) > 30) return false;
  return true;
}

TEST_F(BrowserTest, ATapOnAPieceShowsWhereItCanGo) {
  ServedTable table("chess");
  HeadlessBrowser page(browser_, "http://127.0.0.1:" + std::to_string(table.port()) + "/");
  ASSERT_EQ(page.waitFor("document.getElementById('conn').textContent", "live"), "live");
  const std::string imageShown = "document.getElementById('board').complete && "
                                 "document.getElementById('board').src.includes('r=' + document.body.dataset.revision)";
  ASSERT_EQ(page.waitFor(imageShown, "true"), "true");
  const cv::Point g1 = squareCentre(page, 6, 7), f3 = squareCentre(page, 5, 5), e3 = squareCentre(page, 4, 5);
  EXPECT_FALSE(showsColourAt(page.screenshot(), f3, display::kLegalTarget));

  page.click(g1.x, g1.y);
  EXPECT_EQ(page.waitFor("document.getElementById('message').textContent", "White from g1: Nf3, Nh3"),
            "White from g1: Nf3, Nh3");
  ASSERT_EQ(page.waitFor(imageShown, "true"), "true");
  const auto tapped = page.screenshot();
  pixelsOf(tapped, display::kLegalTarget, "g1-tapped.png");
  EXPECT_TRUE(showsColourAt(tapped, f3, display::kLegalTarget)) << "a destination's dot";
  EXPECT_FALSE(showsColourAt(tapped, e3, display::kLegalTarget));
  EXPECT_EQ(table.onLoop([&] { return table.shownFrom(); }), "g1");

  page.click(g1.x, g1.y);  // again
  EXPECT_EQ(page.waitFor("document.getElementById('message').textContent", "actions from g1 hidden"),
            "actions from g1 hidden");
  EXPECT_EQ(table.onLoop([&] { return table.shownFrom(); }), "");
}

TEST_F(BrowserTest, FourPlayersRecordIsNumberedByRounds) {
  ServedTable table("chameleon-redux-4p");
  HeadlessBrowser page(browser_, "http://127.0.0.1:" + std::to_string(table.port()) + "/");
  ASSERT_EQ(page.waitFor("document.getElementById('conn').textContent", "live"), "live");
  std::vector<std::string> played;
  for (int i = 0; i < 5; ++i) played.push_back(table.playFirstLegal());
  const std::string expected =
      "1. " + played[0] + " " + played[1] + " " + played[2] + " " + played[3] + " 2. " + played[4];
  EXPECT_EQ(page.waitFor("document.getElementById('record').textContent.trim()", expected), expected);
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
