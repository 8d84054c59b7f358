// Readable from two metres: the letters the players read from their chairs (the pieces, what the
// game waits for) are measured on the drawn image, in pixels, and turned into the angle they
// subtend on a given screen seen from 2 m. The bar is 16 minutes of arc, the smallest character
// height ISO 9241-303 accepts for reading (about 9.3 mm at 2 m). The figures are in docs/display.md.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/rules/position_text.hpp"
#include "display_probe.hpp"
#include "host/views/display/board_painter.hpp"
#include "host/views/display/board_palette.hpp"

namespace tessera::display {
namespace {

struct Screen {
  const char* name;
  cv::Size pixels;
  double heightMm;  // of the active area
};

const Screen kPiTouch7{"7-inch Pi Touch Display 800x480", {800, 480}, 85.92};
const Screen kPanel10{"10.1-inch 1280x800", {1280, 800}, 135.6};
const Screen kMonitor15{"15.6-inch 1920x1080", {1920, 1080}, 193.59};
const Screen kMonitor22{"21.5-inch 1920x1080", {1920, 1080}, 267.79};

constexpr double kDistanceMm = 2000;
constexpr double kMinimumArcMinutes = 16;

double arcMinutes(int pixels, const Screen& screen) {
  const double mm = pixels * screen.heightMm / screen.pixels.height;
  return 2 * std::atan(mm / 2 / kDistanceMm) * 180 / M_PI * 60;
}

// Height in pixels of the first line of what is drawn in `colour` inside `area`: from the first row
// that holds such pixels to the last before a row that holds none (0 if none).
int inkHeight(const cv::Mat& img, const cv::Rect& area, const cv::Scalar& colour) {
  int top = -1, bottom = -1;
  for (int y = area.y; y < area.y + area.height; ++y) {
    bool ink = false;
    for (int x = area.x; x < area.x + area.width && !ink; ++x) ink = near(img.at<cv::Vec3b>(y, x), colour, 40);
    if (ink) {
      if (top < 0) top = y;
      bottom = y;
    } else if (top >= 0) {
      break;
    }
  }
  return top < 0 ? 0 : bottom - top + 1;
}

// Rows from the first that holds pixels near `colour` inside `area` to the last (0 if none).
int inkExtent(const cv::Mat& img, const cv::Rect& area, const cv::Scalar& colour) {
  int top = -1, bottom = -1;
  for (int y = area.y; y < area.y + area.height; ++y)
    for (int x = area.x; x < area.x + area.width; ++x)
      if (near(img.at<cv::Vec3b>(y, x), colour, 40)) {
        if (top < 0) top = y;
        bottom = y;
        break;
      }
  return top < 0 ? 0 : bottom - top + 1;
}

// The symbol of the first piece of side 0 (a light body outlined dark), from the top of its outline
// to the bottom of its base, in pixels.
int pieceSymbolHeight(const Variant& variant, const Screen& screen) {
  const Position pos = startPosition(variant);
  const BoardPainter painter(fitLayout(variant.size, screen.pixels));
  BoardScene scene;
  scene.position = &pos;
  const cv::Mat img = painter.draw(scene);
  EXPECT_LE(img.cols, screen.pixels.width);
  EXPECT_LE(img.rows, screen.pixels.height);
  for (int sq = 0; sq < variant.size.files * variant.size.ranks; ++sq) {
    const Square s = makeSquare(sq % variant.size.files, sq / variant.size.files);
    if (pos.at(s) && pieceSide(pos.at(s)) == 0) return inkExtent(img, painter.layout().cellRect(s), pieceOutline(0, variant.sides));
  }
  return 0;
}

// The "White to act" line of the status panel, in pixels; `inches`: the screen's diagonal as the
// player gives it (--screen-inches), 0 if not given.
int headlineHeight(const Variant& variant, const Screen& screen, double inches = 0, const char* toAct = "White to act",
                   int* rowsWithInk = nullptr) {
  const Position pos = startPosition(variant);
  PixelLayout layout = fitLayout(variant.size, screen.pixels);
  if (inches > 0) layout.headlineCap = readableCapHeight(inches, screen.pixels, kDistanceMm / 1000);
  const BoardPainter painter(layout);
  BoardScene scene;
  scene.position = &pos;
  scene.toAct = toAct;
  const cv::Mat img = painter.draw(scene);
  const cv::Rect panel = painter.layout().statusRect();
  if (rowsWithInk) {
    *rowsWithInk = 0;
    for (int y = panel.y; y < panel.y + panel.height; ++y)
      for (int x = panel.x; x < panel.x + panel.width; ++x)
        if (near(img.at<cv::Vec3b>(y, x), kLegalTarget, 40)) {
          ++*rowsWithInk;
          break;
        }
  }
  return inkHeight(img, panel, kLegalTarget);
}

TEST(Readability, PiecesAndTheHeadlineReadFromTwoMetresOnA15InchScreen) {
  for (const char* name : {"chess", "chameleon-redux", "chameleon-redux-4p", "tiled-squares", "shifting-chess",
                           "shifting-sands"}) {
    const Variant& v = builtinVariant(name);
    EXPECT_GE(arcMinutes(pieceSymbolHeight(v, kMonitor15), kMonitor15), kMinimumArcMinutes) << name;
    EXPECT_GE(arcMinutes(headlineHeight(v, kMonitor15), kMonitor15), kMinimumArcMinutes) << name;
  }
}

TEST(Readability, DesertDustsTwelveRanksReadOnA15InchScreenButNotA10Inch) {
  const Variant& v = builtinVariant("desert-dust");
  EXPECT_GE(arcMinutes(pieceSymbolHeight(v, kMonitor15), kMonitor15), kMinimumArcMinutes);
  EXPECT_LT(arcMinutes(pieceSymbolHeight(v, kPanel10), kPanel10), kMinimumArcMinutes);
}

TEST(Readability, ToldItsSizeThe7InchPiScreenShowsWhatTheGameWaitsForReadableFromTwoMetres) {
  for (const char* name : {"chess", "chameleon-redux-4p", "shifting-sands", "desert-dust"}) {
    const Variant& v = builtinVariant(name);
    EXPECT_LT(arcMinutes(headlineHeight(v, kPiTouch7), kPiTouch7), kMinimumArcMinutes) << name << ": not told";
    EXPECT_GE(arcMinutes(headlineHeight(v, kPiTouch7, 7), kPiTouch7), kMinimumArcMinutes) << name;
    // The pieces cannot grow: the board already takes the screen's full height.
    EXPECT_LT(arcMinutes(pieceSymbolHeight(v, kPiTouch7), kPiTouch7), kMinimumArcMinutes) << name;
  }
  // The actions counted after "White to act:" go small, below: the big line stays "White to act".
  const Variant& chess = builtinVariant("chess");
  int rowsAlone = 0, rowsWithCount = 0;
  const int alone = headlineHeight(chess, kPiTouch7, 7, "White to act", &rowsAlone);
  EXPECT_EQ(headlineHeight(chess, kPiTouch7, 7, "White to act: 20 moves", &rowsWithCount), alone);
  EXPECT_GT(rowsWithCount, rowsAlone) << "the count is drawn";
  EXPECT_LT(rowsWithCount - rowsAlone, alone * 2 / 3) << "in letters smaller than the headline's";
  // A screen that reads from two metres anyway keeps its headline as it was.
  EXPECT_EQ(headlineHeight(builtinVariant("chess"), kMonitor15, 15.6), headlineHeight(builtinVariant("chess"), kMonitor15));
}

TEST(Readability, AWordTooLongForTheBigHeadlineIsDrawnSmallerNotCutOff) {
  const Variant& v = builtinVariant("chess");
  const Position pos = startPosition(v);
  PixelLayout layout = fitLayout(v.size, kPiTouch7.pixels);
  layout.headlineCap = readableCapHeight(7, kPiTouch7.pixels, 2);
  const BoardPainter painter(layout);
  BoardScene scene;
  scene.position = &pos;
  scene.result = "1-0 checkmate";
  const cv::Mat img = painter.draw(scene);
  const cv::Rect panel = painter.layout().statusRect();
  int rightmost = -1;
  for (int y = panel.y; y < panel.y + panel.height; ++y)
    for (int x = panel.x; x < panel.x + panel.width; ++x)
      if (near(img.at<cv::Vec3b>(y, x), kLastAction, 40)) rightmost = std::max(rightmost, x);
  ASSERT_GT(rightmost, panel.x) << "the result is drawn";
  EXPECT_LT(rightmost, img.cols - 4) << "'checkmate' ends inside the panel";
  EXPECT_GT(inkHeight(img, panel, kLastAction), layout.cell * 0.45) << "and is still bigger than without the size";
}

TEST(Readability, TheMeasuredFiguresForEveryVariantAndScreen) {
  std::printf("[ read ] piece symbol / headline at 2 m, minutes of arc (bar: %.0f)\n", kMinimumArcMinutes);
  for (const Screen* screen : {&kPiTouch7, &kPanel10, &kMonitor15, &kMonitor22})
    for (const char* name : {"chess", "chameleon-redux-4p", "shifting-sands", "desert-dust"}) {
      const Variant& v = builtinVariant(name);
      const int piece = pieceSymbolHeight(v, *screen), headline = headlineHeight(v, *screen);
      EXPECT_GT(piece, 0) << name << " on " << screen->name << ": no symbol found";
      EXPECT_GT(headline, 0) << name << " on " << screen->name << ": no headline found";
      std::printf("[ read ] %-32s %-20s %3d px %5.1f' / %3d px %5.1f'\n", screen->name, name, piece,
                  arcMinutes(piece, *screen), headline, arcMinutes(headline, *screen));
    }
  for (const char* name : {"chess", "chameleon-redux-4p", "shifting-sands", "desert-dust"}) {
    const int headline = headlineHeight(builtinVariant(name), kPiTouch7, 7);
    std::printf("[ read ] %-32s %-20s headline with --screen-inches 7: %3d px %5.1f'\n", kPiTouch7.name, name, headline,
                arcMinutes(headline, kPiTouch7));
  }
}

}  // namespace
}  // namespace tessera::display
