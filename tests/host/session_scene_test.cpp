// What the display shows for the session: checked on the drawn image, square by square.
#include <gtest/gtest.h>

#include "host/views/display/board_painter.hpp"
#include "host/views/display/board_palette.hpp"
#include "host/views/session_scene.hpp"
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
  const cv::Mat img = painter.draw(views::sceneOf(f.session));
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
  const cv::Mat img = painter.draw(views::sceneOf(f.session));
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
  const cv::Mat img = painter.draw(views::sceneOf(f.session));
  const auto& L = painter.layout();
  const cv::Point mid = (L.cellCentre(best.from) * 3 + L.cellCentre(best.to) * 2) / 5;
  EXPECT_TRUE(near(pixelAt(img, mid), display::kArrow, 30));
}

TEST(SessionScene, MarksWhatTheSideToMoveCanActWithAndCountsItsActions) {
  SessionFixture f("chess");
  display::BoardScene scene = views::sceneOf(f.session);
  EXPECT_EQ(scene.toAct, "White to act: 20 moves");
  EXPECT_EQ(scene.movable.size(), 10u);  // eight Pawns and two Knights
  const display::BoardPainter painter(display::fitLayout({8, 8}));
  const cv::Mat img = painter.draw(scene);
  const auto corner = [&](int file, int rank) {
    const cv::Rect r = painter.layout().cellRect(makeSquare(file, rank));
    return cv::Point(r.x + r.width / 16, r.y + r.height / 16);
  };
  EXPECT_TRUE(near(pixelAt(img, corner(6, 0)), display::kLegalTarget));   // g1
  EXPECT_TRUE(near(pixelAt(img, corner(4, 1)), display::kLegalTarget));   // e2
  EXPECT_FALSE(near(pixelAt(img, corner(4, 0)), display::kLegalTarget));  // e1: the King cannot move
  // After 1. e4 it is Black's turn, with the same twenty.
  f.play("e4");
  EXPECT_EQ(views::sceneOf(f.session).toAct, "Black to act: 20 moves");
}

TEST(SessionScene, CountsDropsAndShiftsOfTheChangingBoards) {
  SessionFixture sands("shifting-sands");
  const display::BoardScene opening = views::sceneOf(sands.session);
  EXPECT_TRUE(opening.movable.empty()) << "the first four turns are colour drops";
  EXPECT_EQ(opening.toAct.rfind("White to act: ", 0), 0u);
  EXPECT_NE(opening.toAct.find(" drops"), std::string::npos) << opening.toAct;
  EXPECT_EQ(opening.toAct.find("moves"), std::string::npos) << opening.toAct;
  SessionFixture shifting("shifting-chess");
  EXPECT_NE(views::sceneOf(shifting.session).toAct.find(" shift"), std::string::npos) << views::sceneOf(shifting.session).toAct;
}

TEST(SessionScene, SuggestedDropsAreDrawnInTheColourTheyPutDown) {
  SessionOptions o;
  o.mode = PlayMode::Hints;
  o.hintMillis = 50;
  o.hintLines = 3;
  SessionFixture f("shifting-sands", o);
  ASSERT_FALSE(f.session.hintMoves().empty());
  const display::BoardScene scene = views::sceneOf(f.session);
  for (const Move& hint : f.session.hintMoves()) {
    ASSERT_EQ(hint.kind, MoveKind::ColourDrop) << "the opening turns are drops";
    Position after = f.session.game().position();
    after.make(hint);
    const auto drawn = std::find_if(scene.arrows.begin(), scene.arrows.end(), [&](const display::Arrow& a) {
      return a.from == hint.to && a.to == hint.to && a.placed == surfaceAt(after, hint.to);
    });
    EXPECT_NE(drawn, scene.arrows.end()) << squareName(hint.to);
  }
  EXPECT_NE(f.lastText(SessionEvent::Kind::Hint).find(" square on "), std::string::npos)
      << f.lastText(SessionEvent::Kind::Hint);
}

// Whether the scene marks `sq` for the action to carry out: an arrow's end, or a ring on it.
bool marked(const display::BoardScene& scene, const char* name) {
  const Square sq = *parseSquare(name, {8, 8});
  return std::any_of(scene.arrows.begin(), scene.arrows.end(),
                     [&](const display::Arrow& a) { return a.from == sq || a.to == sq; });
}

TEST(SessionScene, TheEnginesEnPassantAndCastlingMarkEverySquareToChange) {
  SessionOptions o;
  o.mode = PlayMode::Engine;
  o.engineSide = 1;
  o.engineMillis = 50;
  o.startPosition = "8/8/R7/4k3/1N1Pp3/2P5/8/5R1K b - d3 0 1";  // exd3 e.p. is Black's only action
  SessionFixture passant("chess", o);
  ASSERT_TRUE(passant.session.engineAction().has_value());
  ASSERT_EQ(passant.session.engineAction()->kind, MoveKind::EnPassant);
  const display::BoardScene taking = views::sceneOf(passant.session);
  EXPECT_TRUE(marked(taking, "e4") && marked(taking, "d3"));
  EXPECT_TRUE(marked(taking, "d4")) << "the Pawn taken, to take off";
  EXPECT_EQ(passant.session.message(), "the engine plays 1... exd3: move the Pawn e4-d3 and take the Pawn on d4 off");
  const display::BoardPainter painter(display::fitLayout({8, 8}));
  const cv::Mat img = painter.draw(taking);
  const cv::Point d4 = painter.layout().cellCentre(*parseSquare("d4", {8, 8}));
  EXPECT_TRUE(near(pixelAt(img, d4 + cv::Point(painter.layout().cell / 3, 0)), display::kArrow, 30)) << "a ring on d4";

  o.engineSide = 0;
  o.startPosition = "8/8/8/8/8/5N2/1pp1PP2/2k1K2R w K - 0 1";  // O-O is mate, Rf1 is not
  SessionFixture castling("chess", o);
  ASSERT_TRUE(castling.session.engineAction().has_value());
  ASSERT_EQ(castling.session.engineAction()->kind, MoveKind::Castle);
  const display::BoardScene scene = views::sceneOf(castling.session);
  const auto arrow = [&](const char* from, const char* to) {
    const Square a = *parseSquare(from, {8, 8}), b = *parseSquare(to, {8, 8});
    return std::any_of(scene.arrows.begin(), scene.arrows.end(),
                       [&](const display::Arrow& x) { return x.from == a && x.to == b; });
  };
  EXPECT_TRUE(arrow("e1", "g1")) << "the King";
  EXPECT_TRUE(arrow("h1", "f1")) << "the Rook";
  EXPECT_EQ(castling.session.message(), "the engine plays 1. O-O#: move the King e1-g1 and the Rook h1-f1");
}

TEST(SessionScene, ASideWithNoLegalActionIsToldToTakeItsPiecesOffAndTheyAreMarked) {
  // South (b5 c2 d3) has no legal action.
  const char* southOut = "1wKwPwQ4/4wP1eK1/3wPeP2eQ/1sP1eQ4/8/3sP4/2sK5/2eQ5 s - - 11 74";
  SessionOptions referee;
  referee.startPosition = southOut;
  SessionFixture f("chameleon-redux-4p", referee);
  const display::BoardScene scene = views::sceneOf(f.session);
  EXPECT_EQ(scene.toAct, "South has no legal action: take its pieces off (b5 c2 d3)");
  for (const char* piece : {"b5", "c2", "d3"}) EXPECT_TRUE(marked(scene, piece)) << piece;
  EXPECT_FALSE(marked(scene, "d5")) << "East's Queen stays";

  SessionOptions engine = referee;
  engine.mode = PlayMode::Engine;
  engine.engineSide = 0;
  engine.engineMillis = 50;
  SessionFixture e("chameleon-redux-4p", engine);
  EXPECT_EQ(e.session.message(), "the engine plays 74. out: South has no legal action, take its pieces off (b5 c2 d3)");
  const display::BoardScene engineScene = views::sceneOf(e.session);
  for (const char* piece : {"b5", "c2", "d3"}) EXPECT_TRUE(marked(engineScene, piece)) << piece;
}

}  // namespace
}  // namespace tessera::session
