// What the display shows for the session: checked on the drawn image, square by square.
#include <gtest/gtest.h>

#include "hardware/display/board_painter.hpp"
#include "hardware/display/board_palette.hpp"
#include "host/session/session_scene.hpp"
#include "session_fixture.hpp"
#include "tests/display/display_probe.hpp"

namespace tessera::session {
namespace {

using display::near;
using display::pixelAt;

TEST(SessionScene, ALiftedKnightShowsWhereItMayGo) {
  SessionFixture f("chess");
  Observation lifted = sensorView(f.session.game().position(), SensorProfile::Camera);
  lifted.at(6, 0).occupant = Occupant::Empty;  // g1
  f.session.onObservation(lifted);
  const display::BoardPainter painter(display::fitLayout({8, 8}));
  const cv::Mat img = painter.draw(sceneOf(f.session));
  const auto centre = [&](int file, int rank) { return painter.layout().cellCentre(makeSquare(file, rank)); };
  EXPECT_TRUE(near(pixelAt(img, centre(5, 2)), display::kLegalTarget));   // f3
  EXPECT_TRUE(near(pixelAt(img, centre(7, 2)), display::kLegalTarget));   // h3
  EXPECT_FALSE(near(pixelAt(img, centre(4, 2)), display::kLegalTarget));  // e3
}

TEST(SessionScene, TheLastActionAndTheSquaresToFixAreFramed) {
  SessionFixture f("chess");
  f.play("e4");
  Observation wrong = sensorView(f.session.game().position(), SensorProfile::Camera);
  wrong.at(0, 6).occupant = Occupant::Empty;  // a7 and b7 gone
  wrong.at(1, 6).occupant = Occupant::Empty;
  f.session.onObservation(wrong);
  const display::BoardPainter painter(display::fitLayout({8, 8}));
  const cv::Mat img = painter.draw(sceneOf(f.session));
  const auto& L = painter.layout();
  EXPECT_TRUE(near(pixelAt(img, display::borderPoint(L, makeSquare(4, 3))), display::kLastAction));  // e4
  EXPECT_TRUE(near(pixelAt(img, display::borderPoint(L, makeSquare(0, 6))), display::kFixSquare));   // a7
  EXPECT_TRUE(near(pixelAt(img, display::borderPoint(L, makeSquare(1, 6))), display::kFixSquare));   // b7
  EXPECT_FALSE(near(pixelAt(img, display::borderPoint(L, makeSquare(2, 6))), display::kFixSquare));  // c7
}

TEST(SessionScene, HintsAreDrawnAsArrowsFromTheirSquares) {
  SessionOptions o;
  o.mode = PlayMode::Hints;
  o.hintMillis = 50;
  o.hintLines = 1;
  SessionFixture f("chess", o);
  ASSERT_EQ(f.session.hintMoves().size(), 1u);
  const Move best = f.session.hintMoves().front();
  const display::BoardPainter painter(display::fitLayout({8, 8}));
  const cv::Mat img = painter.draw(sceneOf(f.session));
  const auto& L = painter.layout();
  const cv::Point mid = (L.cellCentre(best.from) * 3 + L.cellCentre(best.to) * 2) / 5;
  EXPECT_TRUE(near(pixelAt(img, mid), display::kArrow, 30));
}

}  // namespace
}  // namespace tessera::session
