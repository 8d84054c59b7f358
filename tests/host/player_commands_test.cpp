// The players' commands at the table (the buttons, the web page) when there is nothing for them to
// do: each says why and changes nothing; Confirm takes what is on offer.
// Written from the mutation run of host/session/referee_session.cpp (2026-12-04), whose survivors
// showed these left unpinned.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include "host/session/action_text.hpp"
#include "session_fixture.hpp"

namespace tessera::session {
namespace {

using K = SessionEvent::Kind;
using namespace std::chrono_literals;

TEST(PlayerCommands, NoHintOnceTheGameIsOverOrOnTheEnginesTurn) {
  SessionFixture f("chess");
  f.play("e4");
  f.session.resign();
  f.session.hint();
  EXPECT_EQ(f.session.message(), "the game is over");
  EXPECT_EQ(f.count(K::Hint), 0);
  EXPECT_TRUE(f.session.hintMoves().empty());

  SessionOptions o = againstTheEngine();
  o.engineSide = 0;  // the engine plays White and has announced its first action
  SessionFixture e("chess", o);
  ASSERT_TRUE(e.session.engineAction().has_value());
  e.session.hint();
  EXPECT_EQ(e.session.message(), "the engine is to act, not you");
  EXPECT_EQ(e.count(K::Hint), 0);
}

TEST(PlayerCommands, TakeBackAtTheStartHasNothingToTakeBack) {
  SessionFixture f("chess");
  f.session.takeBack();
  EXPECT_EQ(f.session.message(), "nothing to take back");
  EXPECT_EQ(f.count(K::Takeback), 0);
  EXPECT_TRUE(f.session.game().actions().empty());
}

TEST(PlayerCommands, ConfirmTakesTheOtherActionOverTheEnginesOrSaysThereIsNothing) {
  SessionFixture idle("chess");
  idle.session.confirm();
  EXPECT_EQ(idle.session.message(), "nothing to confirm");
  idle.session.overrideEngine();
  EXPECT_EQ(idle.session.message(), "nothing to override");
  EXPECT_TRUE(idle.session.game().actions().empty());

  SessionOptions o = againstTheEngine();
  SessionFixture f("chess", o);
  f.play("e4");
  Position pos = f.session.game().position();
  const std::string instead = san(pos, *f.session.engineAction()) == "a6" ? "h6" : "a6";
  f.play(instead);
  ASSERT_TRUE(f.session.unexpectedAction().has_value());
  f.session.confirm();
  EXPECT_EQ(recordSan(f.session.game()), (std::vector<std::string>{"e4", instead}));
  EXPECT_FALSE(f.session.unexpectedAction().has_value()) << "taken, it is no longer unexpected";
}

TEST(PlayerCommands, ADrawIsAgreedBetweenTwoPlayersInAGameGoingOnAndEndsIt) {
  SessionOptions o;
  o.timeControl = parseTimeControl("5+0");
  SessionFixture f("chess", o);
  f.play("e4");
  f.session.agreeDraw();
  EXPECT_EQ(f.lastText(K::Result), "1/2-1/2 draw agreed");
  const auto now = GameClock::Clock::now();
  EXPECT_EQ(f.session.clock().remaining(1, now + 30s), f.session.clock().remaining(1, now)) << "the clocks stopped";
  f.session.agreeDraw();
  EXPECT_EQ(f.session.message(), "cannot agree a draw now: the game is over");
  EXPECT_EQ(f.count(K::Result), 1);

  SessionFixture four("chameleon-redux-4p");
  four.session.agreeDraw();
  EXPECT_EQ(four.session.message(), "no agreed draw with four players");
  EXPECT_FALSE(four.session.result().finished());
}

TEST(PlayerCommands, AChoiceOutsideTheOnesOfferedIsRefusedByItsNumber) {
  SessionOptions o;
  o.startPosition = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
  SessionFixture f("chess", o);
  f.play("a8=Q");
  ASSERT_EQ(f.session.pendingChoices().size(), 4u);
  for (const int index : {4, -1}) {
    f.session.choose(index);
    EXPECT_EQ(f.session.message(), "no choice " + std::to_string(index + 1));
    EXPECT_EQ(f.session.pendingChoices().size(), 4u) << "still asked";
    EXPECT_TRUE(f.session.game().actions().empty());
  }
  f.session.choose(3);
  EXPECT_EQ(f.session.game().actions().size(), 1u) << "the last one offered is a choice";
}

}  // namespace
}  // namespace tessera::session
