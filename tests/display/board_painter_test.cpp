// The display draws what a player at the table needs to see, at the right squares.
#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "core/referee/sensor_view.hpp"
#include "core/rules/geometry.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/position_text.hpp"
#include "display_probe.hpp"
#include "host/views/display/board_painter.hpp"
#include "host/views/display/board_palette.hpp"

namespace tessera::display {
namespace {

Square sq(const Position& pos, const char* name) { return *parseSquare(name, pos.variant().size); }

BoardScene sceneOf(const Position& pos, std::optional<Move> lastAction = std::nullopt) {
  BoardScene scene;
  scene.position = &pos;
  scene.lastAction = lastAction;
  return scene;
}

TEST(BoardPainter, DrawsTheChessStartWithSquaresAndPieces) {
  const Position pos = startPosition(builtinVariant("chess"));
  const BoardPainter painter(fitLayout(pos.variant().size));
  const cv::Mat img = painter.draw(sceneOf(pos));
  const PixelLayout& L = painter.layout();
  EXPECT_EQ(img.size(), L.imageSize());
  EXPECT_TRUE(near(pixelAt(img, L.cellCentre(sq(pos, "e4"))), surfaceColour(Surface::LightSquare)));
  EXPECT_TRUE(near(pixelAt(img, L.cellCentre(sq(pos, "d4"))), surfaceColour(Surface::DarkSquare)));
  EXPECT_TRUE(near(pixelAt(img, pieceBodyPoint(L, sq(pos, "e1"))), pieceFill(0, 2)));
  EXPECT_TRUE(near(pixelAt(img, pieceBodyPoint(L, sq(pos, "e8"))), pieceFill(1, 2)));
  // The King's letter is drawn in the body's contrasting ink at its centre.
  cv::Mat centre = img(cv::Rect(L.cellCentre(sq(pos, "e1")) - cv::Point(8, 8), cv::Size(16, 16)));
  double minVal = 0;
  cv::minMaxLoc(centre.reshape(1), &minVal);
  EXPECT_LT(minVal, 100);
}

TEST(BoardPainter, MarksLegalDestinationsTheLastActionAndArrows) {
  Position pos = startPosition(builtinVariant("chess"));
  const Move e4 = parseMove(pos, "e2e4");
  pos.make(e4);
  BoardScene scene = sceneOf(pos, e4);
  scene.legalTargets = {sq(pos, "e5"), sq(pos, "e6")};
  scene.arrows = {{sq(pos, "g8"), sq(pos, "f6"), 0}};
  const BoardPainter painter(fitLayout(pos.variant().size));
  const cv::Mat img = painter.draw(scene);
  const PixelLayout& L = painter.layout();
  EXPECT_TRUE(near(pixelAt(img, L.cellCentre(sq(pos, "e5"))), kLegalTarget));
  EXPECT_TRUE(near(pixelAt(img, L.cellCentre(sq(pos, "e6"))), kLegalTarget));
  EXPECT_FALSE(near(pixelAt(img, L.cellCentre(sq(pos, "d6"))), kLegalTarget));
  EXPECT_TRUE(near(pixelAt(img, borderPoint(L, sq(pos, "e2"))), kLastAction));
  EXPECT_TRUE(near(pixelAt(img, borderPoint(L, sq(pos, "e4"))), kLastAction));
  EXPECT_FALSE(near(pixelAt(img, borderPoint(L, sq(pos, "d4"))), kLastAction));
  const cv::Point mid = (L.cellCentre(sq(pos, "g8")) + L.cellCentre(sq(pos, "f6"))) / 2;
  EXPECT_TRUE(near(pixelAt(img, mid), kArrow, 30));
}

TEST(BoardPainter, FramesTheSquaresToPutRightAndShowsTheMessage) {
  const Position pos = startPosition(builtinVariant("chess"));
  BoardScene scene = sceneOf(pos);
  scene.differing = {sq(pos, "d2"), sq(pos, "d5")};
  scene.message = "Put the piece on d5 back to d2";
  const BoardPainter painter(fitLayout(pos.variant().size));
  const cv::Mat img = painter.draw(scene);
  const PixelLayout& L = painter.layout();
  EXPECT_TRUE(near(pixelAt(img, borderPoint(L, sq(pos, "d2"))), kFixSquare));
  EXPECT_TRUE(near(pixelAt(img, borderPoint(L, sq(pos, "d5"))), kFixSquare));
  EXPECT_FALSE(near(pixelAt(img, borderPoint(L, sq(pos, "c5"))), kFixSquare));
  // The message is written in the status band: its first third holds light text pixels.
  const cv::Rect band = L.statusRect();
  cv::Mat grey;
  cv::extractChannel(img(cv::Rect(band.x, band.y, band.width, band.height / 2)), grey, 1);
  EXPECT_GT(cv::countNonZero(grey > 200), 200);
}

// Ink of the status text: the white of the message and the clocks, the green of "White to act".
cv::Mat whiteInk(const cv::Mat& img) {
  cv::Mat mask;
  cv::inRange(img, cv::Scalar(170, 170, 170), cv::Scalar(255, 255, 255), mask);
  return mask;
}
cv::Mat greenInk(const cv::Mat& img) {
  cv::Mat mask;
  cv::inRange(img, cv::Scalar(0, 150, 0), cv::Scalar(140, 255, 140), mask);
  return mask;
}

TEST(BoardPainter, StatusTextNeverOverlapsAndALongMessageStaysInsideTheImage) {
  const std::string longMessage = "the board does not match (d3 c4): move the piece on d3 back to c4";
  struct Case {
    const char* variant;
    const char* toAct;
    const char* clock;
  };
  const Case cases[] = {
      {"shifting-chess", "White to act: 15 moves, 2 shifts", "White 0:00  Black 0:00"},
      {"chameleon-redux-4p", "West to act: 3 moves", "South 0:00  West 0:00  North 0:00  East 0:00"},
      {"chameleon-redux-4p", "North has no legal action: take its pieces off (b5 c2 d3)",
       "South 10:00  West 10:00  North 10:00  East 10:00"},
      {"shifting-sands", "White to act: 108 drops", "White 12:00  Black 12:00"},
      {"desert-dust", "White to act: 31 moves, 12 drops", "White 0:00  Black 0:00"},
  };
  for (const Case& c : cases)
    for (const cv::Size target : {cv::Size(720, 820), cv::Size(800, 480), cv::Size(1280, 800), cv::Size(1920, 1080)})
      for (const std::string& message : {std::string(), std::string("1. a3"), longMessage}) {
        const Position pos = startPosition(builtinVariant(c.variant));
        BoardScene scene = sceneOf(pos);
        scene.toAct = c.toAct;
        scene.clock = c.clock;
        scene.message = message;
        const BoardPainter painter(fitLayout(pos.variant().size, target));
        const cv::Mat img = painter.draw(scene);
        const cv::Rect status = painter.layout().statusRect();
        const cv::Mat white = whiteInk(img(status)), green = greenInk(img(status));
        const std::string where = std::string(c.variant) + " " + std::to_string(target.width) + "x" +
                                  std::to_string(target.height) + " message '" + message + "'";
        const cv::Rect toAct = cv::boundingRect(green);
        ASSERT_GT(toAct.area(), 0) << where;
        EXPECT_EQ(cv::countNonZero(white(toAct)), 0) << where << ": white text drawn over the green line";
        // Nothing runs off the right edge: the last columns hold no ink.
        const cv::Rect edge(status.width - 4, 0, 4, status.height);
        EXPECT_EQ(cv::countNonZero(white(edge)) + cv::countNonZero(green(edge)), 0)
            << where << ": text cut at the edge";
      }
}

TEST(BoardPainter, DropsAreDrawnInTheirColourAndTwoOnOneSquareBothShow) {
  const Position pos = startPosition(builtinVariant("shifting-sands"));
  BoardScene scene = sceneOf(pos);
  const Square b3 = sq(pos, "b3");
  scene.arrows = {{b3, b3, 0, Surface::Purple}, {b3, b3, 1, Surface::Yellow}};
  const BoardPainter painter(fitLayout(pos.variant().size));
  const cv::Mat img = painter.draw(scene);
  const cv::Rect cell = painter.layout().cellRect(b3);
  const auto pixelsOf = [&](Surface s) {
    cv::Mat mask;
    cv::inRange(img(cell), surfaceColour(s) - cv::Scalar::all(12), surfaceColour(s) + cv::Scalar::all(12), mask);
    return cv::countNonZero(mask);
  };
  EXPECT_GT(pixelsOf(Surface::Purple), cell.area() / 10) << "the purple drop";
  EXPECT_GT(pixelsOf(Surface::Yellow), cell.area() / 10) << "the yellow drop, beside it, not under it";
}

TEST(BoardPainter, DrawsTilesVoidAndAntiTiles) {
  Position pos = startPosition(builtinVariant("tiled-squares"));
  MoveList moves;
  generateLegal(pos, moves);
  const Move* antiTile = nullptr;
  for (const Move& m : moves)
    if (m.kind == MoveKind::AntiTileDrop) antiTile = &m;
  ASSERT_NE(antiTile, nullptr);
  const Square dropped = antiTile->to;
  Square voidSquare = kNoSquare;
  for (int s = 0; s < 256 && voidSquare == kNoSquare; ++s)
    if (pos.variant().size.contains(fileOf(s), rankOf(s)) && s != dropped && surfaceAt(pos, s) == Surface::Void)
      voidSquare = static_cast<Square>(s);
  ASSERT_NE(voidSquare, kNoSquare);
  pos.make(*antiTile);
  const BoardPainter painter(fitLayout(pos.variant().size));
  const cv::Mat img = painter.draw(sceneOf(pos));
  const PixelLayout& L = painter.layout();
  EXPECT_TRUE(near(pixelAt(img, plainPoint(L, dropped)), surfaceColour(Surface::AntiTile)));
  EXPECT_TRUE(near(pixelAt(img, plainPoint(L, voidSquare)), surfaceColour(Surface::Void)));
  // The cross of the anti-tile runs through its centre.
  EXPECT_FALSE(near(pixelAt(img, L.cellCentre(dropped)), surfaceColour(Surface::AntiTile)));
}

TEST(BoardPainter, DrawsPaperColoursAndEmptySectorSlots) {
  Position sands = startPosition(builtinVariant("shifting-sands"));
  MoveList moves;
  generateLegal(sands, moves);
  ASSERT_FALSE(moves.empty());
  ASSERT_EQ(moves[0].kind, MoveKind::ColourDrop);
  const Move drop = moves[0];
  sands.make(drop);
  const Surface paper = surfaceAt(sands, drop.to);
  const BoardPainter sandsPainter(fitLayout(sands.variant().size));
  const cv::Mat img = sandsPainter.draw(sceneOf(sands, drop));
  EXPECT_TRUE(near(pixelAt(img, plainPoint(sandsPainter.layout(), drop.to)), surfaceColour(paper)));

  const Position shifting = startPosition(builtinVariant("shifting-chess"));
  const BoardPainter painter(fitLayout(shifting.variant().size));
  const cv::Mat board = painter.draw(sceneOf(shifting));
  int voids = 0;
  for (int r = 0; r < 8; ++r)
    for (int f = 0; f < 8; ++f)
      if (near(pixelAt(board, plainPoint(painter.layout(), makeSquare(f, r))), surfaceColour(Surface::Void))) ++voids;
  EXPECT_EQ(voids, 8);  // two empty slots of four squares
}

TEST(BoardPainter, FitsLargeBoardsIntoTheScreen) {
  const Variant& big = builtinVariant("desert-dust");
  const PixelLayout L = fitLayout(big.size, {800, 900});
  EXPECT_LE(L.imageSize().width, 800);
  EXPECT_LE(L.imageSize().height, 900);
  EXPECT_GE(L.cell, 48);  // a square stays readable from two metres
}

TEST(BoardPainter, ATapIsTurnedIntoTheSquareUnderIt) {
  // The web page's image (portrait) and a Pi screen (landscape), an 8x8 and a 12x12 board.
  for (const cv::Size target : {cv::Size(720, 820), cv::Size(800, 480)})
    for (const BoardSize size : {BoardSize{8, 8}, BoardSize{12, 12}}) {
      const PixelLayout L = fitLayout(size, target);
      for (int r = 0; r < size.ranks; ++r)
        for (int f = 0; f < size.files; ++f) {
          const Square sq = makeSquare(f, r);
          const cv::Rect cell = L.cellRect(sq);
          EXPECT_EQ(L.squareAt(L.cellCentre(sq)), sq);
          EXPECT_EQ(L.squareAt(cell.tl()), sq);
          EXPECT_EQ(L.squareAt(cell.br() - cv::Point(1, 1)), sq);
        }
      EXPECT_EQ(L.squareAt({L.margin / 2, L.margin / 2}), std::nullopt) << "the coordinates' margin";
      EXPECT_EQ(L.squareAt({L.statusRect().x + 5, L.statusRect().y + 5}), std::nullopt) << "the status";
      EXPECT_EQ(L.squareAt({-3, 40}), std::nullopt);
    }
}

}  // namespace
}  // namespace tessera::display
