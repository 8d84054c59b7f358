// Playing at the table against the engine and with a sensor board, as an audit of playing against
// the engine (2026-11-29) found it: actions the sensors cannot see (a Tile, a paper colour square)
// are entered by the player, the engine's own promotion is not asked about, and Take back with four
// players takes back the engine's action only with the one before it.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/rules/movegen.hpp"
#include "core/rules/position_text.hpp"
#include "host/record/game_journal.hpp"
#include "host/session/action_text.hpp"
#include "host/session/session_commands.hpp"
#include "record_moves.hpp"
#include "session_fixture.hpp"

namespace tessera::session {
namespace {

using K = SessionEvent::Kind;

Square square(const RefereeSession& s, const char* name) { return *parseSquare(name, s.game().variant().size); }

// The index of the choice offered as `text` ("1. T@c3"), or -1.
int choiceNamed(const RefereeSession& s, const std::string& text) {
  const auto texts = s.choiceTexts();
  const auto it = std::find(texts.begin(), texts.end(), text);
  return it == texts.end() ? -1 : static_cast<int>(it - texts.begin());
}

// The board as a sensor board (occupancy only) reads the game's position, read twice.
void readTheBoard(SessionFixture& f, SensorProfile profile = SensorProfile::Occupancy) {
  const Observation seen = sensorView(f.session.game().position(), profile);
  f.session.onObservation(seen);
  f.session.onObservation(seen);
}

// A sensor board never sees a Tile: the player taps the square of a Tile dropped and chooses the
// drop; the engine's Tile drop is carried out and confirmed, and another chosen instead is unexpected.
TEST(RefereeSession, TileDropsTheSensorsCannotSeeAreChosenOnATappedSquareAndTheEnginesConfirmed) {
  SessionOptions o;
  o.mode = PlayMode::Engine;
  o.engineMillis = 20;
  o.sensorsSeePiecesOnly = true;
  SessionFixture f("tiled-squares", o);  // the engine plays Black
  EXPECT_EQ(f.lastText(K::Message),
            "the board's sensors see the pieces, not Tiles and Anti-Tiles: carry out such an action, then tap its "
            "square and choose it (the engine's: carry it out, then confirm)");
  readTheBoard(f);
  f.session.showActionsFrom(square(f.session, "c3"));
  EXPECT_EQ(f.session.choiceTexts(), (std::vector<std::string>{"1. T@c3", "1. X@c3"}));
  EXPECT_EQ(f.lastText(K::Message), "White from c3: T@c3, X@c3; the sensors cannot see T@c3, X@c3: carry one out, then choose it");
  readTheBoard(f);  // the board read again, unchanged: the offer stands
  ASSERT_EQ(choiceNamed(f.session, "1. T@c3"), 0);
  EXPECT_EQ(session::runCommand(f.session, "choose 1"), "");
  EXPECT_EQ(recordSan(f.session.game()), std::vector<std::string>{"T@c3"});

  // The engine's reply is a drop too (no Black piece can move over the void).
  ASSERT_TRUE(f.session.engineAction().has_value());
  std::string engines = numberedSan(f.session.game().position(), *f.session.engineAction());
  // Its square tapped, the engine's drop is the choice proposed among the drops there.
  f.session.showActionsFrom(f.session.engineAction()->to);
  ASSERT_GE(f.session.pendingChoices().size(), 2u) << f.session.message();
  EXPECT_EQ(f.session.choiceTexts()[static_cast<std::size_t>(f.session.proposedChoice())], engines);
  EXPECT_EQ(f.lastText(K::EngineAction),
            engineActionText(f.session.game().position(), *f.session.engineAction()) + ", then confirm");
  EXPECT_EQ(f.lastText(K::EngineAction).rfind("the engine plays " + engines + ": put a", 0), 0u) << f.lastText(K::EngineAction);
  f.session.confirm();
  EXPECT_EQ(recordSan(f.session.game()).size(), 2u);
  EXPECT_EQ(f.lastText(K::Action), engines);

  // White drops a Tile on e3; on the engine's turn, a drop chosen other than its action is unexpected.
  f.session.showActionsFrom(square(f.session, "e3"));
  f.session.choose(choiceNamed(f.session, "2. T@e3"));
  ASSERT_TRUE(f.session.engineAction().has_value());
  engines = numberedSan(f.session.game().position(), *f.session.engineAction());
  for (const char* name : {"a6", "h6", "a5", "h5"}) {
    f.session.showActionsFrom(square(f.session, name));
    if (!f.session.pendingChoices().empty() && f.session.choiceTexts()[0] != engines) break;
  }
  ASSERT_FALSE(f.session.pendingChoices().empty()) << f.lastText(K::Message);
  const std::string instead = f.session.choiceTexts()[0];
  f.session.choose(0);
  EXPECT_EQ(f.lastText(K::Unexpected), "the engine plays " + engines + ", you chose " + instead +
                                           ": choose the engine's action or override");
  EXPECT_EQ(recordSan(f.session.game()).size(), 3u) << "the other drop is not recorded";
  EXPECT_TRUE(f.session.pendingChoices().empty()) << "the drops offered are withdrawn: the question is the engine's now";
  f.session.overrideEngine();
  EXPECT_EQ(f.lastText(K::Action), instead);
}

// Shifting Sands' first turns are colour drops, which a sensor board cannot see; a camera sees the
// paper squares, so there a tap offers nothing to choose.
TEST(RefereeSession, ColourDropsTheSensorsCannotSeeAreChosenOnATappedSquare) {
  SessionFixture f("shifting-sands");
  readTheBoard(f, SensorProfile::OccupancyAndSide);
  f.session.showActionsFrom(square(f.session, "a2"));  // a Pawn, whose moves the board shows
  EXPECT_TRUE(f.session.pendingChoices().empty());
  f.session.showActionsFrom(square(f.session, "b3"));
  const int yellow = choiceNamed(f.session, "1. Y@b3");
  ASSERT_GE(yellow, 0) << f.lastText(K::Message);
  EXPECT_EQ(f.session.pendingChoices().size(), 6u) << "one drop of each paper colour";
  f.session.choose(yellow);
  EXPECT_EQ(recordSan(f.session.game()), std::vector<std::string>{"Y@b3"});

  SessionFixture camera("shifting-sands");
  readTheBoard(camera, SensorProfile::Camera);
  camera.session.showActionsFrom(square(camera.session, "b3"));
  EXPECT_TRUE(camera.session.pendingChoices().empty()) << "a camera sees a colour dropped";
}

// Written from the mutation run of the session (2026-12-04): the drops offered on a tapped square
// are withdrawn once the board shows something else (here two Pawns lifted), so that the question
// put is the board's, not a drop no longer meant.
TEST(RefereeSession, DropsOfferedOnATappedSquareAreWithdrawnWhenTheBoardChanges) {
  SessionFixture f("shifting-sands");
  readTheBoard(f, SensorProfile::OccupancyAndSide);
  f.session.showActionsFrom(square(f.session, "b3"));
  ASSERT_EQ(f.session.pendingChoices().size(), 6u);
  Observation seen = sensorView(f.session.game().position(), SensorProfile::OccupancyAndSide);
  seen.at(0, 1).occupant = Occupant::Empty;  // a2 and b2
  seen.at(1, 1).occupant = Occupant::Empty;
  f.session.onObservation(seen);
  EXPECT_TRUE(f.session.pendingChoices().empty()) << f.session.choiceTexts().front();
  EXPECT_EQ(f.session.differing().size(), 2u);
  readTheBoard(f, SensorProfile::OccupancyAndSide);  // the Pawns put back
  EXPECT_EQ(f.lastText(K::Restored), "board matches the game again");
}

// Written from the mutation run of the session (2026-12-04), which showed the session's offer of
// unseen sector shifts dead: only a sector with more pieces of one side moves, and its pieces move
// with it, so a sensor board sees every shift and nothing is said to be unseen.
TEST(RefereeSession, ASensorBoardSeesEveryShiftOfASector) {
  SessionOptions o;
  o.sensorsSeePiecesOnly = true;
  SessionFixture f("shifting-chess", o);
  EXPECT_EQ(f.count(K::Message), 0) << f.lastText(K::Message);
  readTheBoard(f);
  f.play("BI-BII", SensorProfile::Occupancy);
  EXPECT_EQ(recordSan(f.session.game()), std::vector<std::string>{"BI-BII"}) << f.lastText(K::Choose);
  f.session.showActionsFrom(square(f.session, "c7"));  // Black's sector BIV, beside the empty slot BIII
  EXPECT_TRUE(f.session.pendingChoices().empty()) << f.session.message();
}

// The engine's promotion, carried out, is the engine's: a sensor board cannot tell the piece, and
// the player was asked which it was, and the answer replaced the engine's action. A promotion the
// engine did not announce is unexpected, as any other action is.
TEST(RefereeSession, TheEnginesPromotionCarriedOutIsTakenWithoutAskingAndAnotherIsUnexpected) {
  SessionOptions o;
  o.mode = PlayMode::Engine;
  o.engineSide = 0;
  o.engineMillis = 20;
  // White can only promote (its King is walled in by the Rook and the King): e8 or d8, any piece.
  o.startPosition = "6r1/3PP3/8/8/8/7k/8/7K w - - 0 1";
  SessionFixture f("chess", o);
  ASSERT_TRUE(f.session.engineAction().has_value());
  const std::string engines = san(f.session.game().position(), *f.session.engineAction());
  f.play(engines, SensorProfile::Occupancy);
  EXPECT_EQ(f.count(K::Choose), 0) << f.lastText(K::Choose);
  EXPECT_EQ(recordSan(f.session.game()), std::vector<std::string>{engines});

  SessionFixture other("chess", o);
  ASSERT_TRUE(other.session.engineAction().has_value());
  const Move announced = *other.session.engineAction();
  const std::string instead = fileOf(announced.from) == 4 ? "d8=R" : "e8=R";  // the other Pawn's
  other.play(instead, SensorProfile::Occupancy);
  ASSERT_EQ(other.count(K::Choose), 1);
  other.session.choose(choiceNamed(other.session, "1. " + instead));
  EXPECT_EQ(other.lastText(K::Unexpected), "the engine plays " + numberedSan(other.session.game().position(), announced) +
                                               ", you chose 1. " + instead + ": choose the engine's action or override");
  EXPECT_TRUE(other.session.game().actions().empty()) << "not recorded without Override";
  other.session.overrideEngine();
  EXPECT_EQ(recordSan(other.session.game()), std::vector<std::string>{instead});
}

// Written from the mutation run of the session (2026-12-04): the engine's promotion announced before a
// restart and carried out after it is the board matching the game, so that taking it back on the
// board (the engine's action alone: the game began with it) is done unasked.
TEST(RefereeSession, TheEnginesPromotionCarriedOutAfterARestartLetsItBeTakenBackUnasked) {
  const std::string start = "6r1/3PP3/8/8/8/7k/8/7K w - - 0 1";
  const std::string journal = tempPath("promotion-restart.journal");
  std::filesystem::remove(journal);
  {
    const Game g(builtinVariant("chess"), start);
    GameJournal j = GameJournal::create(journal, g);
    Position pos = g.position();
    j.recordEngineAction(pos, parseMove(pos, "e8=Q"), 20);
  }
  SessionOptions o;
  o.mode = PlayMode::Engine;
  o.engineSide = 0;
  o.engineMillis = 20;
  o.startPosition = start;
  o.journalPath = journal;
  SessionFixture f("chess", o);
  ASSERT_EQ(san(f.session.game().position(), *f.session.engineAction()), "e8=Q");
  f.play("e8=Q", SensorProfile::Occupancy);
  ASSERT_EQ(recordSan(f.session.game()), std::vector<std::string>{"e8=Q"});
  const Observation before = sensorView(parsePosition(builtinVariant("chess"), start), SensorProfile::Occupancy);
  f.session.onObservation(before);
  f.session.onObservation(before);
  EXPECT_TRUE(f.session.game().actions().empty()) << f.lastText(K::Choose);
  EXPECT_EQ(f.count(K::Takeback), 1);
  std::filesystem::remove(journal);
}

// Four players against the engine (West): with East to act, Take back took back North's action
// and the engine's, and the engine played again. The engine's action goes back only with the one
// before it; any other goes back alone.
TEST(RefereeSession, TakeBackWithFourPlayersTakesTheEnginesActionBackOnlyWithTheOneBeforeIt) {
  SessionOptions o;
  o.mode = PlayMode::Engine;
  o.engineMillis = 20;
  SessionFixture f("chameleon-redux-4p", o);  // the engine plays West
  f.play("a3");
  ASSERT_TRUE(f.session.engineAction().has_value());
  const std::string engines = san(f.session.game().position(), *f.session.engineAction());
  f.play(engines);
  f.play("e6");
  ASSERT_EQ(recordSan(f.session.game()), (std::vector<std::string>{"a3", engines, "e6"}));
  const int announcements = f.count(K::EngineAction);
  f.session.takeBack();
  EXPECT_EQ(f.lastText(K::Takeback), "took back 1 action");
  EXPECT_EQ(recordSan(f.session.game()), (std::vector<std::string>{"a3", engines}));
  EXPECT_EQ(f.count(K::EngineAction), announcements) << "North acts again, not the engine";
  f.session.takeBack();
  EXPECT_EQ(f.lastText(K::Takeback), "took back 2 actions");
  EXPECT_TRUE(f.session.game().actions().empty());
  EXPECT_EQ(f.count(K::EngineAction), announcements) << "South acts again, not the engine";

  // With North out (its pieces gone), the turn passes from the engine to East: Take back after
  // East's action takes it back alone, and after the engine's, the engine's with South's.
  o.startPosition = "wKwP6/wRwP6/wNwP6/wQwP6/6ePeR/6ePeB/sPsPsPsP2ePeQ/sKsNsQsB2ePeK s - - 0 1";
  SessionFixture northOut("chameleon-redux-4p", o);
  const auto someAction = [&] {
    MoveList legal;
    generateLegal(northOut.session.game().position(), legal);
    return san(northOut.session.game().position(), legal[0]);
  };
  northOut.play("a3");
  ASSERT_TRUE(northOut.session.engineAction().has_value());
  const std::string westsAction = san(northOut.session.game().position(), *northOut.session.engineAction());
  northOut.play(westsAction);
  EXPECT_EQ(northOut.session.game().position().sideToMove(), 3) << "East acts after West, North being out";
  const std::string eastsAction = someAction();
  northOut.play(eastsAction);
  ASSERT_EQ(recordSan(northOut.session.game()), (std::vector<std::string>{"a3", westsAction, eastsAction}));
  const int announced = northOut.count(K::EngineAction);
  northOut.session.takeBack();
  EXPECT_EQ(northOut.lastText(K::Takeback), "took back 1 action");
  EXPECT_EQ(northOut.count(K::EngineAction), announced) << "East acts again, not the engine";
  northOut.session.onObservation(sensorView(northOut.session.game().position(), SensorProfile::Camera));  // put back
  northOut.play(eastsAction);
  northOut.play(someAction());  // South's next: the engine is to act
  ASSERT_EQ(northOut.count(K::EngineAction), announced + 1);
  northOut.play(san(northOut.session.game().position(), *northOut.session.engineAction()));
  ASSERT_EQ(northOut.session.game().actions().size(), 5u);
  northOut.session.takeBack();
  EXPECT_EQ(northOut.lastText(K::Takeback), "took back 2 actions");
  EXPECT_EQ(recordSan(northOut.session.game()), (std::vector<std::string>{"a3", westsAction, eastsAction}));
  EXPECT_EQ(northOut.session.game().position().sideToMove(), 0) << "South acts again";

  // Two players, as before: the engine's reply goes back with the player's action.
  o.startPosition.clear();
  SessionFixture two("chess", o);  // the engine plays Black
  two.play("e4");
  ASSERT_TRUE(two.session.engineAction().has_value());
  two.play(san(two.session.game().position(), *two.session.engineAction()));
  two.session.takeBack();
  EXPECT_EQ(two.lastText(K::Takeback), "took back 2 actions");
  EXPECT_TRUE(two.session.game().actions().empty());
}

}  // namespace
}  // namespace tessera::session
