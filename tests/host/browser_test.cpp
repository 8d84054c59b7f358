// The web page in a real browser (headless Chromium): the board updates live during a game, the
// hint, takeback and promotion-choice buttons work, and screenshots show the board's marks.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <opencv2/imgcodecs.hpp>

#include "core/rules/position_text.hpp"
#include "host/views/display/board_palette.hpp"
#include "headless_browser.hpp"
#include "host/web/board_json.hpp"
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

// The page has had a state, and has drawn the board of the last one it had. (Before the first, both
// revisions are undefined, and equal.)
constexpr const char* kBoardDrawn =
    "document.body.dataset.revision !== undefined && "
    "document.getElementById('board').dataset.revision === document.body.dataset.revision";

// Whether the page commands the board: "watching", "paired" or "read-only" (pairing.js).
constexpr const char* kAccess = "document.body.dataset.access";

// The address the board's QR code holds: the page, and the pairing code after '#'.
std::string pairedUrl(ServedTable& table) {
  return "http://127.0.0.1:" + std::to_string(table.port()) + "/#pair=" + table.code();
}

class BrowserTest : public ::testing::Test {
 protected:
  void SetUp() override {
    browser_ = HeadlessBrowser::find();
    if (browser_.empty()) GTEST_SKIP() << "no chromium installed (scripts/setup-tests.sh installs it)";
  }
  std::string browser_;
};

TEST_F(BrowserTest, ShowsTheGameLiveAndTakesHintAndTakeback) {
  ServedTable table("chess");
  HeadlessBrowser page(browser_, pairedUrl(table));
  ASSERT_EQ(page.waitFor(kAccess, "paired"), "paired");
  ASSERT_EQ(page.waitFor("document.getElementById('conn').textContent", "live"), "live");
  // The first state comes after the connection is live (CI once read the actions before it came).
  ASSERT_EQ(page.waitFor(kBoardDrawn, "true"), "true");
  EXPECT_EQ(page.evaluate("document.body.dataset.actions"), "0");
  const int amberBefore = pixelsOf(page.screenshot(), display::kLastAction, "start.png");

  table.play("e4");
  EXPECT_EQ(page.waitFor("document.body.dataset.actions", "1"), "1") << "the board updates without a reload";
  table.play("c5");
  EXPECT_EQ(page.waitFor("document.body.dataset.actions", "2"), "2");
  EXPECT_EQ(page.waitFor("document.getElementById('record').textContent.trim()", "1. e4 c5"), "1. e4 c5");
  ASSERT_EQ(page.waitFor(kBoardDrawn, "true"), "true");
  EXPECT_GT(pixelsOf(page.screenshot(), display::kLastAction, "after-c5.png"), amberBefore + 500)
      << "the last action is framed on the board";

  page.evaluate("document.getElementById('hint').click()");
  EXPECT_EQ(page.waitFor("document.getElementById('message').textContent.startsWith('suggested:')", "true"), "true");
  page.waitFor(kBoardDrawn, "true");
  EXPECT_GT(pixelsOf(page.screenshot(), display::kArrow, "hint.png"), 300) << "the hint's arrows are drawn";

  page.evaluate("document.getElementById('takeback').click()");
  EXPECT_EQ(page.waitFor("document.body.dataset.actions", "1"), "1");
  EXPECT_EQ(table.onLoop([&] { return table.actions(); }), 1);
}

TEST_F(BrowserTest, ShowsWhyACommandCouldNotBeCarriedOut) {
  ServedTable table("chess");
  HeadlessBrowser page(browser_, pairedUrl(table));
  ASSERT_EQ(page.waitFor(kAccess, "paired"), "paired");
  ASSERT_EQ(page.waitFor("document.getElementById('conn').textContent", "live"), "live");
  ASSERT_EQ(page.waitFor(kBoardDrawn, "true"), "true");
  page.evaluate("send('fly')");  // a page of an older build, say, sending a command this one lacks
  EXPECT_EQ(page.waitFor("document.getElementById('message').textContent", "unknown command 'fly'"),
            "unknown command 'fly'");
  EXPECT_EQ(page.evaluate("document.getElementById('conn').textContent"), "live") << "the page stays connected";
  table.play("e4");
  EXPECT_EQ(page.waitFor("document.body.dataset.actions", "1"), "1") << "and goes on showing the game";
}

// The middle of a square of the board in the viewport, wherever the page has put and scaled it:
// the board is drawn a unit a square, with half a square on the left and below for coordinates.
cv::Point squareCentre(HeadlessBrowser& page, int file, int rankFromTop) {
  const std::string box = "document.getElementById('board').getBoundingClientRect()";
  const double x = std::stod(page.evaluate(box + ".left + (" + std::to_string(file) + " + 1) * " + box +
                                           ".width / (board.files + 0.5)"));
  const double y = std::stod(page.evaluate(box + ".top + (" + std::to_string(rankFromTop) + " + 0.5) * " + box +
                                           ".height / (board.ranks + 0.5)"));
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
  HeadlessBrowser page(browser_, pairedUrl(table));
  ASSERT_EQ(page.waitFor(kAccess, "paired"), "paired");
  ASSERT_EQ(page.waitFor("document.getElementById('conn').textContent", "live"), "live");
  ASSERT_EQ(page.waitFor(kBoardDrawn, "true"), "true");
  const cv::Point g1 = squareCentre(page, 6, 7), f3 = squareCentre(page, 5, 5), e3 = squareCentre(page, 4, 5);
  EXPECT_FALSE(showsColourAt(page.screenshot(), f3, display::kLegalTarget));

  page.click(g1.x, g1.y);
  EXPECT_EQ(page.waitFor("document.getElementById('message').textContent", "White from g1: Nf3, Nh3"),
            "White from g1: Nf3, Nh3");
  ASSERT_EQ(page.waitFor(kBoardDrawn, "true"), "true");
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

// Found by an audit (2026-11-29): the page drew a drop (a colour square to put down, suggested or
// the engine's) as a plain blue ring, where the display draws what it puts down.
TEST_F(BrowserTest, ADropIsDrawnInTheColourItPutsDownAndTwoOnOneSquareBothShow) {
  ServedTable table("shifting-sands");
  HeadlessBrowser page(browser_, pairedUrl(table));
  ASSERT_EQ(page.waitFor(kAccess, "paired"), "paired");
  ASSERT_EQ(page.waitFor("document.getElementById('conn').textContent", "live"), "live");
  ASSERT_EQ(page.waitFor(kBoardDrawn, "true"), "true");
  const Position pos = startPosition(builtinVariant("shifting-sands"));
  const Square b3 = makeSquare(1, 2);
  display::BoardScene scene;
  scene.position = &pos;
  scene.arrows = {{b3, b3, 0, Surface::Purple}, {b3, b3, 1, Surface::Yellow}};
  page.evaluate("drawBoard(document.getElementById('board'), " + web::boardJson(scene).dump() + ")");
  const cv::Point centre = squareCentre(page, 1, pos.variant().size.ranks - 3);  // b3, counted from the top
  const int quarter = static_cast<int>(
      std::stod(page.evaluate("document.getElementById('board').getBoundingClientRect().width / (board.files + 0.5) / 4")));
  const auto shot = page.screenshot();
  pixelsOf(shot, display::surfaceColour(Surface::Purple), "drops-on-b3.png");
  EXPECT_TRUE(showsColourAt(shot, centre - cv::Point(quarter / 2, 0), display::surfaceColour(Surface::Purple)))
      << "the best line's purple drop, on the left";
  EXPECT_TRUE(showsColourAt(shot, centre + cv::Point(quarter / 2, 0), display::surfaceColour(Surface::Yellow)))
      << "the next line's yellow drop, beside it";
}

TEST_F(BrowserTest, OnAPhoneTheBoardIsAsWideAsTheScreenAndATapStillNamesTheSquare) {
  // Desert Dust's 12x12 board on a phone held upright (390 x 844 CSS pixels): the board, drawn in
  // the browser, takes the screen's width; the display's image beside its status panel took 60%.
  ServedTable table("desert-dust");
  HeadlessBrowser page(browser_, pairedUrl(table));
  ASSERT_EQ(page.waitFor(kAccess, "paired"), "paired");
  page.emulatePhone(390, 844, 3);
  ASSERT_EQ(page.waitFor("document.getElementById('conn').textContent", "live"), "live");
  ASSERT_EQ(page.waitFor(kBoardDrawn, "true"), "true");
  const double boardWidth = std::stod(page.evaluate("document.getElementById('board').getBoundingClientRect().width"));
  const double screenWidth = std::stod(page.evaluate("document.documentElement.clientWidth"));
  EXPECT_GE(boardWidth, 0.9 * screenWidth) << boardWidth << " of " << screenWidth;
  EXPECT_EQ(page.evaluate("document.querySelectorAll('#board text').length"), std::to_string(12 + 12))
      << "the coordinates";
  EXPECT_EQ(page.evaluate("document.querySelectorAll('#board .piece').length"), "96") << "the 96 pieces' figurines";
  pixelsOf(page.screenshot(), display::kLegalTarget, "phone-desert-dust.png");
  // The Pawn on e3 (file 4, the tenth rank from the top): where it can go.
  const cv::Point e3 = squareCentre(page, 4, 9);
  page.click(e3.x, e3.y);
  EXPECT_EQ(page.waitFor("document.getElementById('message').textContent.startsWith('White from e3: ')", "true"), "true")
      << page.evaluate("document.getElementById('message').textContent");
  EXPECT_EQ(table.onLoop([&] { return table.shownFrom(); }), "e3");
}

TEST_F(BrowserTest, FourPlayersRecordIsNumberedByRounds) {
  ServedTable table("chameleon-redux-4p");
  HeadlessBrowser page(browser_, pairedUrl(table));
  ASSERT_EQ(page.waitFor(kAccess, "paired"), "paired");
  ASSERT_EQ(page.waitFor("document.getElementById('conn').textContent", "live"), "live");
  std::vector<std::string> played;
  for (int i = 0; i < 5; ++i) played.push_back(table.playFirstLegal());
  const std::string expected =
      "1. " + played[0] + " " + played[1] + " " + played[2] + " " + played[3] + " 2. " + played[4];
  EXPECT_EQ(page.waitFor("document.getElementById('record').textContent.trim()", expected), expected);
  EXPECT_EQ(page.evaluate("document.getElementById('resign').style.display"), "none") << "no resignation with four";
  EXPECT_EQ(page.evaluate("document.getElementById('draw').style.display"), "none");
}

// Audit 2026-11-28 (evening): the confirmation said "Resign?" whoever it was for.
TEST_F(BrowserTest, ResignSaysWhoResignsAndGoesOnceTheGameIsOver) {
  ServedTable table("chess");
  HeadlessBrowser page(browser_, pairedUrl(table));
  ASSERT_EQ(page.waitFor(kAccess, "paired"), "paired");
  ASSERT_EQ(page.waitFor("document.getElementById('conn').textContent", "live"), "live");
  table.play("e4");
  ASSERT_EQ(page.waitFor("document.getElementById('record').textContent.trim()", "1. e4"), "1. e4");
  EXPECT_EQ(page.evaluate("document.getElementById('resign').style.display"), "");
  page.evaluate("window.confirm = q => { document.body.dataset.asked = q; return true; }");
  page.evaluate("document.getElementById('resign').click()");
  EXPECT_EQ(page.waitFor("document.body.dataset.asked", "Black resigns?"), "Black resigns?");
  EXPECT_EQ(page.waitFor("document.getElementById('result').textContent", "1-0 Black resigns"), "1-0 Black resigns");
  EXPECT_EQ(page.waitFor("document.getElementById('resign').style.display", "none"), "none");
  // Since 2026-11-29 Take back withdraws the resignation alone: Resign and Draw come back.
  page.evaluate("document.getElementById('takeback').click()");
  EXPECT_EQ(page.waitFor("document.getElementById('result').textContent", ""), "");
  EXPECT_EQ(page.evaluate("document.getElementById('resign').style.display"), "");
  EXPECT_EQ(page.evaluate("document.getElementById('draw').style.display"), "");
  EXPECT_EQ(page.evaluate("document.getElementById('record').textContent.trim()"), "1. e4");
}

TEST_F(BrowserTest, AnswersAPromotionChoiceWithItsButton) {
  SessionOptions o;
  o.startPosition = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
  ServedTable table("chess", o);
  HeadlessBrowser page(browser_, pairedUrl(table));
  ASSERT_EQ(page.waitFor(kAccess, "paired"), "paired");
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

// Issue 72: the page served under its Content-Security-Policy (no inline script or style, only
// its own files) works, unpaired and paired: no violation is reported while a person watches,
// pairs with the typed code after a wrong one, and commands; an inline script is blocked.
TEST_F(BrowserTest, UnpairedThePageWatchesAndPairsWithTheTypedCodeUnderItsPolicy) {
  ServedTable table("chess");
  HeadlessBrowser page(browser_, "http://127.0.0.1:" + std::to_string(table.port()) + "/");
  page.evaluateOnEveryPage(
      "window.violations = []; document.addEventListener('securitypolicyviolation', "
      "e => violations.push(e.violatedDirective + ' ' + e.blockedURI));");
  page.reload();
  ASSERT_EQ(page.waitFor("document.getElementById('conn').textContent", "live"), "live");
  ASSERT_EQ(page.waitFor(kBoardDrawn, "true"), "true");
  EXPECT_EQ(page.waitFor(kAccess, "watching"), "watching");
  EXPECT_EQ(page.evaluate("document.getElementById('pairing').hidden"), "false") << "the pairing form is shown";
  EXPECT_EQ(page.evaluate("getComputedStyle(document.getElementById('hint')).display"), "none") << "no command button";
  EXPECT_EQ(page.evaluate("getComputedStyle(document.getElementById('pgn')).display"), "inline-block") << "the PGN is anyone's";
  table.play("e4");
  EXPECT_EQ(page.waitFor("document.body.dataset.actions", "1"), "1") << "it watches the game";
  pixelsOf(page.screenshot(), display::kLastAction, "unpaired.png");

  // A tap on the board, unpaired, is refused and says why.
  page.evaluate("send('show e2')");
  EXPECT_EQ(page.waitFor("document.getElementById('message').textContent.startsWith('watching only')", "true"), "true");
  EXPECT_EQ(table.onLoop([&] { return table.shownFrom(); }), "");

  const std::string code = table.code();
  const std::string wrong = code == "123456" ? "654321" : "123456";
  const auto typeAndPair = [&](const std::string& typed) {
    page.evaluate("document.getElementById('pairing-code').value = '" + typed + "'");
    page.evaluate("document.getElementById('pair').click()");
  };
  typeAndPair(wrong);
  EXPECT_EQ(page.waitFor("document.getElementById('pairing-note').textContent",
                         "wrong code: 4 tries left before pairing locks"),
            "wrong code: 4 tries left before pairing locks");
  typeAndPair(code);
  ASSERT_EQ(page.waitFor(kAccess, "paired"), "paired");
  EXPECT_EQ(page.evaluate("document.getElementById('pairing').hidden"), "true");
  EXPECT_EQ(page.evaluate("document.cookie"), "") << "the token is out of the page's scripts' reach";
  EXPECT_EQ(page.waitFor("document.getElementById('conn').textContent", "live"), "live");
  EXPECT_EQ(page.evaluate("getComputedStyle(document.getElementById('hint')).display"), "inline-block");
  page.evaluate("document.getElementById('hint').click()");
  EXPECT_EQ(page.waitFor("document.getElementById('message').textContent.startsWith('suggested:')", "true"), "true");
  ASSERT_EQ(page.waitFor(kBoardDrawn, "true"), "true");
  EXPECT_GT(pixelsOf(page.screenshot(), display::kArrow, "paired-hint.png"), 300) << "drawn under the policy";
  EXPECT_EQ(page.evaluate("violations.length"), "0") << page.evaluate("violations.join(', ')");

  // The policy is in force: a script put into the page inline does not run, and is reported.
  EXPECT_EQ(page.evaluate("(() => { const s = document.createElement('script'); s.textContent = 'window.ran = 1';"
                          " document.body.appendChild(s); return window.ran === 1; })()"),
            "false");
  EXPECT_EQ(page.waitFor("violations.length", "1"), "1");
}

// The QR code's address pairs at once and its code leaves the address bar; a new game unpairs the
// page, which shows the pairing form again.
TEST_F(BrowserTest, TheQrCodesAddressPairsAndANewGameUnpairs) {
  ServedTable table("chess");
  HeadlessBrowser page(browser_, pairedUrl(table));
  ASSERT_EQ(page.waitFor(kAccess, "paired"), "paired");
  EXPECT_EQ(page.evaluate("location.hash"), "") << "the code is not kept in the address or the history";
  table.play("e4");
  ASSERT_EQ(page.waitFor("document.body.dataset.actions", "1"), "1");
  page.evaluate("window.confirm = () => true");
  page.evaluate("document.getElementById('new').click()");
  EXPECT_EQ(page.waitFor("document.body.dataset.actions", "0"), "0");
  EXPECT_EQ(page.waitFor(kAccess, "watching"), "watching");
  EXPECT_EQ(page.evaluate("document.getElementById('pairing').hidden"), "false");
  page.evaluate("send('hint')");
  EXPECT_EQ(page.waitFor("document.getElementById('message').textContent.includes('not paired with this board')", "true"), "true");
}

TEST_F(BrowserTest, AReadOnlyPageShowsTheGameAndNoButtonNorPairing) {
  ServedTable table("chess", {}, true);
  HeadlessBrowser page(browser_, "http://127.0.0.1:" + std::to_string(table.port()) + "/");
  EXPECT_EQ(page.waitFor(kAccess, "read-only"), "read-only");
  table.play("e4");
  EXPECT_EQ(page.waitFor("document.body.dataset.actions", "1"), "1");
  EXPECT_EQ(page.evaluate("document.getElementById('pairing').hidden"), "true");
  EXPECT_EQ(page.evaluate("getComputedStyle(document.getElementById('resign')).display"), "none");
}

}  // namespace
}  // namespace tessera::session
