// The web page at the sizes players use it, for every variant, in headless Chromium: a phone held
// upright (390x844), a laptop (1366x900), the Pi's 7-inch screen (800x480) and a 1080p monitor.
// After a few actions with hints on, the page must show each piece as its type's figurine, each
// side's clock, the move list with the current action marked, the evaluation bar (four players:
// each side's standing, and the review's line per side), the Shifting
// Sands pool or Tiled Squares' tiles, the legend of the fairy pieces, and no text may run out of
// its box or make the page scroll sideways. The review panel: the evaluation plotted over the
// game, the biggest swings marked, a click on the plot showing that position.
// TESSERA_PAGE_PICTURES=folder keeps the screenshots (docs/pictures/ holds some).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <thread>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "core/rules/move_text.hpp"
#include "core/rules/movegen.hpp"
#include "headless_browser.hpp"
#include "served_table.hpp"

namespace tessera::session {
namespace {

using tessera::testing::HeadlessBrowser;

constexpr const char* kBoardDrawn =
    "document.body.dataset.revision !== undefined && "
    "document.getElementById('board').dataset.revision === document.body.dataset.revision";

// Plays `plies` actions: a capture on every second one where there is one, else one picked by a
// fixed rule, so that every run plays the same game. `waitForHints`: each action after the hint for
// the side to act has come (an action cancels a hint still being searched), as players take turns.
void playSomeActions(ServedTable& table, int plies, bool waitForHints = false) {
  for (int ply = 0; ply < plies; ++ply) {
    const std::string text = table.onLoop([&] {
      if (table.session().result().finished()) return std::string();
      Position pos = table.session().game().position();
      MoveList moves;
      generateLegal(pos, moves);
      if (moves.empty()) return std::string();
      const Move* chosen = &moves[(ply * 7 + 3) % moves.size()];
      for (const Move& m : moves)
        if (isPieceMove(m.kind) && pos.at(m.to) && ply % 2 == 1) {
          chosen = &m;
          break;
        }
      return san(pos, *chosen);
    });
    if (text.empty()) return;
    if (waitForHints)
      for (int wait = 0; wait < 100 && !table.onLoop([&] { return table.session().hintScore().has_value(); }); ++wait)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    table.play(text);
  }
}

void keep(const std::vector<unsigned char>& png, const std::string& name) {
  const char* folder = std::getenv("TESSERA_PAGE_PICTURES");
  if (!folder) return;
  std::ofstream(std::string(folder) + "/" + name, std::ios::binary)
      .write(reinterpret_cast<const char*>(png.data()), static_cast<std::streamsize>(png.size()));
}

// Every visible element with text of its own that runs past its box or the page's width, and the
// page scrolling sideways: "" when none.
constexpr const char* kTextOutOfItsBox = R"JS((() => {
  const bad = [], width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > width + 1)
    bad.push('the page scrolls sideways: ' + document.documentElement.scrollWidth + ' > ' + width);
  for (const el of document.querySelectorAll('header *, #side *, #boardbox *')) {
    if (el.closest('svg') || el.getClientRects().length === 0) continue;
    if (![...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
    const style = getComputedStyle(el), r = el.getBoundingClientRect();
    const name = (el.id || el.className || el.tagName) + ' "' + el.textContent.trim().slice(0, 30) + '"';
    if (style.display !== 'inline' && el.scrollWidth > el.clientWidth + 1 && style.overflowX !== 'auto')
      bad.push(name + ' wider than its box');
    if (r.right > width + 1 || r.left < -1) bad.push(name + ' beyond the page');
    const parent = el.parentElement.getBoundingClientRect();
    if (style.display === 'inline' && (r.right > parent.right + 1 || r.left < parent.left - 1))
      bad.push(name + ' beyond its parent');
  }
  return bad.join('; ');
})())JS";

// Each piece of the board is drawn as its type's figurine, every layer of it: "" when so.
constexpr const char* kPiecesAsFigurines = R"JS((() => {
  const b = window.tesseraState.board, drawn = [...document.querySelectorAll('#board .piece')];
  if (drawn.length !== b.pieces.length) return drawn.length + ' pieces drawn of ' + b.pieces.length;
  for (let i = 0; i < drawn.length; ++i) {
    const type = b.pieces[i][5], glyph = b.glyphs[type];
    if (glyph.design === 'letter') return 'type ' + type + ' has no figurine';
    if (Number(drawn[i].dataset.type) !== type) return 'piece ' + i + ' drawn as type ' + drawn[i].dataset.type;
    if (drawn[i].querySelectorAll('path').length !== glyph.layers.length) return 'piece ' + i + ' lacks layers';
  }
  return '';
})())JS";

// What the panel must show, from the state the page was given: "" when all of it shows.
constexpr const char* kPanelShowsTheView = R"JS((() => {
  const v = window.tesseraState.view, missing = [];
  const visible = el => el && el.getClientRects().length > 0;
  v.sides.forEach((s, i) => {
    const row = document.getElementById('side-' + i);
    if (!visible(row) || !row.textContent.includes(s.name) || !row.textContent.includes(s.clock))
      missing.push(s.name + "'s clock");
    if (row && row.querySelectorAll('.taken svg').length !== s.captured.length) missing.push(s.name + "'s captures");
  });
  const current = document.querySelector('#record .current');
  if (v.record.length && (!visible(current) || current.textContent !== v.record[v.current][2])) missing.push('the current move');
  if (v.pool.length && (!visible(document.getElementById('pool')) ||
      document.querySelectorAll('#pool .swatch').length !== v.pool.length)) missing.push('the pool');
  if (v.tiles && !visible(document.getElementById('tiles'))) missing.push('the tiles');
  v.sides.forEach((s, i) => {  // four players: each side's standing on a gauge in its row
    if (!s.standing) return;
    const gauge = document.querySelector('#side-' + i + ' .standing');
    if (!visible(gauge) || gauge.querySelector('.standingtext').textContent !== s.standing.text) {
      missing.push(s.name + "'s standing");
      return;
    }
    const fill = gauge.querySelector('.standingfill').getBoundingClientRect(), all = gauge.getBoundingClientRect();
    if (Math.abs(fill.width - all.width * s.standing.share) > 3) missing.push(s.name + "'s gauge filled as its share");
  });
  if (v.evaluation && (document.getElementById('evalbar').hidden ||
      document.getElementById('evaltext').textContent !== v.evaluation.text)) missing.push('the evaluation');
  const fairy = v.legend.filter(e => !e.orthodox).length;
  if (document.querySelectorAll('#legend .legendentry').length !== fairy) missing.push('the legend');
  return missing.join(', ');
})())JS";

struct Size {
  const char* name;
  int width, height;
  double scale;
};
const Size kSizes[] = {{"phone-390x844", 390, 844, 2},
                       {"laptop-1366x900", 1366, 900, 1},
                       {"pi-800x480", 800, 480, 1},
                       {"monitor-1920x1080", 1920, 1080, 1}};

// Four players: the review plots a line per side in its colour (its own score at its turns), marks
// each side's swings on its line and in the move list, names the sides, keeps within the page at
// every size, and a click on the plot shows that position.
void expectALinePerSideInTheReview(HeadlessBrowser& page, const std::string& variant) {
  page.emulatePhone(1366, 900, 1);
  page.evaluate("document.getElementById('review-open').click()");
  ASSERT_EQ(page.waitFor("document.getElementById('review').dataset.loaded", "true", 60), "true") << variant;
  EXPECT_EQ(page.evaluate("String(review.series.length)"), "4") << variant;
  const std::string lines = page.evaluate(R"JS((() => {
    const bad = [], sides = window.tesseraState.view.sides;
    for (const s of review.series) {
      const line = document.querySelector('#plot polyline.sideline[data-side="' + s.side + '"]');
      if (!line) { bad.push('no line for ' + s.name); continue; }
      if (line.getAttribute('points').split(' ').length !== s.points.length) bad.push(s.name + "'s line lacks points");
      if (line.getAttribute('stroke') !== sides[s.side].colour) bad.push(s.name + "'s line not in its colour");
      if (line.getBoundingClientRect().width < 100) bad.push(s.name + "'s line too short to see");
      for (const ply of s.swings)
        if (!document.querySelector('#plot line.swing[data-side="' + s.side + '"][data-ply="' + ply + '"]'))
          bad.push(s.name + "'s swing at " + ply + ' not marked');
      if (!document.getElementById('review-key').textContent.includes(s.name)) bad.push(s.name + ' not named');
    }
    if (document.querySelectorAll('#review-record .swing').length !== review.swings.length) bad.push('the move list lacks swings');
    return bad.join('; ');
  })())JS");
  EXPECT_EQ(lines, "") << variant;
  EXPECT_NE(page.evaluate("String(review.series.reduce((n, s) => n + s.swings.length, 0))"), "0")
      << variant << ": some side's score moved in twelve actions";
  for (const Size& size : kSizes) {
    page.emulatePhone(size.width, size.height, size.scale);
    const std::string fits = page.evaluate(
        "(() => { const w = document.documentElement.clientWidth, p = document.getElementById('plot').getBoundingClientRect();"
        " return p.width > 0.8 * w && p.right <= w + 1 && document.getElementById('review-key').getBoundingClientRect().right <= w + 1; })()");
    EXPECT_EQ(fits, "true") << variant << " review at " << size.name;
    // The review covers the game's panel, its gauges too (their figures once showed through it).
    EXPECT_EQ(page.evaluate("[...document.querySelectorAll('#sides .standingtext')].every(e => {"
                            " const r = e.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;"
                            " return x < 0 || y < 0 || x >= innerWidth || y >= innerHeight ||"
                            " document.elementFromPoint(x, y).closest('#review') !== null; })"),
              "true")
        << variant << " review at " << size.name;
    keep(page.screenshot(), "page-review-" + variant + "-" + std::string(size.name) + ".png");
  }
  // A click on the plot at the fifth position shows it, and says whose turn it was and its score.
  page.emulatePhone(1366, 900, 1);
  const double x = std::stod(page.evaluate(
      "(() => { const r = document.getElementById('plot').getBoundingClientRect();"
      " return r.left + r.width * 4 / (review.positions.length - 1); })()"));
  const double y = std::stod(page.evaluate(
      "(() => { const r = document.getElementById('plot').getBoundingClientRect(); return r.top + r.height / 2; })()"));
  page.click(x, y);
  EXPECT_EQ(page.waitFor("document.getElementById('review').dataset.ply", "4"), "4") << variant;
  EXPECT_EQ(page.evaluate("document.getElementById('review-at').textContent.includes("
                          "review.series[review.positions[4].toAct].name + ' to act: ' + review.positions[4].text)"),
            "true")
      << page.evaluate("document.getElementById('review-at').textContent");
  page.evaluate("document.getElementById('review-close').click()");
}

class PageLayoutTest : public ::testing::Test {
 protected:
  void SetUp() override {
    browser_ = HeadlessBrowser::find();
    if (browser_.empty()) GTEST_SKIP() << "no chromium installed (scripts/setup-tests.sh installs it)";
  }
  std::string browser_;
};

// One variant per test, so that each stays well within the test's time limit on a slow machine.
class PageLayoutOfVariant : public PageLayoutTest, public ::testing::WithParamInterface<std::string> {};

TEST_P(PageLayoutOfVariant, AtEverySizeShowsTheViewAndNoTextLeavesItsBox) {
  {
    const std::string& variant = GetParam();
    SessionOptions o;
    o.mode = PlayMode::Hints;
    o.hintMillis = 40;
    o.hintLines = 2;
    o.autoChoose = true;
    ServedTable table(variant.c_str(), o);
    HeadlessBrowser page(browser_, "http://127.0.0.1:" + std::to_string(table.port()) + "/");
    ASSERT_EQ(page.waitFor("document.getElementById('conn').textContent", "live"), "live") << variant;
    const bool fourSides = builtinVariant(variant).sides > 2;
    playSomeActions(table, 12, fourSides);
    const int actions = table.onLoop([&] { return table.actions(); });
    ASSERT_EQ(page.waitFor("document.body.dataset.actions", std::to_string(actions)), std::to_string(actions)) << variant;
    if (!fourSides)
      EXPECT_EQ(page.waitFor("!document.getElementById('evalbar').hidden", "true"), "true") << variant << ": the hints' evaluation";
    else  // each side's own standing instead, once each has been to act with hints on
      EXPECT_EQ(page.waitFor("window.tesseraState.view.sides.every(s => !s.inGame || s.standing !== null) && "
                             "document.querySelectorAll('#sides .standing').length === "
                             "window.tesseraState.view.sides.filter(s => s.standing).length", "true"), "true")
          << variant << ": every side's standing";
    for (const Size& size : kSizes) {
      const std::string where = variant + " at " + size.name;
      page.emulatePhone(size.width, size.height, size.scale);
      ASSERT_EQ(page.waitFor(kBoardDrawn, "true"), "true") << where;
      EXPECT_EQ(page.evaluate(kPiecesAsFigurines), "") << where;
      EXPECT_EQ(page.evaluate(kPanelShowsTheView), "") << where;
      EXPECT_EQ(page.evaluate(kTextOutOfItsBox), "") << where;
      // The board in sight, whole, without scrolling (a phone's page scrolls down to the panel).
      const std::string boardInView = page.evaluate(
          "(() => { const r = document.getElementById('board').getBoundingClientRect();"
          " return r.left >= 0 && r.right <= document.documentElement.clientWidth + 1 && r.width > 200 &&"
          " r.bottom <= window.innerHeight + 1; })()");
      EXPECT_EQ(boardInView, "true") << where;
      const auto png = page.screenshot();
      keep(png, "page-" + variant + "-" + std::string(size.name) + ".png");
      // White's figurines are in the picture: their body colour, in a good number of pixels.
      const cv::Mat img = cv::imdecode(png, cv::IMREAD_COLOR);
      cv::Mat white;
      cv::inRange(img, cv::Scalar(245, 245, 245), cv::Scalar(255, 255, 255), white);
      EXPECT_GT(cv::countNonZero(white), 500) << where;
    }
    if (fourSides) expectALinePerSideInTheReview(page, variant);
  }
}

INSTANTIATE_TEST_SUITE_P(EveryVariant, PageLayoutOfVariant, ::testing::ValuesIn(builtinVariantNames()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param;
                           for (char& c : name)
                             if (c == '-') c = '_';
                           return name;
                         });

TEST_F(PageLayoutTest, TheReviewPlotsTheEvaluationMarksTheSwingsAndShowsAnyPosition) {
  table::TableOptions options;
  options.reviewNodesPerPosition = 150'000;  // a review of a second or more, as on a Pi
  ServedTable table("chess", options);
  HeadlessBrowser page(browser_, "http://127.0.0.1:" + std::to_string(table.port()) + "/");
  page.emulatePhone(1366, 900, 1);
  ASSERT_EQ(page.waitFor("document.getElementById('conn').textContent", "live"), "live");
  // White leaves its Queen to be taken: the evaluation swings there.
  for (const char* san : {"e4", "e5", "Qh5", "Nc6", "Qxf7+", "Kxf7", "Nf3", "d6"}) table.play(san);
  ASSERT_EQ(page.waitFor("document.body.dataset.actions", "8"), "8");
  page.evaluate("document.getElementById('review-open').click()");
  // The server searches the positions beside its loop: the page says so, and fills in when done.
  ASSERT_EQ(page.waitFor("document.getElementById('review').dataset.computing", "true"), "true");
  EXPECT_EQ(page.evaluate("document.getElementById('review-status').textContent.startsWith('computing the review: ')"), "true")
      << page.evaluate("document.getElementById('review-status').textContent");
  EXPECT_EQ(page.evaluate("document.getElementById('conn').textContent"), "live");
  ASSERT_EQ(page.waitFor("document.getElementById('review').dataset.loaded", "true", 60), "true");
  EXPECT_EQ(page.evaluate("document.getElementById('review').dataset.computing"), "false");
  EXPECT_EQ(page.evaluate("review.positions.length"), "9") << "the start and eight actions";
  EXPECT_EQ(page.evaluate("document.querySelector('#plot polyline').getAttribute('points').split(' ').length"), "9");
  const std::string swings = page.evaluate("JSON.stringify(review.swings)");
  EXPECT_NE(page.evaluate("review.swings.includes(5) || review.swings.includes(6)"), "false")
      << "the Queen given away (5. Qxf7+ / Kxf7) is among the biggest swings: " << swings;
  EXPECT_EQ(page.evaluate("document.querySelectorAll('#plot line.swing').length"),
            page.evaluate("String(review.swings.length)"));
  EXPECT_EQ(page.evaluate("document.querySelectorAll('#review-record .swing').length"),
            page.evaluate("String(review.swings.length)")) << "the swings marked in the move list too";
  EXPECT_EQ(page.evaluate("Number(review.positions[8].evaluation) < -300"), "true")
      << "Black a Queen up for a Pawn: " << page.evaluate("review.positions[8].text");
  // A click on the plot at the third position (after 1... e5) shows that position.
  const double x = std::stod(page.evaluate(
      "(() => { const r = document.getElementById('plot').getBoundingClientRect(); return r.left + r.width * 2 / 8; })()"));
  const double y = std::stod(page.evaluate(
      "(() => { const r = document.getElementById('plot').getBoundingClientRect(); return r.top + r.height / 2; })()"));
  page.click(x, y);
  EXPECT_EQ(page.waitFor("document.getElementById('review').dataset.ply", "2"), "2");
  EXPECT_EQ(page.evaluate("document.querySelectorAll('#review-board .piece').length"), "32");
  EXPECT_EQ(page.evaluate("document.getElementById('review-at').textContent.startsWith('1... e5')"), "true")
      << page.evaluate("document.getElementById('review-at').textContent");
  // A move of the list shows its position.
  page.evaluate("document.querySelector('#review-record [data-index=\"4\"]').click()");
  EXPECT_EQ(page.waitFor("document.getElementById('review').dataset.ply", "5"), "5");
  EXPECT_EQ(page.evaluate("document.querySelectorAll('#review-board .piece').length"), "31") << "after Qxf7+";
  keep(page.screenshot(), "page-review-chess-laptop-1366x900.png");
  // The game goes on while the review is open: the review of the game as it is now comes.
  table.play("Nc3");
  EXPECT_EQ(page.waitFor("String(review.positions.length)", "10", 60), "10");
  EXPECT_EQ(page.evaluate("review.positions[9].san"), "Nc3");
  page.evaluate("document.getElementById('review-close').click()");
  EXPECT_EQ(page.evaluate("document.getElementById('review').hidden"), "true");
}

}  // namespace
}  // namespace tessera::session
