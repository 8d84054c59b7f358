// New game at the table: the game before is kept and nothing of it is carried into the next (its
// clocks, its actions' times, its prompts, the engine's action, an action taken back by command),
// and the next game starts as a game does (the engine's first action, what the sensors cannot see).
// Written from the mutation run of host/session/referee_session.cpp (2026-12-04), whose survivors
// showed these left unpinned.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "host/session/action_text.hpp"
#include "session_fixture.hpp"

namespace tessera::session {
namespace {

using K = SessionEvent::Kind;
using namespace std::chrono_literals;

TEST(SessionNewGame, TheNextGameHasFullClocksAndTimesOfItsOwn) {
  const std::string journal = journalWithTimes("new-game-times.journal", "chess", {{"e4", 65000L}}, "5+0");
  SessionOptions o;
  o.journalPath = journal;
  o.timeControl = parseTimeControl("5+0");
  SessionFixture f("chess", o);
  ASSERT_LT(f.session.clock().remaining(0, GameClock::Clock::now()), 4min);
  f.session.newGame();
  EXPECT_GE(f.session.clock().remaining(0, GameClock::Clock::now()), 5min - 1s) << "White's clock runs from five minutes";
  f.play("e4");
  EXPECT_NE(f.session.pgn().find("1. e4 {[%emt 0:00:00]} *"), std::string::npos) << f.session.pgn();
  for (const std::string& name : {journal, journal + ".previous"}) std::filesystem::remove(name);
}

TEST(SessionNewGame, NothingOfTheGameBeforeIsOnShow) {
  SessionOptions o;
  o.startPosition = "4k3/P7/8/8/8/1p6/8/4K3 b - - 0 1";
  SessionFixture f("chess", o);
  f.play("b2");
  f.play("a8=Q");
  ASSERT_FALSE(f.session.pendingChoices().empty());
  f.session.newGame();
  EXPECT_TRUE(f.session.pendingChoices().empty()) << f.session.choiceTexts().front();
  EXPECT_EQ(f.count(K::Result), 0) << "no result to announce: " << f.lastText(K::Result);

  SessionFixture mated("chess");
  for (const char* san : {"f3", "e5", "g4", "Qh4#"}) mated.play(san);
  ASSERT_EQ(mated.count(K::Result), 1);
  mated.session.newGame();
  EXPECT_EQ(mated.count(K::Result), 1) << "the new game is no result: " << mated.lastText(K::Result);

  SessionOptions engine = againstTheEngine();
  SessionFixture e("chess", engine);
  e.play("e4");
  ASSERT_TRUE(e.session.engineAction().has_value());
  e.session.newGame();
  EXPECT_FALSE(e.session.engineAction().has_value()) << "White is to act in the new game";
}

// Taken back by command and the game then given up for a new one: the action taken back may be
// played in the new game.
TEST(SessionNewGame, AnActionTakenBackInTheGameBeforeMayBePlayedInTheNext) {
  SessionFixture f("chess");
  f.play("e4");
  f.play("e5");
  f.session.takeBack();
  f.session.newGame();
  ASSERT_TRUE(f.session.game().actions().empty());
  f.play("e4");
  f.play("e5");
  EXPECT_EQ(recordSan(f.session.game()), (std::vector<std::string>{"e4", "e5"})) << f.lastText(K::Mismatch);
}

TEST(SessionNewGame, TheNextGameStartsAsAGameDoes) {
  SessionOptions o = againstTheEngine();
  o.engineSide = 0;  // the engine plays White: it acts first
  SessionFixture f("chess", o);
  ASSERT_TRUE(f.session.engineAction().has_value());
  f.play(san(f.session.game().position(), *f.session.engineAction()));
  f.session.newGame();
  EXPECT_TRUE(f.session.engineAction().has_value()) << "the engine announces its first action again";
  EXPECT_EQ(f.count(K::EngineAction), 2);

  SessionOptions sensors;
  sensors.sensorsSeePiecesOnly = true;
  SessionFixture tiles("tiled-squares", sensors);
  const std::string unseen = tiles.lastText(K::Message);
  ASSERT_EQ(unseen.rfind("the board's sensors see the pieces, not Tiles", 0), 0u) << unseen;
  tiles.session.onObservation(sensorView(tiles.session.game().position(), SensorProfile::Occupancy));
  tiles.session.showActionsFrom(*parseSquare("c3", tiles.session.game().variant().size));
  tiles.session.choose(0);
  ASSERT_EQ(tiles.session.game().actions().size(), 1u);
  tiles.session.newGame();
  int told = 0;
  for (const SessionEvent& e : tiles.events) told += e.text == unseen;
  EXPECT_EQ(told, 2) << "said again at the new game's start";
}

// Neither a journal nor a record to keep: New game says nothing of keeping, and nothing fails.
TEST(SessionNewGame, WithNoFilesNothingIsKeptOrRefused) {
  SessionOptions o;
  o.recordPath = tempPath("never-written.pgn");  // the table had not written it yet
  std::filesystem::remove(o.recordPath);
  SessionFixture f("chess", o);
  f.play("e4");
  f.session.newGame();
  for (const SessionEvent& e : f.events) {
    EXPECT_EQ(e.text.find("cannot keep"), std::string::npos) << e.text;
    EXPECT_EQ(e.text.find("is kept as"), std::string::npos) << e.text;
  }
  EXPECT_EQ(f.lastText(K::GameStarted), "Orthodox chess: new game");
}

}  // namespace
}  // namespace tessera::session
