// At the table the engine thinks on a worker thread: the event loop goes on meanwhile, a board
// read while the engine thinks is judged once its action is known, and an answer about a position
// that has since changed is never shown.
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

#include <algorithm>
#include <thread>

#include "core/rules/move_text.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/position_text.hpp"
#include "session_fixture.hpp"

namespace tessera::session {
namespace {

using K = SessionEvent::Kind;

struct LoopFixture {
  boost::asio::io_context io;
  EngineAdvisor::Post post() {
    return [this](EngineAdvisor::Task task) { boost::asio::post(io, std::move(task)); };
  }
  // Runs the loop until `done` holds (or 10 s pass, which fails the caller's next check).
  template <class Done>
  void runUntil(Done done) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!done() && std::chrono::steady_clock::now() < deadline) {
      io.restart();
      io.run_for(std::chrono::milliseconds(10));
    }
  }
};

// `mode` with the engine given `millis` for its action and for hints.
SessionOptions thinkingFor(PlayMode mode, int millis) {
  SessionOptions o;
  o.mode = mode;
  o.engineMillis = o.hintMillis = millis;
  return o;
}

TEST(EngineInBackground, TheLoopKeepsRunningWhileTheEngineThinks) {
  LoopFixture loop;
  SessionFixture f("chess", thinkingFor(PlayMode::Engine, 600), loop.post());
  f.play("e4");
  EXPECT_TRUE(f.session.engineThinking());
  EXPECT_FALSE(f.session.engineAction().has_value()) << "play() returned before the engine answered";
  // A timer due long before the engine's time is up fires first: the loop is not blocked.
  boost::asio::steady_timer tick(loop.io, std::chrono::milliseconds(50));
  bool ticked = false, actionKnownAtTick = true;
  tick.async_wait([&](const boost::system::error_code&) {
    ticked = true;
    actionKnownAtTick = f.session.engineAction().has_value();
  });
  loop.runUntil([&] { return f.session.engineAction().has_value(); });
  EXPECT_TRUE(ticked);
  EXPECT_FALSE(actionKnownAtTick);
  ASSERT_TRUE(f.session.engineAction().has_value());
  EXPECT_EQ(f.count(K::EngineAction), 1);
  EXPECT_FALSE(f.session.engineThinking());
}

TEST(EngineInBackground, ABoardReadWhileTheEngineThinksIsJudgedAgainstItsAction) {
  LoopFixture loop;
  SessionFixture f("chess", thinkingFor(PlayMode::Engine, 300), loop.post());
  f.play("e4");
  f.play("a6");  // the player moves Black's piece before the engine has said anything
  EXPECT_EQ(f.session.game().actions().size(), 1u) << "nothing is accepted before the engine's action is known";
  EXPECT_EQ(f.count(K::Unexpected), 0);
  loop.runUntil([&] { return f.count(K::EngineAction) > 0; });
  ASSERT_TRUE(f.session.engineAction().has_value());
  Position pos = f.session.game().position();
  if (san(pos, *f.session.engineAction()) == "a6") {
    EXPECT_EQ(f.session.game().actions().size(), 2u) << "the board already shows the engine's action";
  } else {
    EXPECT_EQ(f.count(K::Unexpected), 1) << "the held board differs from the engine's action";
    EXPECT_EQ(f.session.game().actions().size(), 1u);
  }
}

// Leaving the game (New game, quitting) while the engine thinks stops its search: the program does
// not wait out the engine's time.
TEST(EngineInBackground, ASearchUnderWayStopsWhenTheEngineIsLeft) {
  LoopFixture loop;
  const auto asked = std::chrono::steady_clock::now();
  bool answered = false;
  {
    EngineAdvisor engine(loop.post());
    engine.ask(startPosition(builtinVariant("chess")), 60000, 1, [&](EngineAdvisor::Advice) { answered = true; });
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_LT(std::chrono::steady_clock::now() - asked, std::chrono::seconds(20)) << "the 60 s search ran on";
  loop.io.run_for(std::chrono::milliseconds(50));
  EXPECT_FALSE(answered) << "an answer after the engine was left is dropped";
}

// Without a loop to post to, the answer comes before ask() returns.
TEST(EngineInBackground, TheEngineGivesTheLinesAskedForAndNoneWhenThereIsNoAction) {
  EngineAdvisor engine;
  std::optional<EngineAdvisor::Advice> advice;
  engine.ask(startPosition(builtinVariant("chess")), 200, 3, [&](EngineAdvisor::Advice a) { advice = std::move(a); });
  ASSERT_TRUE(advice.has_value());
  ASSERT_EQ(advice->actions.size(), 3u);
  EXPECT_NE(advice->actions[0], advice->actions[1]);
  EXPECT_NE(advice->actions[1], advice->actions[2]);
  EXPECT_NE(advice->actions[0], advice->actions[2]);
  advice.reset();
  // Fool's mate: White has no action.
  const Position mated = parsePosition(builtinVariant("chess"), "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  engine.ask(mated, 200, 3, [&](EngineAdvisor::Advice a) { advice = std::move(a); });
  ASSERT_TRUE(advice.has_value());
  EXPECT_TRUE(advice->actions.empty());
  EXPECT_EQ(advice->score, 0);
}

// A newer question stops the search for an older one, whose answer is never given.
TEST(EngineInBackground, ANewerQuestionStopsTheOlderSearchAndOnlyItsAnswerComes) {
  LoopFixture loop;
  EngineAdvisor engine(loop.post());
  const Position start = startPosition(builtinVariant("chess"));
  Position afterE4 = start;
  afterE4.make(parseMove(afterE4, "e4"));
  std::vector<Move> answers;
  const auto asked = std::chrono::steady_clock::now();
  engine.ask(start, 60000, 1, [&](EngineAdvisor::Advice a) { answers.push_back(a.actions.at(0)); });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));  // the first search is under way
  engine.ask(afterE4, 100, 1, [&](EngineAdvisor::Advice a) { answers.push_back(a.actions.at(0)); });
  EXPECT_TRUE(engine.thinking());
  loop.runUntil([&] { return !engine.thinking(); });
  loop.io.restart();
  loop.io.run_for(std::chrono::milliseconds(100));
  EXPECT_LT(std::chrono::steady_clock::now() - asked, std::chrono::seconds(10)) << "the 60 s search ran on";
  ASSERT_EQ(answers.size(), 1u);
  MoveList blacks;
  generateLegal(afterE4, blacks);
  EXPECT_NE(std::find(blacks.begin(), blacks.end(), answers[0]), blacks.end()) << "the answer is Black's, after 1. e4";
}

TEST(EngineInBackground, ACancelledQuestionIsNoLongerThoughtAbout) {
  LoopFixture loop;
  EngineAdvisor engine(loop.post());
  bool answered = false;
  engine.ask(startPosition(builtinVariant("chess")), 200, 1, [&](EngineAdvisor::Advice) { answered = true; });
  EXPECT_TRUE(engine.thinking());
  engine.cancel();
  EXPECT_FALSE(engine.thinking());
  loop.io.run_for(std::chrono::milliseconds(500));
  EXPECT_FALSE(answered);
}

TEST(EngineInBackground, AHintAboutAnEarlierPositionIsDropped) {
  LoopFixture loop;
  SessionFixture f("chess", thinkingFor(PlayMode::Hints, 300), loop.post());
  EXPECT_TRUE(f.session.engineThinking());
  f.play("e4");  // before the hint for the start position arrives
  f.play("e5");
  loop.runUntil([&] { return f.count(K::Hint) > 0; });
  ASSERT_EQ(f.count(K::Hint), 1) << "only the hint for the position on the board is shown";
  EXPECT_EQ(f.lastText(K::Hint).rfind("suggested: 2.", 0), 0u) << f.lastText(K::Hint);
  ASSERT_FALSE(f.session.hintMoves().empty());
  MoveList legal;
  generateLegal(f.session.game().position(), legal);
  EXPECT_NE(std::find(legal.begin(), legal.end(), f.session.hintMoves().front()), legal.end());
}

// Since 2026-11-29 the engine weighs a draw offer on its worker thread: the game goes on meanwhile,
// and an action lapses the offer. A search already under way (a hint, its own action) weighs it and
// goes on to give its answer, where it had been interrupted and run again from the start.
TEST(EngineInBackground, ADrawOfferLapsesWhenAnActionComesWhileTheEngineWeighsIt) {
  LoopFixture loop;
  SessionOptions o = thinkingFor(PlayMode::Engine, 50);
  o.startPosition = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";  // the engine, Black, would take a draw
  SessionFixture f("chess", o, loop.post());
  f.session.agreeDraw();
  EXPECT_TRUE(f.session.engineThinking());
  EXPECT_EQ(f.lastText(K::Message), "the engine weighs the draw offer");
  f.play("Qd2");  // the player goes on before the engine answers
  EXPECT_EQ(f.session.game().actions().size(), 1u);
  EXPECT_TRUE(f.told("the draw offer lapses: the game has moved on"));
  loop.runUntil([&] { return f.session.engineAction().has_value(); });
  ASSERT_TRUE(f.session.engineAction().has_value());
  // Time for a late answer to the offer, which must not come.
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(600);
  loop.runUntil([&] { return std::chrono::steady_clock::now() > until; });
  EXPECT_FALSE(f.session.result().finished());
  EXPECT_FALSE(f.told("the engine accepts"));
}

TEST(EngineInBackground, ASearchUnderWayWeighsADrawOfferAndGivesItsAnswerWithTheDecline) {
  LoopFixture loop;
  SessionOptions o = thinkingFor(PlayMode::Engine, 300);
  o.startPosition = "3qk3/8/8/8/8/8/8/4K3 w - - 0 1";  // the engine, Black, has a Queen more
  SessionFixture hinted("chess", o, loop.post());
  hinted.session.hint();
  ASSERT_TRUE(hinted.session.engineThinking());
  hinted.session.agreeDraw();
  hinted.session.hint();  // asked again while the engine weighs
  loop.runUntil([&] { return hinted.told("the engine declines the draw"); });
  EXPECT_TRUE(hinted.told("the engine declines the draw: it scores +"));
  EXPECT_EQ(hinted.count(K::Hint), 1) << "the hint comes with the decline, from the same search";
  EXPECT_FALSE(hinted.session.hintMoves().empty());
  EXPECT_FALSE(hinted.session.engineThinking()) << "no search started again";
  EXPECT_FALSE(hinted.session.result().finished());

  o.startPosition = "3qk3/8/8/8/8/8/8/4K3 b - - 0 1";  // the engine to act, thinking
  SessionFixture acting("chess", o, loop.post());
  ASSERT_TRUE(acting.session.engineThinking());
  acting.session.agreeDraw();
  EXPECT_EQ(acting.lastText(K::Message), "the engine weighs the draw offer");
  loop.runUntil([&] { return acting.told("the engine declines the draw"); });
  EXPECT_TRUE(acting.session.engineAction().has_value()) << "its action comes with the decline, from the same search";
  EXPECT_EQ(acting.count(K::EngineAction), 1);
  EXPECT_FALSE(acting.session.engineThinking());
  EXPECT_FALSE(acting.session.result().finished());
}

// Written from the mutation run of the session (2026-12-04): a hint asked for while the engine weighs
// a draw offer alone is given once the offer is declined, as the player was told it would be.
TEST(EngineInBackground, AHintAskedWhileTheEngineWeighsADrawOfferFollowsTheDecline) {
  LoopFixture loop;
  SessionOptions o = thinkingFor(PlayMode::Engine, 300);
  o.startPosition = "3qk3/8/8/8/8/8/8/4K3 w - - 0 1";  // the engine, Black, has a Queen more
  SessionFixture f("chess", o, loop.post());
  ASSERT_FALSE(f.session.engineThinking());
  f.session.agreeDraw();
  ASSERT_TRUE(f.session.engineThinking());
  f.session.agreeDraw();  // tapped twice
  EXPECT_EQ(f.session.message(), "the engine is weighing the draw offer already");
  f.session.hint();
  EXPECT_EQ(f.session.message(), "the engine is weighing the draw offer: the hint follows");
  loop.runUntil([&] { return f.count(K::Hint) > 0; });
  EXPECT_TRUE(f.told("the engine declines the draw: it scores +"));
  EXPECT_EQ(f.count(K::Hint), 1);
  EXPECT_FALSE(f.session.hintMoves().empty());
}

// Written from the same run: a Tile drop the sensors cannot see, chosen for the engine while it is
// still thinking, is refused until its action is known.
TEST(EngineInBackground, AnActionChosenForTheEngineBeforeItHasChosenWaitsForItsAction) {
  LoopFixture loop;
  SessionOptions o = thinkingFor(PlayMode::Engine, 600);
  o.sensorsSeePiecesOnly = true;
  SessionFixture f("tiled-squares", o, loop.post());  // the engine plays Black
  const auto square = [&](const char* name) { return *parseSquare(name, f.session.game().variant().size); };
  f.session.onObservation(sensorView(f.session.game().position(), SensorProfile::Occupancy));
  f.session.showActionsFrom(square("c3"));
  f.session.choose(0);  // White's T@c3
  ASSERT_EQ(f.session.game().actions().size(), 1u);
  ASSERT_TRUE(f.session.engineThinking());
  for (const char* name : {"a6", "h6", "a5", "h5"}) {
    f.session.showActionsFrom(square(name));
    if (!f.session.pendingChoices().empty()) break;
  }
  ASSERT_FALSE(f.session.pendingChoices().empty()) << f.session.message();
  f.session.choose(0);
  EXPECT_EQ(f.session.message(), "the engine is thinking: wait for its action");
  EXPECT_EQ(f.session.game().actions().size(), 1u);
  EXPECT_FALSE(f.session.unexpectedAction().has_value());
  loop.runUntil([&] { return f.session.engineAction().has_value(); });
}

TEST(EngineInBackground, TheEnginesOwnSearchMayTakeTheDrawInsteadOfActing) {
  LoopFixture loop;
  SessionOptions o = thinkingFor(PlayMode::Engine, 300);
  o.startPosition = "4k3/4p3/8/8/8/8/4P3/4K3 b - - 0 1";  // a Pawn each, the engine to act, thinking
  SessionFixture f("chess", o, loop.post());
  ASSERT_TRUE(f.session.engineThinking());
  f.session.agreeDraw();
  loop.runUntil([&] { return f.session.result().finished(); });
  EXPECT_EQ(f.session.result().token, "1/2-1/2");
  EXPECT_TRUE(f.told("the engine accepts the draw"));
  EXPECT_EQ(f.count(K::EngineAction), 0) << "no action announced in a game agreed drawn";
  EXPECT_FALSE(f.session.engineAction().has_value());
}

}  // namespace
}  // namespace tessera::session
