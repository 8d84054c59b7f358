// A player asks where a piece can go by tapping it (on the web page's board or the Pi's touch
// screen): its destinations are drawn and lit, and the message lists its actions, until the
// position changes or the same square is tapped again.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/rules/movegen.hpp"
#include "host/views/display/board_painter.hpp"
#include "host/views/display/board_palette.hpp"
#include "host/views/led_colours.hpp"
#include "host/views/session_scene.hpp"
#include "host/session/session_commands.hpp"
#include "session_fixture.hpp"
#include "tests/display/display_probe.hpp"

namespace tessera::session {
namespace {

Square sq(const char* name) { return *parseSquare(name, {8, 8}); }

std::vector<Square> sorted(std::vector<Square> squares) {
  std::sort(squares.begin(), squares.end());
  return squares;
}

TEST(ActionsShown, ATappedKnightShowsWhereItMayGoUntilTappedAgain) {
  SessionFixture f("chess");
  const int before = f.session.revision();
  EXPECT_EQ(session::runCommand(f.session, "show g1"), "");
  EXPECT_GT(f.session.revision(), before) << "the views redraw";
  EXPECT_EQ(f.session.message(), "White from g1: Nf3, Nh3");
  EXPECT_EQ(f.session.actionsShownFrom(), sq("g1"));
  const display::BoardScene scene = views::sceneOf(f.session);
  EXPECT_EQ(sorted(scene.legalTargets), sorted({sq("f3"), sq("h3")}));

  const display::BoardPainter painter(display::fitLayout({8, 8}));
  const cv::Mat img = painter.draw(scene);
  EXPECT_TRUE(display::near(display::pixelAt(img, painter.layout().cellCentre(sq("f3"))), display::kLegalTarget));
  EXPECT_FALSE(display::near(display::pixelAt(img, painter.layout().cellCentre(sq("e3"))), display::kLegalTarget));

  const auto leds = views::ledColours(f.session);
  EXPECT_EQ(leds[static_cast<std::size_t>(2 * 8 + 5)].green, views::kLedTarget.green) << "f3 is lit";
  EXPECT_EQ(leds[static_cast<std::size_t>(2 * 8 + 4)].green, 0) << "e3 is not";

  session::runCommand(f.session, "show g1");
  EXPECT_EQ(f.session.actionsShownFrom(), std::nullopt);
  EXPECT_EQ(f.session.message(), "actions from g1 hidden");
  EXPECT_TRUE(views::sceneOf(f.session).legalTargets.empty());
  EXPECT_FALSE(views::sceneOf(f.session).movable.empty()) << "the usual marks are back";
  EXPECT_TRUE(f.session.actionsShown().empty());
  // Hiding with nothing shown (the web page's "show" with no square) changes nothing.
  const int shown = f.session.revision();
  f.session.showActionsFrom(std::nullopt);
  EXPECT_EQ(f.session.revision(), shown);
  EXPECT_EQ(f.session.message(), "actions from g1 hidden");
}

TEST(ActionsShown, AnActionOnTheBoardOrATapBesideItHidesThem) {
  SessionFixture f("chess");
  f.session.showActionsFrom(sq("e2"));
  EXPECT_EQ(f.session.message(), "White from e2: e3, e4");
  f.play("e4");
  EXPECT_EQ(f.session.actionsShownFrom(), std::nullopt) << "the position changed";
  f.session.showActionsFrom(sq("g8"));
  EXPECT_EQ(f.session.message(), "Black from g8: Nf6, Nh6");
  EXPECT_EQ(session::runCommand(f.session, "show"), "");
  EXPECT_EQ(f.session.actionsShownFrom(), std::nullopt);
}

TEST(ActionsShown, ASquareWithNothingToActWithSaysSo) {
  SessionFixture f("chess");
  for (const char* name : {"e5", "g8", "a1"}) {  // empty, the other side's, a Rook that cannot move yet
    f.session.showActionsFrom(sq("g1"));  // the Knight's moves shown first, which this tap hides
    f.session.showActionsFrom(sq(name));
    EXPECT_EQ(f.session.message(), std::string("no action of White's from ") + name);
    EXPECT_EQ(f.session.actionsShownFrom(), std::nullopt);
    EXPECT_FALSE(views::sceneOf(f.session).movable.empty());
  }
}

TEST(ActionsShown, AMismatchOrAFinishedGameComesFirst) {
  SessionFixture f("chess");
  f.session.showActionsFrom(sq("b1"));
  Observation wrong = sensorView(f.session.game().position(), SensorProfile::Camera);
  wrong.at(0, 6).occupant = Occupant::Empty;  // a7 gone
  wrong.at(1, 6).occupant = Occupant::Empty;  // and b7
  f.session.onObservation(wrong);
  EXPECT_EQ(f.session.actionsShownFrom(), std::nullopt) << "the squares to fix are what matters now";
  EXPECT_FALSE(views::sceneOf(f.session).differing.empty());
  for (int tap = 0; tap < 2; ++tap) {
    f.session.showActionsFrom(sq("b1"));
    EXPECT_EQ(f.session.message(), "first put the board right (a7 b7)");
    EXPECT_EQ(f.session.actionsShownFrom(), std::nullopt);
  }

  SessionOptions promotion;
  promotion.startPosition = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
  SessionFixture choosing("chess", promotion);
  choosing.play("a8=Q");  // a Pawn on a8: which piece did it become?
  ASSERT_FALSE(choosing.session.pendingChoices().empty());
  choosing.session.showActionsFrom(sq("e1"));
  EXPECT_EQ(choosing.session.message(), "first choose which action it was");
  EXPECT_EQ(choosing.session.actionsShownFrom(), std::nullopt);

  SessionFixture over("chess");
  over.session.resign();
  over.session.showActionsFrom(sq("b1"));
  EXPECT_EQ(over.session.message(), "the game is over");
  EXPECT_EQ(over.session.actionsShownFrom(), std::nullopt);
}

TEST(ActionsShown, AnEmptySquareOfTheChangingBoardShowsTheDropsOntoIt) {
  SessionFixture sands("shifting-sands");
  sands.session.showActionsFrom(sq("b3"));
  const std::string text = sands.session.message();
  EXPECT_EQ(text.rfind("White from b3: ", 0), 0u) << text;
  EXPECT_NE(text.find("@b3"), std::string::npos) << "colour drops: " << text;
  EXPECT_EQ(views::sceneOf(sands.session).legalTargets, std::vector<Square>{sq("b3")});
}

TEST(ActionsShown, AnOwnColourSquareShowsItsShifts) {
  SessionFixture sands("shifting-sands");
  sands.play("Y@b3");  // White's Yellow square on b3
  for (int drop = 0; drop < 7; ++drop) {  // the rest of each side's four opening drops, wherever they go
    Position pos = sands.session.game().position();
    MoveList moves;
    generateLegal(pos, moves);
    sands.play(san(pos, moves[0]));
  }
  ASSERT_EQ(sands.session.game().actions().size(), 8u);
  sands.session.showActionsFrom(sq("b3"));
  const std::string text = sands.session.message();
  EXPECT_EQ(text.rfind("White from b3: Yb3-", 0), 0u) << text;
  EXPECT_FALSE(views::sceneOf(sands.session).legalTargets.empty());
  for (Square to : views::sceneOf(sands.session).legalTargets)
    EXPECT_NE(text.find("Yb3-" + squareName(to)), std::string::npos) << squareName(to) << " in " << text;
}

// Shifting Chess: a tap on any square of a sector also shows where the sector may slide, its
// destination drawn and lit on the four squares of each slot it may move into.
TEST(ActionsShown, ATappedSectorShowsWhereItMaySlide) {
  SessionFixture f("shifting-chess");
  f.session.showActionsFrom(sq("c2"));  // sector BI; the c2 Pawn itself is walled in by the empty BII
  EXPECT_EQ(f.session.message(), "White from c2: BI-BII, BI-BIII");
  const std::vector<Square> slots = {sq("c3"), sq("d3"), sq("c4"), sq("d4"), sq("c5"), sq("d5"), sq("c6"), sq("d6")};
  EXPECT_EQ(sorted(views::sceneOf(f.session).legalTargets), sorted(slots));
  const auto leds = views::ledColours(f.session);
  const auto led = [&](Square s) { return leds[static_cast<std::size_t>(rankOf(s) * 8 + fileOf(s))]; };
  for (Square s : slots) EXPECT_EQ(led(s).green, views::kLedTarget.green) << squareName(s);
  EXPECT_EQ(led(sq("e3")).green, 0) << "e3 is not";

  // A Knight in a sector that cannot move: its own moves only.
  f.session.showActionsFrom(sq("b1"));
  EXPECT_EQ(f.session.message(), "White from b1: Na3");

  // A lifted piece shows its own moves, not its sector's shifts: the c2 Pawn has none.
  SessionFixture lifted("shifting-chess");
  Observation view = sensorView(lifted.session.game().position(), SensorProfile::Camera);
  view.at(2, 1).occupant = Occupant::Empty;  // c2 lifted
  lifted.session.onObservation(view);
  ASSERT_EQ(lifted.session.liftedFrom(), sq("c2"));
  EXPECT_TRUE(views::sceneOf(lifted.session).legalTargets.empty());
}

// Written from the mutation run of the session (2026-12-04): a square's actions shown go with the
// game's end, and what was on show goes once an action is played (a lifted piece, a hint, the steps
// to put the board right).
TEST(ActionsShown, TheGamesEndOrAnActionPlayedTakesWhatWasShownAway) {
  SessionFixture f("chess");
  f.play("e4");
  f.session.showActionsFrom(sq("g8"));
  ASSERT_EQ(f.session.actionsShownFrom(), sq("g8"));
  f.session.resign();
  EXPECT_EQ(f.session.actionsShownFrom(), std::nullopt);
  EXPECT_TRUE(f.session.actionsShown().empty());

  SessionFixture g("chess");
  Observation seen = sensorView(g.session.game().position(), SensorProfile::Camera);
  seen.at(6, 0).occupant = Occupant::Empty;  // the g1 Knight lifted
  g.session.onObservation(seen);
  ASSERT_EQ(g.session.liftedFrom(), sq("g1"));
  g.play("Nf3");
  EXPECT_EQ(g.session.liftedFrom(), std::nullopt);
  EXPECT_TRUE(g.session.actionsShown().empty());

  g.session.hint();
  ASSERT_FALSE(g.session.hintMoves().empty());
  seen = sensorView(g.session.game().position(), SensorProfile::Camera);
  seen.at(3, 6).occupant = Occupant::Empty;  // d7 and e7 both lifted: a board to put right
  seen.at(4, 6).occupant = Occupant::Empty;
  g.session.onObservation(seen);
  ASSERT_FALSE(g.session.corrections().empty());
  g.session.onObservation(g.boardAfter("e5"));  // and then the board shows e5 played, read once
  EXPECT_EQ(g.session.game().actions().size(), 2u);
  EXPECT_TRUE(g.session.hintMoves().empty()) << "the hint was for the position before";
  EXPECT_TRUE(g.session.differing().empty());
  EXPECT_TRUE(g.session.corrections().empty());
}

// A camera sees the Tiles: nothing is said of what the sensors cannot see.
TEST(ActionsShown, ACameraIsNotToldOfActionsTheSensorsCannotSee) {
  SessionFixture f("tiled-squares");
  EXPECT_EQ(f.count(SessionEvent::Kind::Message), 0) << f.lastText(SessionEvent::Kind::Message);
}

TEST(ActionsShown, ASquareOffTheBoardIsRefusedByName) {
  SessionFixture f("chess");
  EXPECT_EQ(session::runCommand(f.session, "show z9"), "show needs a square of the board, such as e2, got 'z9'");
  EXPECT_EQ(session::runCommand(f.session, "show i1"), "show needs a square of the board, such as e2, got 'i1'");
  SessionFixture dust("desert-dust");
  EXPECT_EQ(session::runCommand(dust.session, "show l12"), "");
  EXPECT_EQ(dust.session.message(), "no action of White's from l12");
}

}  // namespace
}  // namespace tessera::session
