// The engine as a player meets it: values that follow the pieces' powers, several lines for a hint,
// limits that end the search, every variant answered, matches (the UCI protocol: uci_test.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>

#include "core/engine/evaluation.hpp"
#include "core/engine/search.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/piece_values.hpp"
#include "core/rules/position_text.hpp"
#include "core/selfplay/engine_match.hpp"
#include "core/selfplay/weight_tuning.hpp"

using namespace tessera;

namespace {

int valueOf(const Variant& v, const char* name) { return pieceValues(v)[static_cast<std::size_t>(v.typeByName(name))]; }

// What one term of the evaluation adds for `side`: the score with its weight at `value`, less the
// score with it at 0 (the variant's other weights as they are).
int termWorth(const Position& pos, int side, int EvalWeights::*weight, int value) {
  EvalWeights off = defaultWeights(pos.variant()), on = off;
  off.*weight = 0;
  on.*weight = value;
  return evaluate(pos, side, on) - evaluate(pos, side, off);
}

TEST(EngineValues, DerivedFromMoveSetsTheyRankTheOrthodoxPiecesAsPlayersDo) {
  const Variant& chess = builtinVariant("chess");
  EXPECT_EQ(valueOf(chess, "pawn"), 100);
  EXPECT_EQ(valueOf(chess, "king"), 0);
  EXPECT_GT(valueOf(chess, "queen"), valueOf(chess, "rook") + valueOf(chess, "bishop"));
  EXPECT_GT(valueOf(chess, "rook"), valueOf(chess, "bishop"));
  EXPECT_GT(valueOf(chess, "bishop"), 2 * valueOf(chess, "pawn"));
  EXPECT_GT(valueOf(chess, "knight"), 2 * valueOf(chess, "pawn"));
  EXPECT_LT(std::abs(valueOf(chess, "knight") - valueOf(chess, "bishop")), 150);
}

TEST(EngineValues, AFairyPieceThatCombinesTwoIsWorthMoreThanEither) {
  const Variant& dd = builtinVariant("desert-dust");
  for (const auto& piece : dd.pieces) EXPECT_GE(pieceValues(dd)[static_cast<std::size_t>(dd.typeByName(piece.name))], 0);
  // The Sultana moves as Queen and Knight together in Desert Dust; the Raven reaches far too.
  EXPECT_GT(valueOf(dd, "sultana"), valueOf(dd, "caliph"));
}

// docs/engine.md: value = 70 x average^0.85 x (0.5 + 0.5 x share), where average is the squares a
// piece reaches from a square, over all 64, and share the part of the board it can ever get to.
// A Rook reaches 896 squares from the 64 in all and the whole board; a Bishop 560 and half of it.
TEST(EngineValues, APieceThatReachesHalfTheBoardIsWorthThreeQuartersOfWhatItsMovesMakeIt) {
  const Variant& chess = builtinVariant("chess");
  EXPECT_EQ(valueOf(chess, "rook"), static_cast<int>(70.0 * std::pow(896.0 / 64, 0.85)));
  EXPECT_EQ(valueOf(chess, "bishop"), static_cast<int>(70.0 * std::pow(560.0 / 64, 0.85) * 0.75));
}

// A piece whose moves all leave the board (a three-square leaper on a board three squares wide)
// never moves: it is valued as a Pawn, not as nothing, so that capturing it still counts.
TEST(EngineValues, APieceThatCanNeverMoveIsValuedAsAPawn) {
  const Variant tiny = parseVariantText("[tiny]\nboard = 3x3\npiece = king K K royal\npiece = threeleaper H H\n"
                                        "start = k2/3/H1K w - - 0 1\n",
                                        "tiny")[0];
  EXPECT_EQ(valueOf(tiny, "threeleaper"), 100);
}

// A program may read a variant, drop it and read another into the same place (a test, a variant
// file loaded again): the second must be valued by its own pieces. The values were once kept by the
// variant's address, and the second got the first's.
TEST(EngineValues, AVariantMadeWhereAnotherWasIsValuedByItsOwnPieces) {
  const char* rooks = "[rooks]\nboard = 8x8\npiece = king K K royal\npiece = rook R R\n"
                      "start = r3k3/8/8/8/8/8/8/R3K3 w - - 0 1\n";
  const char* knights = "[knights]\nboard = 8x8\npiece = king K K royal\npiece = knight N N\n"
                        "piece = bishop B B\nstart = nb2k3/8/8/8/8/8/8/NB2K3 w - - 0 1\n";
  std::optional<Variant> slot;
  slot.emplace(parseVariantText(rooks, "first")[0]);
  const Variant* first = &*slot;
  const std::vector<int> rookValues = pieceValues(*slot);
  EXPECT_EQ(evaluate(parsePosition(*slot, "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1"), 0), 0);
  slot.emplace(parseVariantText(knights, "second")[0]);
  ASSERT_EQ(&*slot, first) << "the second variant is where the first was";
  const Variant alone = parseVariantText(knights, "alone")[0];
  ASSERT_EQ(pieceValues(*slot).size(), 3u);
  EXPECT_EQ(pieceValues(*slot), pieceValues(alone));
  EXPECT_NE(pieceValues(*slot)[1], rookValues[1]) << "a Knight is not valued as the Rook before it";
  // White a Knight and a Bishop up: what a fresh reading of the variant says.
  const char* up = "4k3/8/8/8/8/8/8/NB2K3 w - - 0 1";
  EXPECT_EQ(evaluate(parsePosition(*slot, up), 0), evaluate(parsePosition(alone, up), 0));
  EXPECT_GT(evaluate(parsePosition(*slot, up), 0), 400);
}

TEST(EngineEvaluation, SymmetricPositionsAreEvenAndAnExtraQueenCounts) {
  Position start = startPosition(builtinVariant("chess"));
  EXPECT_EQ(evaluate(start, 0), evaluate(start, 1));
  Position upQueen = parsePosition(builtinVariant("chess"), "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_GT(evaluate(upQueen, 0), 700);
  EXPECT_LT(evaluate(upQueen, 1), -700);
}

TEST(EngineSearch, MultiPvGivesDistinctActionsBestFirst) {
  Position pos = startPosition(builtinVariant("chess"));
  Searcher s;
  SearchLimits limits;
  limits.depth = 4;
  limits.multiPv = 3;
  const SearchReport r = s.search(pos, limits);
  ASSERT_EQ(r.lines.size(), 3u);
  EXPECT_FALSE(r.lines[0].moves.front() == r.lines[1].moves.front());
  EXPECT_FALSE(r.lines[1].moves.front() == r.lines[2].moves.front());
  EXPECT_GE(r.lines[0].score, r.lines[1].score);
  EXPECT_GE(r.lines[1].score, r.lines[2].score);
  for (const PvLine& line : r.lines) EXPECT_TRUE(isLegal(pos, line.moves.front()));
}

// Of two equally good actions the hint shows first the one the engine plays, and keeps their
// order from one search to the next, so a hint's first line never contradicts the engine's action
// at the same depth. Here Ra8+ and Rh8+ score the same to depth 2.
TEST(EngineSearch, MultiPvShowsFirstTheActionPlayedAmongEqualScores) {
  const Position start = parsePosition(builtinVariant("chess"), "4k3/8/8/8/8/8/8/R3K2R w - - 0 1");
  for (int depth = 1; depth <= 2; ++depth) {
    SearchLimits limits;
    limits.depth = depth;
    Position pos = start;
    const SearchReport played = Searcher().search(pos, limits);
    limits.multiPv = 3;
    const SearchReport hint = Searcher().search(pos, limits);
    ASSERT_EQ(hint.lines.size(), 3u);
    ASSERT_EQ(hint.lines[0].score, hint.lines[1].score) << "depth " << depth << ": no tie to test";
    EXPECT_TRUE(hint.lines[0].moves.front() == played.lines.front().moves.front())
        << "depth " << depth << ": hint " << longAlgebraic(pos, hint.lines[0].moves.front()) << ", played "
        << longAlgebraic(pos, played.lines.front().moves.front());
    const SearchReport again = Searcher().search(pos, limits);
    for (std::size_t l = 0; l < 3; ++l) EXPECT_TRUE(again.lines[l].moves.front() == hint.lines[l].moves.front());
  }
}

// A hint of three lines that the node limit stops in the middle of an iteration, at whichever of
// its lines: still three lines, those of the last whole iteration.
TEST(EngineSearch, MultiPvStoppedInAnIterationKeepsEveryLineOfTheLastWholeOne) {
  Position pos = startPosition(builtinVariant("chess"));
  for (std::int64_t nodes = 250; nodes <= 8000; nodes += 250) {
    Searcher s;
    SearchLimits limits;
    limits.multiPv = 3;
    limits.nodes = nodes;
    const SearchReport r = s.search(pos, limits);
    EXPECT_EQ(r.lines.size(), 3u) << nodes << " nodes, depth " << r.depth;
  }
}

// A stop that comes before the first iteration ends (a GUI's `stop` at once after `go`), or a time
// budget too short for it, still gets an action: the first iteration always finishes. In this
// Desert Dust middle game (the bench's) depth 1 takes 8,719 nodes, well past the 1,024 after which
// a cancel is first seen.
TEST(EngineSearch, AStopOrASpentBudgetBeforeDepthOneEndsStillGivesALegalAction) {
  Position pos = parsePosition(builtinVariant("desert-dust"),
                               "vuhbq1kebhuv/yto2nnaroty/c1wm1jjfm1lc/pp1pssssp1pp/3a5p2/2p5S3/5M6/8SJ2/PPPP4PPPP/"
                               "CLW1FJR1MWLC/YTO1ANNA1OTY/VUHBEQKEBHUV[Rr] w KQkq - 1 13");
  const std::atomic<bool> cancelled{true};
  Searcher s;
  SearchLimits limits;
  limits.cancel = &cancelled;
  const SearchReport r = s.search(pos, limits);
  ASSERT_FALSE(r.lines.empty());
  EXPECT_EQ(r.depth, 1);
  EXPECT_TRUE(isLegal(pos, r.lines.front().moves.front()));
  // So does a budget of 1 ms, spent before depth 1's 8,719 nodes are (the clock is read every
  // 1,024 nodes, and 8,192 of them take far more than 1 ms: the whole depth took 24 ms here).
  SearchLimits oneMillisecond;
  oneMillisecond.millis = 1;
  const SearchReport hurried = Searcher().search(pos, oneMillisecond);
  ASSERT_FALSE(hurried.lines.empty());
  EXPECT_TRUE(isLegal(pos, hurried.lines.front().moves.front()));
}

// A chess position where White, in check from the Queen b1, can only take it with Kxb1, searched
// by a fresh Searcher to `depth`: the line starts Kxb1 and scores as a draw.
void expectKxb1ScoresAsADraw(const char* position, int depth) {
  Position pos = parsePosition(builtinVariant("chess"), position);
  Searcher s;
  SearchLimits limits;
  limits.depth = depth;
  const SearchReport r = s.search(pos, limits);
  ASSERT_FALSE(r.lines.empty()) << position << " at depth " << depth;
  EXPECT_EQ(san(pos, r.lines[0].moves.front()), "Kxb1") << position << " at depth " << depth;
  EXPECT_EQ(r.lines[0].score, 0) << position << " at depth " << depth;
}

// The referee ends a game at a dead position (King and Bishop against King) as a draw, so the
// search must score it as one, not as the Bishop it is up.
TEST(EngineSearch, ADeadPositionScoresAsTheDrawItIsNotAsTheMaterialLeft) {
  expectKxb1ScoresAsADraw("k7/8/8/8/8/8/8/Kq1B4 w - - 0 1", 4);
}

// Two Kings with a Bishop each, the Bishops on squares of one colour, are dead too: four pieces,
// two more than the Kings, is still few enough to be looked at. Scored as the pieces stand, White's
// central Bishop against Black's cornered King was worth 12 centipawns after Kxb1 at depth 1 (from
// depth 2 Black offers the trade of Bishops, which the evaluation already scores as nothing).
TEST(EngineSearch, BishopsOnSquaresOfOneColourAreADrawHoweverTheyStand) {
  for (int depth = 1; depth <= 4; ++depth) expectKxb1ScoresAsADraw("k7/8/8/8/3B4/8/7b/Kq6 w - - 0 1", depth);
}

// A capture at the horizon, searched by quiescence, can reach a dead position too. At depth 1,
// after the forced Kxb1, Black's Bxf4 is a capture of quiescence and leaves a Bishop each on dark
// squares: a draw, where the evaluation of the pieces as they stand gave White 4 centipawns.
TEST(EngineSearch, ACaptureAtTheHorizonThatLeavesADeadPositionScoresAsTheDraw) {
  expectKxb1ScoresAsADraw("k7/8/8/8/3B1N2/8/7b/Kq6 w - - 0 1", 1);
}

// What a chess player at the table sees as the hint from the start: before the middle game's Pawn
// and King terms (2026-11-27) the engine's lines began 1.h4, 1.b4 or 1.a4 and pushed flank Pawns
// on both sides (1.h4 h5 2.c4 Nc6 3.a4), and it walked its King (Ke2) with every piece on.
TEST(EngineSearch, ChessHintsFromTheStartMoveCentralPawnsOrPiecesNotFlankPawns) {
  const Variant& chess = builtinVariant("chess");
  Position pos = startPosition(chess);
  for (int ply = 1; ply <= 6; ++ply) {
    Searcher s;
    SearchLimits limits;
    limits.depth = 6;
    const SearchReport r = s.search(pos, limits);
    ASSERT_FALSE(r.lines.empty());
    const Move m = r.lines.front().moves.front();
    const std::string text = longAlgebraic(pos, m);
    const int type = pieceType(pos.at(m.from));
    if (chess.isPromotingType(type)) {
      EXPECT_GE(fileOf(m.from), 2) << "ply " << ply << ": " << text;
      EXPECT_LE(fileOf(m.from), 5) << "ply " << ply << ": " << text;
    }
    if (m.kind != MoveKind::Castle) {
      EXPECT_FALSE(chess.pieces[static_cast<std::size_t>(type)].royal) << "ply " << ply << ": " << text;
    }
    pos.make(m);
  }
}

// A search by a fresh Searcher (an empty table) with these limits, to depth 8.
SearchReport freshSearchToDepth8(Position& pos, SearchLimits limits) {
  Searcher engine;
  limits.depth = 8;
  return engine.search(pos, limits);
}

// A side with only its King and Pawns may be in zugzwang, where passing would be its best action, so
// the search never tries a null move for it. When null moves were allowed for Kings and Pawns, the
// search to depth 8 scored this position 1055 and missed the mate it finds without null moves.
TEST(EngineSearch, InAPawnEndingNullMovesChangeNothing) {
  Position pos = parsePosition(builtinVariant("chess"), "8/3P3p/8/8/8/8/4K1k1/8 w - - 0 1");
  SearchLimits noNullMoves;
  noNullMoves.nullMove = false;
  const SearchReport with = freshSearchToDepth8(pos, {}), without = freshSearchToDepth8(pos, noNullMoves);
  ASSERT_FALSE(with.lines.empty());
  ASSERT_FALSE(without.lines.empty());
  EXPECT_EQ(with.lines.front().score, without.lines.front().score);
  EXPECT_TRUE(isMateScore(with.lines.front().score)) << with.lines.front().score;
}

TEST(EngineSearch, ANodeLimitEndsTheSearchWithALegalAction) {
  Position pos = startPosition(builtinVariant("desert-dust"));
  Searcher s;
  SearchLimits limits;
  limits.nodes = 20000;
  SearchReport lastWhole;
  const SearchReport r = s.search(pos, limits, [&](const SearchReport& d) { lastWhole = d; });
  ASSERT_FALSE(r.lines.empty());
  // The nodes and the time said are all that the search took, the unfinished iteration's too.
  EXPECT_GE(r.nodes, 20000);
  EXPECT_GT(r.nodes, lastWhole.nodes);
  EXPECT_GT(r.seconds, lastWhole.seconds);
  EXPECT_LT(r.nodes, 200000);
  EXPECT_TRUE(isLegal(pos, r.lines.front().moves.front()));
}

// What `analyze` and a UCI GUI show after each depth: the nodes and the time so far, both growing.
TEST(EngineSearch, EachDepthSaysTheNodesAndTheTimeSoFar) {
  Position pos = startPosition(builtinVariant("chess"));
  Searcher s;
  SearchLimits limits;
  limits.depth = 5;
  std::int64_t nodesBefore = 0;
  double secondsBefore = 0;
  s.search(pos, limits, [&](const SearchReport& r) {
    EXPECT_GT(r.nodes, nodesBefore) << "depth " << r.depth;
    EXPECT_GT(r.seconds, secondsBefore) << "depth " << r.depth;
    nodesBefore = r.nodes;
    secondsBefore = r.seconds;
  });
  EXPECT_GT(secondsBefore, 0.0);
}

// With no depth limit, a mate that no deeper search can better ends the search at once (not at
// depth 64): Ra8 mates.
TEST(EngineSearch, AnUnlimitedSearchEndsOnceItsMateCannotBeBettered) {
  Position pos = parsePosition(builtinVariant("chess"), "7k/8/6K1/8/8/8/8/R7 w - - 0 1");
  Searcher s;
  const SearchReport r = s.search(pos, SearchLimits{});
  ASSERT_FALSE(r.lines.empty());
  EXPECT_EQ(movesToMate(r.lines.front().score), 1);
  EXPECT_LE(r.depth, 3);
}

TEST(EngineSearch, ATimeBudgetCountsFromTheStartOfTheSearch) {
  // A minute, far more than depth 5 needs: the search finishes the depth asked, and says it took
  // less than the minute (a clock read at another moment, or never, would end it at once).
  Position pos = startPosition(builtinVariant("chess"));
  Searcher s;
  SearchLimits limits;
  limits.depth = 5;
  limits.millis = 60'000;
  const SearchReport r = s.search(pos, limits);
  EXPECT_EQ(r.depth, 5);
  EXPECT_LT(r.seconds, 60.0);
}

// The line a hint shows: after depth d, d actions, each legal in the position the ones before it
// leave. The line is read from the hash table, which here holds the entries of an earlier, deeper
// search past each depth's horizon, as it does at the table from one action to the next.
TEST(EngineSearch, EachDepthsLineIsAsLongAsTheDepthAndPlaysLegallyInTurn) {
  Position pos = startPosition(builtinVariant("chess"));
  Searcher s;
  SearchLimits deeper;
  deeper.depth = 7;
  s.search(pos, deeper);
  SearchLimits limits;
  limits.depth = 5;
  int reports = 0;
  s.search(pos, limits, [&](const SearchReport& r) {
    ++reports;
    const std::vector<Move>& line = r.lines.front().moves;
    EXPECT_EQ(static_cast<int>(line.size()), r.depth);
    Position replay = pos;
    for (const Move& m : line) {
      ASSERT_TRUE(isLegal(replay, m)) << "depth " << r.depth;
      replay.make(m);
    }
  });
  EXPECT_EQ(reports, 5);
}

// Asked to search only actions of another position (a caller's stale list), the search has none
// to give rather than an action it was not asked about.
TEST(EngineSearch, AskedOnlyForActionsThatAreNotLegalHereTheSearchGivesNone) {
  Position pos = startPosition(builtinVariant("chess"));
  Position other = parsePosition(builtinVariant("chess"), "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  Searcher s;
  SearchLimits limits;
  limits.depth = 3;
  limits.searchOnly = {parseMove(other, "a1a8")};
  EXPECT_TRUE(s.search(pos, limits).lines.empty());
}

// Several lines keep only whole iterations, so the modelled round's lines begin none past 40% of
// their limit: the nodes stop where the last whole iteration ended, where by default the search goes
// on into one it cannot finish.
TEST(EngineSearch, NoIterationIsBegunPastTheShareOfTheLimitGiven) {
  Position pos = startPosition(builtinVariant("chess"));
  const auto lastWhole = [&](int beginWithin, std::int64_t& total) {
    Searcher searcher;
    SearchLimits limits;
    limits.nodes = 100'000;
    limits.multiPv = 3;
    limits.beginIterationsWithin = beginWithin;
    std::int64_t atLastDepth = 0;
    total = searcher.search(pos, limits, [&](const SearchReport& r) { atLastDepth = r.nodes; }).nodes;
    return atLastDepth;
  };
  std::int64_t total = 0;
  const std::int64_t whole = lastWhole(40, total);
  EXPECT_EQ(total, whole);
  EXPECT_GE(whole, 40'000) << "no iteration was left out while less than 40% was spent";
  EXPECT_LT(lastWhole(100, total), total);
  EXPECT_GE(total, 100'000);
}

TEST(EngineSearch, AnUnfinishedIterationStillGivesTheBetterActionItFound) {
  // After 1.Nf3 depth 6 prefers another action than depth 5 did. Stopped at 17,500 nodes, in the
  // middle of depth 6, the search has already searched that action and answers with it.
  // The node counts are those of the search with one-ply late-move reductions, for which the
  // position was picked (chess reduces by a logarithm since 2026-12-07).
  Position pos = startPosition(builtinVariant("chess"));
  pos.make(parseMove(pos, "g1f3"));
  std::vector<SearchReport> iterations;
  Searcher whole;
  SearchLimits toSix;
  toSix.depth = 6;
  toSix.logReductions = false;
  whole.search(pos, toSix, [&](const SearchReport& r) { iterations.push_back(r); });
  ASSERT_EQ(iterations.size(), 6u);
  const Move atFive = iterations[4].lines.front().moves.front();
  const Move atSix = iterations[5].lines.front().moves.front();
  ASSERT_NE(atFive, atSix);
  ASSERT_LT(iterations[4].nodes, 17500);
  ASSERT_GT(iterations[5].nodes, 17500);
  Searcher stopped;
  SearchLimits byNodes;
  byNodes.nodes = 17500;
  byNodes.logReductions = false;
  const SearchReport r = stopped.search(pos, byNodes);
  EXPECT_EQ(r.depth, 5) << "the last whole iteration";
  EXPECT_EQ(r.lines.front().moves.front(), atSix) << longAlgebraic(pos, r.lines.front().moves.front());
  // With its score from depth 6: the stopped search went the same way as the whole one until the
  // node limit, and the whole one kept that action's score to the end of depth 6.
  EXPECT_EQ(r.lines.front().score, iterations[5].lines.front().score);
}

TEST(EngineSearch, EveryVariantGetsALegalReplyAndThePositionIsLeftAsItWas) {
  for (const char* name : {"chess", "desert-dust", "chameleon-redux", "chameleon-redux-4p", "tiled-squares",
                           "shifting-chess", "shifting-sands"}) {
    Position pos = startPosition(builtinVariant(name));
    const std::string before = positionString(pos);
    Searcher s;
    SearchLimits limits;
    limits.depth = 3;
    const SearchReport r = s.search(pos, limits);
    ASSERT_FALSE(r.lines.empty()) << name;
    EXPECT_TRUE(isLegal(pos, r.lines.front().moves.front())) << name;
    EXPECT_EQ(positionString(pos), before) << name;
  }
}

TEST(EngineSearch, AGameThatIsOverHasNoAction) {
  Position mated = parsePosition(builtinVariant("chess"), "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  Searcher s;
  EXPECT_TRUE(s.search(mated, SearchLimits{}).lines.empty());
  // Four players: North is mated and leaves, and South, the last side in, has won, though its
  // pieces could still move (found by an audit, 2026-11-28: the answer was the empty action a1a1).
  Position four = parsePosition(builtinVariant("chameleon-redux-4p"), "7nK/6sR1/6sK1/8/8/8/8/8 n - - 0 1");
  four.make(parseMove(four, "out"));
  ASSERT_EQ(four.sidesInGame(), 1);
  SearchLimits limits;
  limits.depth = 2;
  EXPECT_TRUE(s.search(four, limits).lines.empty());
}

// Four players: a side that must leave the game has lost, and the last side in has won, and the hint
// says so as a mate, not as the material left on the board.
TEST(EngineSearch, FourPlayersLeavingTheGameAndBeingTheLastSideInAreScoredAsMates) {
  const Variant& v = builtinVariant("chameleon-redux-4p");
  SearchLimits limits;
  limits.depth = 3;
  // West, mated with all four sides in, can only leave.
  Position west = parsePosition(v, "1sR5wK/2sR5/8/8/8/3eK1nK2/8/7sK w - - 8 32");
  Searcher s;
  const SearchReport out = s.search(west, limits);
  ASSERT_FALSE(out.lines.empty());
  EXPECT_EQ(out.lines.front().moves.front().kind, MoveKind::Elimination);
  EXPECT_EQ(movesToMate(out.lines.front().score), -1) << out.lines.front().score;
  // South against North alone: Kf6 leaves North's King h8 no action, and North's leaving ends the game.
  Position south = parsePosition(v, "7nK/6sR1/8/5sK2/8/8/8/8 s - - 0 1");
  Searcher t;
  const SearchReport win = t.search(south, limits);
  ASSERT_FALSE(win.lines.empty());
  EXPECT_EQ(movesToMate(win.lines.front().score), 1) << win.lines.front().score;
}

// Four players, best reply search: the opponent's replies count in the distance to mate as the
// root side's actions do. South against North alone, a mate in three (Kg6 Kg8 Ra5 Kf8, and the
// Rook, a Chameleon, mates as a Queen from d8, as `tessera analyze` shows); depth 5 finds no mate, so none is shorter.
TEST(EngineSearch, FourPlayersAMateInThreeIsSaidAsThree) {
  Position south = parsePosition(builtinVariant("chameleon-redux-4p"), "7nK/8/5sK2/8/8/8/8/sR7 s - - 0 1");
  for (const int depth : {5, 7}) {
    Searcher s;
    SearchLimits limits;
    limits.depth = depth;
    const SearchReport r = s.search(south, limits);
    ASSERT_FALSE(r.lines.empty());
    const int score = r.lines.front().score;
    if (depth == 5) EXPECT_FALSE(isMateScore(score)) << score;
    else EXPECT_EQ(movesToMate(score), 3) << score;
  }
}

// Found by an audit (2026-11-28): the draw by the fifty-move rule was tested before mate, so a
// mate given on the action that reaches the limit scored as a draw. The referee has the mate stand.
TEST(EngineSearch, AMateOnTheActionThatReachesTheFiftyMoveLimitIsStillAMate) {
  Position pos = parsePosition(builtinVariant("chess"), "7k/8/6K1/8/8/8/8/R7 w - - 99 80");
  Searcher s;
  SearchLimits limits;
  limits.depth = 4;
  const SearchReport r = s.search(pos, limits);
  ASSERT_FALSE(r.lines.empty());
  EXPECT_EQ(longAlgebraic(pos, r.lines.front().moves.front()), "a1a8");
  EXPECT_EQ(movesToMate(r.lines.front().score), 1);
  // Where no action mates, each one reaching the limit draws, a Rook up or not.
  Position noMate = parsePosition(builtinVariant("chess"), "7k/8/5K2/8/8/8/8/R7 w - - 99 80");
  const SearchReport drawn = s.search(noMate, limits);
  ASSERT_FALSE(drawn.lines.empty());
  EXPECT_LE(std::abs(drawn.lines.front().score), 50) << drawn.lines.front().score;
  // The limit is reached on the hundredth half-move, not one later: White's only action Kh2 draws,
  // where ten half-moves earlier Black's Rh8 would mate.
  Position saved = parsePosition(builtinVariant("chess"), "r7/8/8/8/8/8/5k2/7K w - - 99 80");
  Searcher atTheLimit, before;
  const SearchReport reached = atTheLimit.search(saved, limits);
  ASSERT_FALSE(reached.lines.empty());
  EXPECT_EQ(reached.lines.front().score, 0);
  Position earlier = parsePosition(builtinVariant("chess"), "r7/8/8/8/8/8/5k2/7K w - - 90 80");
  const SearchReport mated = before.search(earlier, limits);
  ASSERT_FALSE(mated.lines.empty());
  EXPECT_EQ(movesToMate(mated.lines.front().score), -1);
}

PlayerConfig searchingToDepth(int depth) {
  PlayerConfig player;
  player.limits.depth = depth;
  return player;
}

PlayerConfig greedyPlayer() {
  PlayerConfig player;
  player.greedy = true;
  return player;
}

// Two games from `start` (A with each side), no random opening, stopped after `maxPlies`.
MatchSettings twoGamesFrom(const std::string& start, int maxPlies) {
  MatchSettings settings;
  settings.start = start;
  settings.games = 2;
  settings.openingPlies = 0;
  settings.maxPlies = maxPlies;
  return settings;
}

// The match's heading names each player as it was set, so that two runs can be told apart.
TEST(EngineMatch, APlayersNameSaysItsLimitsAndEveryWeightItPlaysWith) {
  PlayerConfig player;
  player.limits.nodes = 32000;
  EXPECT_EQ(player.name(), "search 32000 nodes");
  EvalWeights w;
  w.mobility = 3;
  player.weights = w;
  EXPECT_EQ(player.name(),
            "search 32000 nodes mobility=3,shelter=8,pawnStep=6,flankPawnStep=100,kingHome=0,passed=0,paper=5,"
            "kingTile=4,sector=0,nextType=0,contempt=0,opponentOut=1000");
  EXPECT_EQ(greedyPlayer().name(), "greedy one-ply");
}

TEST(EngineMatch, TheSearchingEngineBeatsTheGreedyPlayer) {
  const PlayerConfig engine = searchingToDepth(3), greedy = greedyPlayer();
  MatchSettings settings;
  settings.games = 4;
  settings.maxPlies = 120;
  const MatchResult r = playMatch(builtinVariant("chess"), engine, greedy, settings);
  EXPECT_EQ(r.games, 4);
  EXPECT_GE(r.share(), 0.75) << "+" << r.wins << " =" << r.draws << " -" << r.losses;
}

// The greedy player takes the action whose result evaluates best: here e4xd5, the Queen, whatever
// the seed that breaks ties.
TEST(EngineMatch, TheGreedyPlayerTakesTheActionThatEvaluatesBest) {
  const PlayerConfig greedy = greedyPlayer(), engine = searchingToDepth(1);
  for (std::uint32_t seed = 1; seed <= 5; ++seed) {
    MatchSettings settings = twoGamesFrom("4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1", 1);
    settings.seed = seed;
    std::vector<std::string> pgns;
    playMatch(builtinVariant("chess"), greedy, engine, settings, [&](const MatchGame& g) { pgns.push_back(g.pgn); });
    ASSERT_EQ(pgns.size(), 2u);
    EXPECT_NE(pgns[0].find("1. exd5"), std::string::npos) << "seed " << seed << ":\n" << pgns[0];
    EXPECT_NE(pgns[1].find("[Round \"2\"]"), std::string::npos) << "the games are numbered from 1:\n" << pgns[1];
  }
}

TEST(EngineMatch, NoGamesHaveNoErrorMargin) { EXPECT_EQ(MatchResult{}.margin95(), 0.0); }

TEST(EngineEvaluation, TheWeightsChangeTheScoreTheirTermsDescribe) {
  // White's Knight developed, Black's not: mobility counts it, and only mobility.
  Position pos = parsePosition(builtinVariant("chess"), "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
  EvalWeights none = defaultWeights(pos.variant());
  none.mobility = 0;
  EvalWeights double_ = defaultWeights(pos.variant());
  double_.mobility *= 2;
  const int without = evaluate(pos, 0, none), with = evaluate(pos, 0, defaultWeights(pos.variant()));
  EXPECT_GT(with, without) << "the developed Knight reaches more squares";
  EXPECT_EQ(evaluate(pos, 0, double_) - with, with - without) << "the term is linear in its weight";
  EvalWeights paperless = defaultWeights(pos.variant());
  paperless.paper = 0;
  EXPECT_EQ(evaluate(pos, 0, paperless), with) << "chess has no paper colours";
  EXPECT_EQ(EvalWeights::namesFor(builtinVariant("chess")), (std::vector<std::string>{"mobility", "shelter", "pawnStep", "flankPawnStep", "kingHome", "passed"}));
  EXPECT_EQ(EvalWeights::namesFor(builtinVariant("shifting-sands")),
            (std::vector<std::string>{"mobility", "shelter", "pawnStep", "flankPawnStep", "kingHome", "passed", "paper", "nextType"}));
  EXPECT_EQ(EvalWeights::namesFor(builtinVariant("chameleon-redux-4p")),
            (std::vector<std::string>{"mobility", "shelter", "nextType", "opponentOut"}));
  EXPECT_EQ(EvalWeights::namesFor(builtinVariant("shifting-chess")),
            (std::vector<std::string>{"mobility", "shelter", "pawnStep", "flankPawnStep", "kingHome", "passed", "sector"}));
}

TEST(EngineEvaluation, APassedPawnGainsMoreTheFurtherItHasCome) {
  const Variant& chess = builtinVariant("chess");
  const auto gain = [&](const char* text) { return termWorth(parsePosition(chess, text), 0, &EvalWeights::passed, 200); };
  // Four ranks up of seven: 200 x (4/7)^2.
  EXPECT_EQ(gain("4k3/8/8/4P3/8/8/8/4K3 w - - 0 1"), 65) << "no black Pawn at all";
  EXPECT_EQ(gain("4k3/8/4P3/8/8/8/8/4K3 w - - 0 1"), 200 * 25 / 49) << "one rank further";
  EXPECT_EQ(gain("4k3/3p4/8/4P3/8/8/8/4K3 w - - 0 1"), 0) << "each stands ahead of the other on the file beside it";
  EXPECT_EQ(gain("4k3/4p3/8/4P3/8/8/8/4K3 w - - 0 1"), 0) << "one ahead on its own file";
  EXPECT_EQ(gain("4k3/2p5/8/4P3/8/8/8/4K3 w - - 0 1"), 65 - 200 * 1 / 49) << "two files away blocks neither";
  // Level on the file beside it, neither stands ahead of the other: both are passed, Black's d5
  // three ranks up as Black sees it.
  EXPECT_EQ(gain("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1"), 65 - 200 * 9 / 49) << "a Pawn level beside it blocks nothing";
  // Black's d3 has passed e5 (five ranks up as Black sees it), and e5 still has no Pawn ahead.
  EXPECT_EQ(gain("4k3/8/8/4P3/8/3p4/8/4K3 w - - 0 1"), 65 - 200 * 25 / 49);
  EXPECT_EQ(gain("7k/8/8/P7/8/8/8/7K w - - 0 1"), 65) << "on the edge file";
  EXPECT_GT(defaultWeights(builtinVariant("chameleon-redux")).passed, 0) << "tuned in by self-play there";
  // Four players have no such term: there is no one forward. West's Pawn on b4 and South's on g5
  // have no Pawn ahead, and still count for nothing, though the variant's weights set the term.
  const Variant& four = builtinVariant("chameleon-redux-4p");
  ASSERT_GT(defaultWeights(four).passed, 0);
  const Position pawns = parsePosition(four, "7wK/8/8/6sP1/1wP6/3eK1nK2/8/7sK s - - 0 40");
  for (int side = 0; side < 4; ++side)
    EXPECT_EQ(termWorth(pawns, side, &EvalWeights::passed, defaultWeights(four).passed), 0) << "side " << side;
  const auto names = EvalWeights::namesFor(four);
  EXPECT_EQ(std::find(names.begin(), names.end(), "passed"), names.end());
}

// On a board two files wide both files are central, and every Pawn step counts in full (the share
// a flank file's step earns is worked out over the files between the edge and the centre: none).
TEST(EngineEvaluation, OnABoardTwoFilesWideEveryPawnStepCountsInFull) {
  const Variant narrow = parseVariantText("[narrow]\nboard = 2x6\npiece = king K K royal\npiece = rook R R\n"
                                          "piece = pawn P fmWfcF\nstart = kr/p1/2/2/1P/RK w - - 0 1\n"
                                          "promotion-pieces = P\npromotion-choices = R\n",
                                          "narrow")[0];
  const auto change = [&](const char* text, int flankPawnStep) {
    const Position pos = parsePosition(narrow, text);
    EvalWeights off = defaultWeights(narrow), on = defaultWeights(narrow);
    off.flankPawnStep = 100;
    on.flankPawnStep = flankPawnStep;
    return evaluate(pos, 0, on) - evaluate(pos, 0, off);
  };
  EXPECT_EQ(change("kr/p1/2/1P/2/RK b - - 0 1", 0), 0) << "White's Pawn a rank up, on a central file";
  EXPECT_EQ(evaluate(parsePosition(narrow, "kr/p1/2/2/1P/RK w - - 0 1"), 0), 0) << "the start is even";
}

// The middle game's Pawn and King terms fade as the pieces leave the board: with every piece on, a
// step of the h-Pawn earns flankPawnStep percent of one of the e-Pawn, and a King off its first
// rank loses kingHome a rank; with only Kings and Pawns left, neither term changes anything.
TEST(EngineEvaluation, InTheMiddleGameFlankPawnStepsCountLessAndTheKingStaysHome) {
  const Variant& chess = builtinVariant("chess");
  const auto change = [&](const char* text, int flankPawnStep, int kingHome) {
    const Position pos = parsePosition(chess, text);
    EvalWeights off = defaultWeights(chess), on = defaultWeights(chess);
    off.flankPawnStep = 100;
    off.kingHome = 0;
    on.flankPawnStep = flankPawnStep;
    on.kingHome = kingHome;
    return evaluate(pos, 0, on) - evaluate(pos, 0, off);
  };
  const int step = defaultWeights(chess).pawnStep;
  // 1.h4: two ranks on the edge file, none of it counted; 1.e4: a central file, all of it.
  EXPECT_EQ(change("rnbqkbnr/pppppppp/8/8/7P/8/PPPPPPP1/RNBQKBNR b KQkq - 0 1", 0, 0), -2 * step);
  EXPECT_EQ(change("rnbqkbnr/pppppppp/8/8/7P/8/PPPPPPP1/RNBQKBNR b KQkq - 0 1", 50, 0), -step);
  EXPECT_EQ(change("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", 0, 0), 0);
  // The g-file is a third of the way from the edge to the centre: a third of the step counts.
  EXPECT_EQ(change("rnbqkbnr/pppppppp/8/8/6P1/8/PPPPPP1P/RNBQKBNR b KQkq - 0 1", 0, 0), -2 * step * 67 / 100);
  // 1.e4 e5 2.Ke2: one rank up with every piece on.
  EXPECT_EQ(change("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR b kq - 1 2", 100, 20), -20);
  // About half the pieces gone (each side keeps a Rook, a Bishop and a Knight): a part of it.
  EXPECT_LT(change("r1b1k1n1/pppp1ppp/8/4p3/4P3/8/PPPPKPPP/R1B3N1 b - - 1 2", 100, 20), 0);
  EXPECT_GT(change("r1b1k1n1/pppp1ppp/8/4p3/4P3/8/PPPPKPPP/R1B3N1 b - - 1 2", 100, 20), -20);
  // Kings and Pawns only: the King walks up and the h-Pawn runs at no cost.
  EXPECT_EQ(change("8/4k3/8/7P/8/4K3/8/8 w - - 0 1", 0, 20), 0);
}

TEST(EngineEvaluation, AChameleonIsWorthPartlyWhatTheColoursItReachesMakeIt) {
  // The term by its definition: a share (nextType percent) of the way from what the Chameleon is
  // worth now to the average worth of what the colours of the squares it reaches make it. Checked
  // for a lone Chameleon of each side on every square, beside the Kings, with two and four players
  // and the board turned (other colours under the same squares).
  for (const char* name : {"chameleon-redux", "chameleon-redux:rotation=90", "chameleon-redux-4p"}) {
    const Variant& v = builtinVariant(name);
    const bool four = v.sides == 4;
    const Position kings = parsePosition(v, four ? "7wK/8/8/8/8/3eK1nK2/8/7sK w - - 0 1" : "2k5/8/8/8/8/8/8/5K2 w - - 0 1");
    int chameleon = 0;
    while (!v.changesWithColour[static_cast<std::size_t>(chameleon)]) ++chameleon;
    EvalWeights without = defaultWeights(v), with = defaultWeights(v);
    without.nextType = 0;
    with.nextType = 50;
    const std::vector<int>& values = pieceValues(v);
    int gains = 0, losses = 0;
    for (int side = 0; side < v.sides; ++side)
      v.tables->playable.forEach([&](Square sq) {
        if (kings.at(sq) != kEmpty) return;
        Position pos = kings;
        const int type = v.typeArrivingAt(chameleon, sq);
        pos.put(sq, makePiece(side, type));
        int total = 0, reached = 0;
        v.tables->reach(side, type, sq).forEach([&](Square to) {
          total += values[static_cast<std::size_t>(v.typeArrivingAt(type, to))];
          ++reached;
        });
        const int expected = (total / reached - values[static_cast<std::size_t>(type)]) * 50 / 100;
        const int term = evaluate(pos, side, with) - evaluate(pos, side, without);
        ASSERT_EQ(term, expected) << name << ": a Chameleon of side " << side << " on " << int(sq);
        gains += term > 0;
        losses += term < 0;
      });
    EXPECT_GT(gains, 0) << name << ": a Knight or Bishop that reaches Gold squares is worth more";
    EXPECT_GT(losses, 0) << name << ": a Queen on Gold that reaches other colours is worth less";
  }
}

TEST(EngineEvaluation, FourPlayersAnOpponentOutOfTheGameIsWorthItsWeight) {
  // West, mated, has only its King, worth nothing as material: without the term, putting it out
  // would gain South nothing.
  const Variant& v = builtinVariant("chameleon-redux-4p");
  Position pos = parsePosition(v, "1sR5wK/2sR5/8/8/8/3eK1nK2/8/7sK w - - 8 32");
  MoveList legal;
  generateLegal(pos, legal);
  ASSERT_EQ(legal.size(), 1);
  ASSERT_EQ(legal[0].kind, MoveKind::Elimination);
  EvalWeights without = defaultWeights(v);
  without.opponentOut = 0;
  const int before = evaluate(pos, 0, defaultWeights(v));
  pos.make(legal[0]);
  EXPECT_EQ(evaluate(pos, 0, defaultWeights(v)) - before, defaultWeights(v).opponentOut);
  EXPECT_EQ(evaluate(pos, 0, without), before) << "nothing else changed for South";
  EXPECT_GT(defaultWeights(v).opponentOut, 0);
}

TEST(EngineEvaluation, FourPlayersASideIsScoredAgainstTheAverageOfTheOpponentsStillIn) {
  // Material only. South has a Rook; East gains a Queen on d8 (gold): South's score falls by a third
  // of it, and by half of it once West is out, since West then no longer counts in the average.
  const Variant& v = builtinVariant("chameleon-redux-4p");
  EvalWeights material = defaultWeights(v);
  material.mobility = material.shelter = material.nextType = material.opponentOut = 0;
  const auto south = [&](const char* text) { return evaluate(parsePosition(v, text), 0, material); };
  const std::vector<int>& values = pieceValues(v);
  const int king = values[static_cast<std::size_t>(v.typeByLetter('K'))];
  const int rook = values[static_cast<std::size_t>(v.typeByLetter('R'))];
  const int queen = values[static_cast<std::size_t>(v.typeByLetter('Q'))];
  const int fourIn = south("7wK/2sR5/8/8/8/3eK1nK2/8/7sK s - - 0 40");
  EXPECT_EQ(fourIn, king + rook - 3 * king / 3);
  EXPECT_EQ(south("3eQ3wK/2sR5/8/8/8/3eK1nK2/8/7sK s - - 0 40"), king + rook - (3 * king + queen) / 3);
  const Position westOut = parsePosition(v, "3eQ4/2sR5/8/8/8/3eK1nK2/8/7sK s - - 0 40");
  ASSERT_FALSE(westOut.inGame(1));
  EXPECT_EQ(evaluate(westOut, 0, material), king + rook - (2 * king + queen) / 2);
}

TEST(EngineEvaluation, MobilityCountsOnlySquaresAPieceCouldLandOn) {
  // Tiled Squares: Tiles on a3 and c3 give White's Knight b1 two landing squares, its Rook a1 and
  // Bishop c1 one each, and Black's Rook a8 and Bishop f8 one each (a3, across the void); the void
  // there counted for nothing. White gains 4 - 2 squares.
  const Variant& v = builtinVariant("tiled-squares");
  const Position start = startPosition(v);
  const Position tiled = parsePosition(
      v, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 tttttttt/tttttttt/8/8/8/t1t5/tttttttt/tttttttt");
  EvalWeights none = defaultWeights(v);
  none.mobility = 0;
  const auto mobility = [&](const Position& pos) {
    return evaluate(pos, 0, defaultWeights(v)) - evaluate(pos, 0, none);
  };
  EXPECT_EQ(mobility(start), 0) << "both sides alike";
  EXPECT_EQ(mobility(tiled), 2 * defaultWeights(v).mobility);
}

TEST(EngineEvaluation, ShiftingChessCountsTheSectorsASideMayShift) {
  // White's Knight on a6 gives White the sector AIII (one piece to none); the start's sectors are
  // four each, and a tie (a sector no one may shift) counts for nobody.
  const Variant& v = builtinVariant("shifting-chess");
  const Position start = startPosition(v);
  const Position knightOut = parsePosition(v, "rnbqkbnr/pppppppp/N7/8/8/8/PPPPPPPP/R1BQKBNR b KQkq - 1 1 BII,BIII");
  const Position tied = parsePosition(v, "rnbqkbnr/1ppppppp/N7/p7/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 2 BII,BIII");
  const auto gain = [&](const Position& pos) { return termWorth(pos, 0, &EvalWeights::sector, 25); };
  EXPECT_EQ(gain(start), 0);
  EXPECT_EQ(gain(knightOut), 25);
  EXPECT_EQ(gain(tied), 0) << "AIII: one White, one Black piece";
}

TEST(EngineEvaluation, AShiftingSandsPieceIsWorthPartlyWhatItBecomesNext) {
  // A Queen on Yellow becomes a Pawn on any bare square it moves to: worth less than a Queen. With
  // Yellow squares within its reach it keeps more of its worth.
  const Variant& v = builtinVariant("shifting-sands");
  const Position bare = parsePosition(v, "5k/6/6/6/2Q3/6/K5 w - - 0 30 6/6/6/6/2Y3/6/6;pool=");
  const Position yellowAhead = parsePosition(v, "5k/6/6/6/2Q3/6/K5 w - - 0 30 6/6/2y1y1/6/2Y3/6/6;pool=");
  const int bareLoss = termWorth(bare, 0, &EvalWeights::nextType, 50);
  const int yellowLoss = termWorth(yellowAhead, 0, &EvalWeights::nextType, 50);
  EXPECT_LT(bareLoss, -200) << "halfway from a Queen to (mostly) a Pawn";
  EXPECT_LT(bareLoss, yellowLoss);
  EXPECT_LT(yellowLoss, 0);
  EXPECT_GT(defaultWeights(v).nextType, 0) << "the tuned default values what a piece becomes next";
  EXPECT_GT(defaultWeights(builtinVariant("chameleon-redux")).nextType, 0);
  EXPECT_EQ(defaultWeights(builtinVariant("chess")).nextType, 0) << "nothing changes type in chess";
  EXPECT_GT(defaultWeights(builtinVariant("tiled-squares")).contempt, 0) << "Tiled Squares plays on rather than shuffle";
  const EvalWeights& tiles = defaultWeights(builtinVariant("tiled-squares"));
  const EvalWeights& chess = defaultWeights(builtinVariant("chess"));
  EXPECT_EQ(tiles.flankPawnStep, chess.flankPawnStep) << "Tiled Squares weighs Pawn steps and the King's place as chess does";
  EXPECT_EQ(tiles.kingHome, chess.kingHome);
  EXPECT_NE(chess.flankPawnStep, EvalWeights{}.flankPawnStep) << "tuned away from the hand-set start";
}

TEST(EngineEvaluation, ShiftingSandsCountsThePaperSquaresEachSideOwns) {
  // White owns the Yellow a4 and the Purple b4, Black the Red c4: one square more for White, Yellow
  // (the first colour) counted like any other.
  const Variant& v = builtinVariant("shifting-sands");
  const Position pos = parsePosition(v, "5k/6/6/6/6/6/K5 w - - 0 30 6/6/6/YPr3/6/6/6;pool=");
  EXPECT_EQ(termWorth(pos, 0, &EvalWeights::paper, 5), 5);
  EXPECT_EQ(termWorth(pos, 1, &EvalWeights::paper, 5), -5);
}

TEST(EngineEvaluation, TiledSquaresCountsTheTilesAroundTheKing) {
  // White's King on e1 has Tiles on d1 and f1 beside it, Black's on e8 none: two more for White.
  const Variant& v = builtinVariant("tiled-squares");
  const Position pos = parsePosition(v, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 4t3/8/8/8/8/8/8/3ttt2");
  EXPECT_EQ(termWorth(pos, 0, &EvalWeights::kingTile, 4), 2 * 4);
}

TEST(EngineEvaluation, AShiftingSandsPieceIsNotThoughtToBecomeAnythingOnABlueSquare) {
  // A Knight on a1 reaches b3 and c2. On bare squares it becomes a Pawn; Blue takes no piece but a
  // King, so a Blue c2 leaves b3 alone in its average: a Pawn still, the same as with c2 bare.
  const Variant& v = builtinVariant("shifting-sands");
  const Position bare = parsePosition(v, "5k/6/6/6/6/6/N4K w - - 0 30 6/6/6/6/6/6/L5;pool=");
  const Position blue = parsePosition(v, "5k/6/6/6/6/6/N4K w - - 0 30 6/6/6/6/6/2B3/L5;pool=");
  const auto nextTerm = [&](const Position& pos) { return termWorth(pos, 0, &EvalWeights::nextType, 50); };
  const std::vector<int>& values = pieceValues(v);
  const int knightToPawn = (values[static_cast<std::size_t>(v.typeByLetter('P'))] -
                            values[static_cast<std::size_t>(v.typeByLetter('N'))]) * 50 / 100;
  EXPECT_EQ(nextTerm(bare), knightToPawn);
  EXPECT_EQ(nextTerm(blue), knightToPawn);
}

TEST(EngineSearch, ContemptMakesARepetitionWorthLessThanNothing) {
  // Knights out and back twice: Black's Ng8 now repeats the position.
  Position pos = startPosition(builtinVariant("chess"));
  for (const char* san : {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"}) pos.make(parseMove(pos, san));
  const Move back = parseMove(pos, "Ng8");
  const auto scoreOfBack = [&](int contempt) {
    Searcher s;
    EvalWeights w = defaultWeights(pos.variant());
    w.contempt = contempt;
    s.setWeights(w);
    SearchLimits limits;
    limits.depth = 2;
    limits.multiPv = 40;  // every legal action gets its line
    for (const PvLine& line : s.search(pos, limits).lines)
      if (line.moves.front() == back) return line.score;
    return 99999;
  };
  EXPECT_EQ(scoreOfBack(0), 0);
  EXPECT_EQ(scoreOfBack(40), -40);
  Searcher s;
  EvalWeights w = defaultWeights(pos.variant());
  w.contempt = 40;
  s.setWeights(w);
  SearchLimits limits;
  limits.depth = 3;
  EXPECT_FALSE(s.search(pos, limits).lines.front().moves.front() == back) << "the engine avoids the draw";
}

// At the table one searcher answers both sides. With contempt a draw is worth less than nothing
// to whichever side the search is for, so the table's entries from White's search must not answer
// Black's. Rook against Rook, four half-moves from the fifty-move limit: every line ends drawn.
TEST(EngineSearch, WithContemptOneSidesTableEntriesDoNotAnswerTheOthersSearch) {
  Position pos = parsePosition(builtinVariant("chess"), "k5r1/8/8/8/8/8/8/K6R w - - 96 120");
  EvalWeights w = defaultWeights(pos.variant());
  w.contempt = 40;
  SearchLimits limits;
  limits.depth = 6;
  Searcher atTheTable;
  atTheTable.setWeights(w);
  const SearchReport white = atTheTable.search(pos, limits);
  ASSERT_FALSE(white.lines.empty());
  EXPECT_EQ(white.lines.front().score, -40);
  pos.make(white.lines.front().moves.front());
  limits.depth = 4;
  const SearchReport black = atTheTable.search(pos, limits);
  ASSERT_FALSE(black.lines.empty());
  EXPECT_EQ(black.lines.front().score, -40) << "the draw, worth -40 to Black as it was to White";
}

// Tuning trials of two games each: quick, and decided by chance, which these tests want.
TuneSettings twoGameTrials(std::int64_t nodesPerAction, std::uint32_t seed) {
  TuneSettings settings;
  settings.gamesPerTrial = 2;
  settings.nodesPerAction = nodesPerAction;
  settings.seed = seed;
  return settings;
}

TEST(EngineTuning, TriesEachWeightUpAndDownAndKeepsOnlyAWinThatHoldsOnFreshOpenings) {
  // Two games per match at 300 nodes: chance decides, which is the point here. With these openings
  // (seed 25) shelter 8 -> 12 wins both games and then not on fresh openings, so it is not kept;
  // pawnStep 6 -> 4 wins both matches and is.
  const Variant& v = builtinVariant("chess");
  const TuneSettings settings = twoGameTrials(300, 25);
  std::vector<TuneTrial> trials;
  const EvalWeights start;  // the hand-set weights, so that chess's own defaults may change
  const EvalWeights tuned = tuneWeights(v, start, settings, [&](const TuneTrial& t) { trials.push_back(t); });
  ASSERT_GE(trials.size(), 3u);
  EXPECT_EQ(trials[0].weight, "mobility");
  EXPECT_EQ(trials[0].from, 2);
  EXPECT_EQ(trials[0].to, 3) << "half as big again, at least one more";
  EvalWeights expected = start;
  std::vector<std::string> tried;
  int unconfirmed = 0, kept = 0;
  for (const TuneTrial& t : trials) {
    EXPECT_EQ(t.result.games, 2);
    const bool clearWin = t.result.share() - t.result.margin95() > 0.5;
    ASSERT_EQ(t.confirmation.has_value(), clearWin) << "a clear win, and only that, is played again on fresh openings";
    EXPECT_EQ(t.kept, clearWin && t.confirmation->share() - t.confirmation->margin95() > 0.5);
    unconfirmed += clearWin && !t.kept;
    kept += t.kept;
    if (t.kept) expected.byName(t.weight) = t.to;
    if (tried.empty() || tried.back() != t.weight) tried.push_back(t.weight);
  }
  EXPECT_GE(unconfirmed, 1) << "a win by chance that did not hold";
  EXPECT_GE(kept, 1);
  EXPECT_EQ(tried, EvalWeights::namesFor(v)) << "every weight of the variant, in order";
  EXPECT_EQ(tuned, expected) << "the result is the start with the kept changes";
}

TEST(EngineTuning, AWeightAtZeroIsTriedAtAStepOfItsOwnSizeAndOnlyTheWeightsAskedFor) {
  // In chess `passed` is 0: a step of one (0 -> 1, a centipawn at most) could show nothing, so it
  // is tried at 100, and not below 0. Only the weights named are tried, in the order named.
  const Variant& v = builtinVariant("chess");
  TuneSettings settings = twoGameTrials(200, 3);
  settings.weights = {"passed", "mobility"};
  ASSERT_EQ(defaultWeights(v).passed, 0);
  std::vector<TuneTrial> trials;
  tuneWeights(v, defaultWeights(v), settings, [&](const TuneTrial& t) { trials.push_back(t); });
  ASSERT_FALSE(trials.empty());
  EXPECT_EQ(trials[0].weight, "passed");
  EXPECT_EQ(trials[0].from, 0);
  EXPECT_EQ(trials[0].to, 100);
  for (const TuneTrial& t : trials) {
    EXPECT_TRUE(t.weight == "passed" || t.weight == "mobility") << t.weight;
    EXPECT_GE(t.to, 0);
    if (t.weight == "passed") {
      EXPECT_EQ(t.to, 100) << "from 0 there is no step down";
    }
  }
  EXPECT_EQ(trials.back().weight, "mobility");
  EXPECT_EQ(EvalWeights::firstTrialFromZero("sector"), 10);

  settings.weights = {"sector"};  // Shifting Chess only
  try {
    tuneWeights(v, defaultWeights(v), settings);
    ADD_FAILURE() << "a weight chess has not was tried";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "'sector' is not an evaluation weight of chess (mobility, shelter, pawnStep, flankPawnStep, kingHome, passed)");
  }
}

TEST(EngineMatch, AGameIsAdjudicatedOnceTheSearchReportsAgreeItIsWon) {
  // White a Queen and a Rook up: both engines' reports give White far more than 10 pawns.
  const PlayerConfig engine = searchingToDepth(2);
  MatchSettings settings = twoGamesFrom("4k3/8/8/8/8/8/8/QR2K3 w - - 0 1", 3);
  settings.adjudicateReports = 0;
  const Variant& v = builtinVariant("chess");
  const MatchResult playedOut = playMatch(v, engine, engine, settings);
  EXPECT_EQ(playedOut.plies, 6) << "each game runs to its 3 plies, then the evaluation decides";
  EXPECT_EQ(playedOut.wins, 1);
  settings.adjudicateReports = 2;
  const MatchResult adjudicated = playMatch(v, engine, engine, settings);
  EXPECT_EQ(adjudicated.plies, 4) << "two agreeing reports end each game";
  EXPECT_EQ(adjudicated.wins, 1) << "A wins with White";
  EXPECT_EQ(adjudicated.losses, 1) << "and loses with Black";
  EXPECT_EQ(playMatch(v, engine, greedyPlayer(), settings).plies, 6) << "against greedy only a mate score counts";
  settings.adjudicateScore = 100000;  // beyond any score: never adjudicated
  EXPECT_EQ(playMatch(v, engine, engine, settings).plies, 6);
}

// Searching one ply, the engine sees White's lead but no mate: agreeing reports of such a lead end
// a game between two searchers, and never one against the greedy player, who reports nothing.
TEST(EngineMatch, AgainstTheGreedyPlayerALeadThatIsNoMateEndsNoGame) {
  const PlayerConfig engine = searchingToDepth(1), greedy = greedyPlayer();
  MatchSettings settings = twoGamesFrom("4k3/8/8/8/8/8/8/QR2K3 w - - 0 1", 7);
  settings.adjudicateReports = 2;
  const auto endings = [&](const PlayerConfig& b) {
    std::vector<std::string> out;
    playMatch(builtinVariant("chess"), engine, b, settings, [&](const MatchGame& g) { out.push_back(g.ending); });
    return out;
  };
  EXPECT_EQ(endings(engine), (std::vector<std::string>{"adjudicated: 2 search reports agree", "adjudicated: 2 search reports agree"}));
  for (const std::string& ending : endings(greedy)) EXPECT_EQ(ending.find("search reports"), std::string::npos) << ending;
}

// A four-player match from `start`, no random opening, both players searching one ply: two games
// (the sides swapped), or with `oneSeat` four (A on each side in turn); each finished game is added
// to `games` if given.
MatchResult fourPlayerMatchFrom(const std::string& start, int maxPlies, std::vector<MatchGame>* games = nullptr,
                                bool oneSeat = false) {
  PlayerConfig engine;
  engine.limits.depth = 1;
  MatchSettings settings;
  settings.start = start;
  settings.games = oneSeat ? 4 : 2;
  settings.openingPlies = 0;
  settings.maxPlies = maxPlies;
  settings.oneSeat = oneSeat;
  return playMatch(builtinVariant("chameleon-redux-4p"), engine, engine, settings, [&](const MatchGame& g) {
    if (games) games->push_back(g);
  });
}

TEST(EngineMatch, FourPlayersAnUnfinishedGameGoesToTheTeamWithMoreSidesStillIn) {
  // West is out; East alone has a Queen and a Rook against the bare Kings of South and North, the
  // first player's sides. Stopped after two plies, the game is the first player's: two sides in
  // against one, whatever the material.
  const MatchResult r = fourPlayerMatchFrom("7nK/8/8/8/8/8/3eR1eQ2/sK6eK s - - 0 30", 2);
  EXPECT_EQ(r.wins, 1) << "A, playing South and North";
  EXPECT_EQ(r.losses, 1) << "A, playing West and East";
}

TEST(EngineMatch, FourPlayersAnUnfinishedGameWithOneSideEachGoesToTheBetterPosition) {
  // West and North are out: South's bare King against East's Queen and Rook, one side each, stopped
  // after South's action. The evaluation decides, without its bonus for opponents out: each side
  // sees two of them gone, and one of them is its own player's.
  const MatchResult r = fourPlayerMatchFrom("8/8/8/8/8/8/3eR1eQ2/sK6eK s - - 0 30", 1);
  EXPECT_EQ(r.losses, 1) << "A, playing South and North";
  EXPECT_EQ(r.wins, 1) << "A, playing West and East";
}

TEST(EngineMatch, FourPlayersTheSidesPutOutAreListedStageByStage) {
  MatchResult r;
  r.sidesOut[2][2][1] = 3;
  r.sidesOut[1][3][0] = 1;
  r.sidesOut[1][1][1] = 2;
  EXPECT_EQ(sidesOutText(r), "sides put out (A's:B's) by sides in (A-B): 2-2 0:3, 1-3 1:0, 1-1 0:2");
}

TEST(EngineMatch, FourPlayersTheSidesPutOutAreCountedByWhoHadHowManyIn) {
  // South is mated by the Rooks a7 and b8 (West already out) and leaves on its first action. In
  // the first game South is A's, with North: A had two sides in and B one (East); in the second
  // South is B's.
  const MatchResult r = fourPlayerMatchFrom("1eR6/eR7/8/7nK/8/8/8/sK6eK s - - 0 30", 1);
  EXPECT_EQ(r.sidesOut[2][1][0], 1) << "A's South, with A two sides in and B one";
  EXPECT_EQ(r.sidesOut[1][2][1], 1) << "B's South, with B two sides in and A one";
  EXPECT_EQ(sidesOutText(r), "sides put out (A's:B's) by sides in (A-B): 2-1 1:0, 1-2 0:1");
  EXPECT_EQ(sidesOutText(MatchResult{}), "sides put out (A's:B's) by sides in (A-B): none");
}

TEST(EngineMatch, FourPlayersTheMaterialTakenWhileAllFourAreInIsCountedByWhoTookItFromWhom) {
  // South's King, checked by West's Queen b2 (its other squares attacked by the Queen), can only
  // take it; then West's King, checked by East's Rook a7 (b7 taken by the Rook, b8 by East's Bishop
  // f4), can only take the Rook, and the game is stopped. In the first game South and North are A's:
  // A took a Queen from B, and B (West) a Rook from its own other side (East); in the second game the
  // other way round.
  const MatchResult r = fourPlayerMatchFrom("wK6nK/eR7/8/8/5eB2/8/1wQ5eK/sK7 s - - 0 30", 2);
  const Variant& v = builtinVariant("chameleon-redux-4p");
  const int queen = valueOf(v, "chameleon-queen"), rook = valueOf(v, "chameleon-rook");
  EXPECT_EQ(r.materialTaken[0][1], queen) << "A's South from B's West, first game";
  EXPECT_EQ(r.materialTaken[1][0], queen) << "B's South from A's West, second game";
  EXPECT_EQ(r.materialTaken[1][1], rook) << "B's West from B's East, first game";
  EXPECT_EQ(r.materialTaken[0][0], rook) << "A's West from A's East, second game";
  const auto pawns = [](int centipawns) { return std::to_string((centipawns + 50) / 100); };
  EXPECT_EQ(materialTakenText(r), "material taken with all four in, in pawns: A's from B's " + pawns(queen) +
                                      ", B's from A's " + pawns(queen) + "; from the same player's other side: A " +
                                      pawns(rook) + ", B " + pawns(rook));
  // With West out, South's King takes East's checking Queen: not counted, since not all four are in.
  const MatchResult threeIn = fourPlayerMatchFrom("7nK/8/8/8/8/8/1eQ5eK/sK7 s - - 0 30", 1);
  EXPECT_EQ(threeIn.plies, 2) << "a capture was made in each game";
  EXPECT_EQ(threeIn.materialTaken[0][1] + threeIn.materialTaken[1][0] + threeIn.materialTaken[0][0] +
                threeIn.materialTaken[1][1],
            0);
}

TEST(EngineMatch, FourPlayersAGameEndsOnceOnePlayersSidesAreAllOut) {
  // West and East, the second player's sides, are out: whatever South and North then do between
  // them, the first player has won, and the game is not played on.
  std::vector<MatchGame> games;
  const MatchResult r = fourPlayerMatchFrom("7nK/8/8/8/8/3sQ4/8/sK7 s - - 0 30", 300, &games);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].ending, "B's sides are all out");
  EXPECT_EQ(r.plies, 0);
  EXPECT_EQ(r.wins, 1) << "A, playing South and North";
  EXPECT_EQ(r.losses, 1) << "A, playing West and East";
}

TEST(EngineMatch, FourPlayersOnOneSideAScoresItsShareOfTheSidesItFinishesAhead) {
  // West is out; South is mated by the Rooks a7 and b8 and leaves on its first action; then the
  // game is stopped. Four games, A on South, West, North and East in turn.
  std::vector<MatchGame> games;
  const MatchResult r = fourPlayerMatchFrom("1eR6/eR7/8/7nK/8/8/8/sK6eK s - - 0 30", 1, &games, true);
  ASSERT_EQ(games.size(), 4u);
  EXPECT_NEAR(games[0].pointsForA, 1.0 / 3, 1e-9) << "A's South goes out after B's West only";
  EXPECT_EQ(games[0].ending, "A's sides are all out");
  EXPECT_EQ(games[1].pointsForA, 0.0) << "A's West was out before any of B's sides";
  EXPECT_NEAR(games[2].pointsForA, 2.5 / 3, 1e-9) << "A's North outlasts West and South; East, still in, counts half";
  EXPECT_NEAR(games[3].pointsForA, 2.5 / 3, 1e-9) << "the same for A's East, North still in";
  EXPECT_NEAR(r.share(), 0.5, 1e-9);
  EXPECT_EQ(r.wins + r.draws + r.losses, 1) << "only the game of West, 0, is a whole loss";
  EXPECT_EQ(r.sidesOut[1][2][0], 1) << "A's South out, A one side in and B two";
  EXPECT_EQ(r.sidesOut[1][2][1], 2) << "B's South out, twice, with A's North or East in";
  EXPECT_GT(r.margin95(), 0.0);
}

TEST(EngineMatch, FourPlayersADrawnGameGoesToThePlayerWithMoreSidesStillIn) {
  // West is out; the bare Kings of South and North (the first player's) and East are a dead
  // position, drawn from the start. The first player has more sides in, so it wins the game; with
  // a side of each still in, a draw is a draw.
  std::vector<MatchGame> games;
  const MatchResult moreSidesIn = fourPlayerMatchFrom("7nK/8/8/8/8/8/8/sK6eK s - - 0 30", 300, &games);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_NE(games[0].pgn.find("[South \"A: search depth 1\"]"), std::string::npos) << games[0].pgn;
  EXPECT_NE(games[1].pgn.find("[East \"A: search depth 1\"]"), std::string::npos) << games[1].pgn;
  EXPECT_EQ(games[0].ending, "dead position (nothing left to mate with)");
  EXPECT_EQ(moreSidesIn.plies, 0) << "each game is over before its first action";
  EXPECT_EQ(moreSidesIn.wins, 1) << "A, playing South and North";
  EXPECT_EQ(moreSidesIn.losses, 1) << "A, playing West and East";
  const MatchResult oneEach = fourPlayerMatchFrom("7eK/8/8/8/8/8/8/sK7 s - - 0 30", 300);
  EXPECT_EQ(oneEach.plies, 0);
  EXPECT_EQ(oneEach.draws, 2);
}

TEST(EngineSearch, FourPlayersTheOpponentsThatDoNotAnswerTakeWhatTheyCan) {
  const auto score = [](Position& pos, int depth, bool othersAct) {
    Searcher engine;
    SearchLimits limits;
    limits.depth = depth;
    limits.othersAct = othersAct;
    return engine.search(pos, limits).lines.front().score;
  };
  // West's Knight c5 attacks South's Pawns b3 and d3, East's Knight g4 those on e3, f2 and h2:
  // whichever Knight gives the reply, the other takes a Pawn as well.
  Position knights = parsePosition(builtinVariant("chameleon-redux-4p"), "wK6nK/8/8/2wN5/6eN1/1sP1sPsP3/5sP1sP/sK6eK s - - 0 20");
  EXPECT_LT(score(knights, 2, true), score(knights, 2, false) - 80);  // a Pawn is 100
  // With nothing to take they pass, as in plain best reply search.
  Position start = startPosition(builtinVariant("chameleon-redux-4p"));
  EXPECT_EQ(score(start, 2, true), score(start, 2, false));
}

TEST(EngineSearch, FourPlayersOneSearcherAnswersEachSideAsAFreshOneWould) {
  // At the table one searcher answers every side in turn. With four players a score means "for the
  // side searched for, against the others", so South's entries must not decide West's search: they
  // did, and West's best line scored 1.83 where a fresh searcher finds 0.03.
  const Variant& v = builtinVariant("chameleon-redux-4p");
  Position pos = parsePosition(v, "wKwP3nRnBnK/1wP4nPnP/1wP2nP2nP/wQ7/2wP3ePeR/wRsP3ePeKeB/sP2sP4/sKsN1sB2ePeN s - - 1 7");
  SearchLimits limits;
  limits.depth = 5;
  Searcher shared;
  shared.search(pos, limits);  // South's hint
  pos.make(parseMove(pos, "b3c4"));
  const SearchReport west = shared.search(pos, limits);
  const SearchReport fresh = Searcher().search(pos, limits);
  // The order of quiet actions, learnt in South's search, may still move the score a little.
  EXPECT_NEAR(west.lines.front().score, fresh.lines.front().score, 40);
}

// At the table the searcher that a player's clock or a newer question stopped answers the next
// question too, from the same table. A replies node cut short has not heard every opponent's answer,
// so its value is no bound on the real one and must not be kept: kept, it read as "no opponent
// can answer", and the next search of the same position scored it +320 pawns (in 13 of these 30
// cases, and 476 of 1,440 over the 36 positions of docs/bench/chameleon-redux-4p-games.txt). Three
// of those positions, each stopped at 2,000 to 20,000 nodes; none holds a mate within depth 6.
TEST(EngineSearch, FourPlayersASearchCutShortLeavesTheNextOneNoFalseWin) {
  const Variant& v = builtinVariant("chameleon-redux-4p");
  for (const char* text : {"1wP1nQ2nBnK/wKwP2nQnPnPnP/1wP2nP3/1wP6/4wRePeN1/sP5eP1/1sKsP1sPeQePeQ/2sQsB2ePeK s - - 7 7",
                           "1wP1nQ3nK/wKwP2nP1nPnP/1wPwRnPnR3/wQwP6/1sP6/3sQ1ePeP1/sP1sP2eQePeQ/1sKsQ2ePeQeK s - - 3 7",
                           "1wP1nQ4/wRwK2nP1nKnP/1wP4nPnQ/wQwP1wP1nP2/8/1sPsPsQ1ePePeB/sPsK1sPeP1ePeK/2sQ5 s - - 0 13"}) {
    Position pos = parsePosition(v, text);
    SearchLimits whole;
    whole.depth = 6;
    ASSERT_LT(std::abs(Searcher().search(pos, whole).lines.front().score), kMateBound) << text;
    for (std::int64_t nodes = 2000; nodes <= 20000; nodes += 2000) {
      Searcher s;
      SearchLimits cut;
      cut.nodes = nodes;
      s.search(pos, cut);
      const SearchReport next = s.search(pos, whole);
      ASSERT_FALSE(next.lines.empty());
      EXPECT_LT(std::abs(next.lines.front().score), kMateBound) << text << ", cut at " << nodes << " nodes";
    }
  }
}

TEST(EngineSearch, FourPlayersDepthOneIsOneOwnActionThenCapturesOnly) {
  // From the start: the root and its ten actions, each followed by the opponents' captures (there
  // are none in reach), not by every opponent's every reply (that is depth 2: 199 nodes went into
  // depth 1 while the replies were searched at the horizon too).
  Position pos = startPosition(builtinVariant("chameleon-redux-4p"));
  Searcher engine;
  SearchLimits limits;
  limits.depth = 1;
  limits.modelledRound = false;  // the best reply search's own nodes
  const SearchReport one = engine.search(pos, limits);
  EXPECT_LT(one.nodes, 20);
  limits.depth = 2;
  engine.clearHash();
  EXPECT_GT(engine.search(pos, limits).nodes, 100);
}

// The nodes the search takes to depth 8 with and without the static cutoff; the same best action.
void expectTheStaticCutoffSavesAThird(const char* variant, const char* position) {
  Position pos = parsePosition(builtinVariant(variant), position);
  const auto toDepth8 = [&](bool staticCutoff) {
    SearchLimits limits;
    limits.staticCutoff = staticCutoff;
    const SearchReport report = freshSearchToDepth8(pos, limits);
    std::printf("static cutoff %s: depth 8 in %lld nodes, %s\n", staticCutoff ? "on" : "off",
                static_cast<long long>(report.nodes), longAlgebraic(pos, report.lines.front().moves.front()).c_str());
    return report;
  };
  const SearchReport with = toDepth8(true), without = toDepth8(false);
  EXPECT_LT(with.nodes, without.nodes * 2 / 3) << variant;
  EXPECT_EQ(with.lines.front().moves.front(), without.lines.front().moves.front()) << variant;
}

TEST(EngineSearch, FourPlayersANodeFarAboveBetaNearTheHorizonIsCutOffByItsStaticScore) {
  // With four players null-move pruning is off; the static cutoff stands in for it and makes each
  // depth cheaper, so a hint within the same second looks further.
  expectTheStaticCutoffSavesAThird(
      "chameleon-redux-4p", "wK1wPnQ3nK/wRwP1wBnQnNnPnP/1wP6/wQwP5eN/4eP3/1sPsPsQ2eP1/sPsKsP3ePeQ/1sNsQ2eP1eK s - - 0 7");
}

TEST(EngineSearch, TwoPlayersANodeFarAboveBetaNearTheHorizonIsCutOffByItsStaticScore) {
  // Beside null-move pruning too (since 2026-11-28): the bench's middle games.
  expectTheStaticCutoffSavesAThird("shifting-sands",
                                   "pp1p1p/1ppk1p/4q1/6/1Q1RR1/P4P/P1K1PP w - - 0 13 6/4r1/2bGy1/2rb1l/1Y1PP1/6/6;pool=LG;moved=f7");
  expectTheStaticCutoffSavesAThird("chameleon-redux", "brk4q/ppp3pb/1q2p3/3p4/6pP/R3P3/PPPP1q2/R1Q1RKQ1 w - - 0 13");
}

}  // namespace
