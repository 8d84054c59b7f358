// Four players: the modelled round that judges the best reply search's leading actions
// (core/modelled_round.hpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>

#include "core/engine/search.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/position_text.hpp"

using namespace tessera;

namespace {

// From a seeded match (docs/bench/chameleon-redux-4p-games.txt, the sixth position): South's best
// reply search prefers Qd4 (+2.11 at depth 4), after which East's own search checks with c5+ and
// the round ends at -3.80; after Qdc2 it ends at +2.59.
constexpr const char* kQueenMiddleGame =
    "1wP1nQ4/wRwK2nP1nKnP/1wP4nPnQ/wQwP1wP1nP2/8/1sPsPsQ1ePePeB/sPsK1sPeP1ePeK/2sQ5 s - - 0 13";

const Variant& fourPlayers() { return builtinVariant("chameleon-redux-4p"); }

SearchReport searchWithin(Position& pos, std::int64_t nodes, bool modelledRound = true, int lines = 1) {
  Searcher searcher;
  SearchLimits limits;
  limits.nodes = nodes;
  limits.multiPv = lines;
  limits.modelledRound = modelledRound;
  return searcher.search(pos, limits);
}

bool isLegalHere(Position& pos, const Move& m) {
  MoveList legal;
  generateLegal(pos, legal);
  return std::find(legal.begin(), legal.end(), m) != legal.end();
}

}  // namespace

TEST(ModelledRound, TheActionWhoseRoundEndsBestIsPlayedOverTheBestReplySearchsFirstChoice) {
  Position pos = parsePosition(fourPlayers(), kQueenMiddleGame);
  const SearchReport report = searchWithin(pos, 60'000, true, 3);
  ASSERT_EQ(report.lines.size(), 3u);
  ASSERT_GE(report.modelled.size(), 2u);
  const auto best = std::max_element(report.modelled.begin(), report.modelled.end(),
                                     [](const ModelledRound& a, const ModelledRound& b) { return a.score < b.score; });
  EXPECT_EQ(report.lines.front().moves.front(), best->action);
  EXPECT_EQ(san(pos, best->action), "Qdc2");
  // The best reply search scored another action higher: the round, not its score, chose.
  const auto higher = std::find_if(report.lines.begin() + 1, report.lines.end(),
                                   [&](const PvLine& l) { return l.score > report.lines.front().score; });
  ASSERT_NE(higher, report.lines.end());
  EXPECT_EQ(san(pos, higher->moves.front()), "Qd4");

  // Without the round, the best reply search's first choice stands, and no round is reported.
  const SearchReport alone = searchWithin(pos, 60'000, false, 3);
  EXPECT_TRUE(alone.modelled.empty());
  EXPECT_EQ(san(pos, alone.lines.front().moves.front()), "Qd4");
}

TEST(ModelledRound, EachActionWithinAPawnOfTheBestGetsARoundOfEveryOpponentInTurn) {
  Position pos = parsePosition(fourPlayers(), kQueenMiddleGame);
  const int us = pos.sideToMove();
  const SearchReport report = searchWithin(pos, 60'000, true, 3);
  ASSERT_FALSE(report.modelled.empty());
  int bestScore = report.lines.front().score;
  for (const PvLine& line : report.lines) bestScore = std::max(bestScore, line.score);
  for (const PvLine& line : report.lines) {
    const Move action = line.moves.front();
    const bool judged = std::any_of(report.modelled.begin(), report.modelled.end(),
                                    [&](const ModelledRound& r) { return r.action == action; });
    EXPECT_EQ(judged, line.score >= bestScore - 100) << san(pos, action) << " scored " << line.score;
  }
  for (const ModelledRound& round : report.modelled) {
    // All four are in: the three opponents act, each in its turn, with an action legal there.
    ASSERT_EQ(round.replies.size(), 3u) << san(pos, round.action);
    Position after = pos;
    after.make(round.action);
    for (const Move& reply : round.replies) {
      EXPECT_NE(after.sideToMove(), us);
      EXPECT_TRUE(isLegalHere(after, reply)) << longAlgebraic(after, reply);
      after.make(reply);
    }
    EXPECT_EQ(after.sideToMove(), us);
  }
}

TEST(ModelledRound, AHintGivesTheLinesAskedForAndOneActionGivesOneLine) {
  Position pos = parsePosition(fourPlayers(), kQueenMiddleGame);
  EXPECT_EQ(searchWithin(pos, 30'000, true, 1).lines.size(), 1u);
  const SearchReport five = searchWithin(pos, 60'000, true, 5);
  ASSERT_EQ(five.lines.size(), 5u);
  for (std::size_t i = 0; i < five.lines.size(); ++i)
    for (std::size_t j = i + 1; j < five.lines.size(); ++j)
      EXPECT_FALSE(five.lines[i].moves.front() == five.lines[j].moves.front());
}

// At 60,000 nodes two actions are within a pawn of the best and their rounds share what the best
// reply search left; at 100,000 only Qd4 is, no round is played, and best reply search goes on with
// the half the rounds would have had rather than answer early. Either way the budget is spent (each
// search's first iteration finishes whatever its limit, so a little over is allowed).
TEST(ModelledRound, TheWholeBudgetIsSpentWithRoundsOrWithout) {
  Position pos = parsePosition(fourPlayers(), kQueenMiddleGame);
  for (const std::int64_t nodes : {60'000, 100'000}) {
    const SearchReport report = searchWithin(pos, nodes);
    EXPECT_EQ(report.modelled.empty(), nodes == 100'000) << nodes;
    EXPECT_GT(report.nodes, nodes * 3 / 4) << nodes;
    EXPECT_LT(report.nodes, nodes * 11 / 10) << nodes;
    EXPECT_EQ(positionString(pos), kQueenMiddleGame) << "the position is left as it was";
  }
  const SearchReport noRound = searchWithin(pos, 100'000);
  const SearchReport alone = searchWithin(pos, 100'000, false);
  EXPECT_GE(noRound.depth, alone.depth);
  EXPECT_EQ(san(pos, noRound.lines.front().moves.front()), "Qd4");
}

// With East out, a round is West's and North's actions, and their searches and South's share out
// all of what the best reply search leaves.
TEST(ModelledRound, WithThreeSidesInARoundIsTheTwoOpponentsActionsAndTheBudgetIsSpent) {
  Position three = parsePosition(fourPlayers(), "1wP1nQ4/wRwK2nP1nKnP/1wP4nPnQ/wQwP1wP1nP2/8/1sPsPsQ4/sPsK1sP4/2sQ5 s - - 0 13");
  ASSERT_EQ(three.sidesInGame(), 3);
  const SearchReport report = searchWithin(three, 100'000);
  ASSERT_FALSE(report.modelled.empty());
  for (const ModelledRound& round : report.modelled) EXPECT_EQ(round.replies.size(), 2u) << san(three, round.action);
  EXPECT_GT(report.nodes, 95'000);
}

TEST(ModelledRound, ACancelledSearchGivesTheBestReplySearchsAnswerWithoutARound) {
  Position pos = parsePosition(fourPlayers(), kQueenMiddleGame);
  SearchLimits limits;
  limits.depth = 4;
  Searcher uncancelled;
  ASSERT_FALSE(uncancelled.search(pos, limits).modelled.empty()) << "at depth 4 this position has rounds to play";
  // Cancelled (by the table's next question, say) once the best reply search is done.
  std::atomic<bool> cancel{false};
  limits.cancel = &cancel;
  Searcher searcher;
  const SearchReport report = searcher.search(pos, limits, [&](const SearchReport& r) {
    if (r.depth == 4) cancel = true;
  });
  ASSERT_EQ(report.lines.size(), 1u);
  EXPECT_EQ(report.depth, 4);
  EXPECT_TRUE(report.modelled.empty());
  EXPECT_EQ(san(pos, report.lines.front().moves.front()), "Qd4") << "the best reply search's own choice";
}

// The same middle game with West and East out: South and North alone, a duel, where North's best
// reply is what to expect of it, not what its own shorter search would play. The search is the
// best reply search alone, all its budget to its lines.
TEST(ModelledRound, NotInTheLastDuel) {
  Position duel = parsePosition(fourPlayers(), "3nQ4/4nP1nKnP/6nPnQ/5nP2/8/1sPsPsQ4/sPsK1sP4/2sQ5 s - - 0 13");
  ASSERT_EQ(duel.sidesInGame(), 2);
  const SearchReport report = searchWithin(duel, 60'000, true, 3);
  EXPECT_TRUE(report.modelled.empty());
  EXPECT_EQ(report.lines.front().moves.front(), searchWithin(duel, 60'000, false, 3).lines.front().moves.front());
}

TEST(ModelledRound, NotWithTwoPlayersNorWithTheParanoidSearch) {
  Position chess = startPosition(builtinVariant("chess"));
  EXPECT_TRUE(searchWithin(chess, 20'000).modelled.empty());
  Position pos = parsePosition(fourPlayers(), kQueenMiddleGame);
  Searcher searcher;
  SearchLimits paranoid;
  paranoid.nodes = 60'000;
  paranoid.paranoid = true;
  EXPECT_TRUE(searcher.search(pos, paranoid).modelled.empty());
}
