// Chameleon Chess Redux for four players: the four-player rules of docs/rules/chameleon-redux.md.
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>
#include <utility>

#include "core/rules/game_status.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/perft.hpp"
#include "core/rules/position_text.hpp"
#include "tests/rules/legal_actions.hpp"

using namespace tessera;
using namespace tessera::rules_test;

namespace {

const Variant& four() { return builtinVariant("chameleon-redux-4p"); }
Square sq(const char* name) { return *parseSquare(name, {8, 8}); }

TEST(ChameleonRedux4pSetup, KingInTheLeftCornerThreeChameleonsToItsRightFourPawnsInFront) {
  const Position pos = startPosition(four());
  EXPECT_EQ(positionString(pos), four().startPosition);
  // South (rank 1) faces north: its left corner is a1. West (file a) faces east: a8. North: h8.
  // East: h1.
  EXPECT_EQ(pos.royalSquare(0), sq("a1"));
  EXPECT_EQ(pos.royalSquare(1), sq("a8"));
  EXPECT_EQ(pos.royalSquare(2), sq("h8"));
  EXPECT_EQ(pos.royalSquare(3), sq("h1"));
  for (int side = 0; side < 4; ++side) EXPECT_EQ(pos.occupied(side).count(), 8) << side;
  // South's Chameleons on b1, c1, d1 and Pawns a2-d2; West's Chameleons a7, a6, a5, Pawns b8-b5.
  for (const char* s : {"b1", "c1", "d1", "a2", "b2", "c2", "d2"}) EXPECT_EQ(pieceSide(pos.at(sq(s))), 0) << s;
  for (const char* s : {"a7", "a6", "a5", "b8", "b7", "b6", "b5"}) EXPECT_EQ(pieceSide(pos.at(sq(s))), 1) << s;
  EXPECT_EQ(four().pieces[pieceType(pos.at(sq("b1")))].name, "chameleon-knight");  // b1 is green
}

TEST(ChameleonRedux4pTurns, ClockwiseFromTheSideOnRankOne) {
  Position pos = startPosition(four());
  std::vector<int> order;
  for (int turn = 0; turn < 5; ++turn) {
    order.push_back(pos.sideToMove());
    MoveList moves;
    generateLegal(pos, moves);
    pos.make(moves[0]);
  }
  EXPECT_EQ(order, (std::vector<int>{0, 1, 2, 3, 0}));
}

TEST(ChameleonRedux4pPawns, ForwardOrSidewaysCaptureDiagonallyForwardOrBackward) {
  // A West Pawn on d4 faces east: it steps to e4 (forward), d5 or d3 (sideways), never c4.
  Position pos = parsePosition(four(), "wK7/8/8/8/3wP4/8/8/sK6eK w - - 0 1");
  EXPECT_EQ(destinationsFrom(pos, "d4"), (std::set<std::string>{"e4", "d5", "d3"}));
  // Captures: diagonally forward (e5, e3) and backward (c5, c3), never straight back (c4).
  Position captures = parsePosition(four(), "wK6nK/8/8/2nPsP4/2ePwPsP3/2nP1eP3/8/sK6eK w - - 0 1");
  const auto to = destinationsFrom(captures, "d4");
  EXPECT_TRUE(to.count("c5"));
  EXPECT_TRUE(to.count("c3"));
  EXPECT_TRUE(to.count("e3"));
  EXPECT_FALSE(to.count("c4")) << "no capture straight back";
  EXPECT_FALSE(to.count("e4")) << "no capture straight forward";
}

TEST(ChameleonRedux4pPawns, PromoteOnTheFarEdgeToTheChameleonOfTheSquare) {
  // The West Pawn on g4 reaches the east edge at h4 (red): a Rook-Chameleon.
  Position pos = parsePosition(four(), "wK7/8/8/8/6wP1/8/8/sK6eK w - - 0 1");
  pos.make(parseMove(pos, "g4h4"));
  EXPECT_EQ(four().pieces[pieceType(pos.at(sq("h4")))].name, "chameleon-rook");
  EXPECT_EQ(pieceSide(pos.at(sq("h4"))), 1);
}

TEST(ChameleonRedux4pElimination, APlayerWithNoLegalMoveIsOutAndItsPiecesLeave) {
  // North's King on h8 is checkmated by South's Queen-Chameleons on h6 (gold: the h-file, g7)
  // and g1 (gold: the g-file). North must leave the game.
  Position pos = parsePosition(four(), "wK6nK/8/7sQ/8/8/8/8/sK5sQeK n - - 0 1");
  MoveList moves;
  generateLegal(pos, moves);
  ASSERT_EQ(moves.size(), 1);
  EXPECT_EQ(moves[0].kind, MoveKind::Elimination);
  EXPECT_EQ(longAlgebraic(pos, moves[0]), "out");
  pos.make(moves[0]);
  EXPECT_FALSE(pos.inGame(2));
  EXPECT_FALSE(pos.occupied(2).any());
  EXPECT_EQ(pos.sideToMove(), 3) << "the turn passes on to East";
  EXPECT_EQ(positionString(pos), "wK7/8/7sQ/8/8/8/8/sK5sQeK e - - 1 1");
  pos.unmake();
  EXPECT_TRUE(pos.inGame(2));
}

TEST(ChameleonRedux4pElimination, TheLastPlayerLeftWins) {
  Position pos = parsePosition(four(), "7nK/8/8/8/8/8/8/sKsN6 s - - 0 1");
  EXPECT_EQ(gameStatus(pos), GameStatus::Ongoing);
  // North's King on h8, not in check, has no move: the Rook-Chameleon on g7 (red) guarded by
  // South's King holds g8, h7 and g7.
  Position stalemated = parsePosition(four(), "7nK/6sR1/6sK1/8/8/8/8/8 n - - 0 1");
  MoveList moves;
  generateLegal(stalemated, moves);
  ASSERT_EQ(moves.size(), 1);
  stalemated.make(moves[0]);  // North is stalemated and leaves too
  EXPECT_EQ(gameStatus(stalemated), GameStatus::LastPlayerStanding);
}

TEST(ChameleonRedux4pRepetition, PawnSidewaysStepsResetTheFiftyMoveClockButStillRepeat) {
  // West's Pawn steps d4-d5 and back while the Kings of East and South step out and back: the
  // third time the position stands there, the game is drawn, though every Pawn step reset the
  // fifty-move clock.
  Position pos = parsePosition(four(), "wK7/8/8/8/3wP4/8/8/sK6eK w - - 0 1");
  const auto play = [&](const char* from, const char* to) {
    MoveList moves;
    generateLegal(pos, moves);
    for (const Move& m : moves)
      if (isPieceMove(m.kind) && m.from == sq(from) && m.to == sq(to)) return pos.make(m);
    FAIL() << from << "-" << to << " is not legal";
  };
  for (int round = 0; round < 2; ++round) {
    EXPECT_EQ(gameStatus(pos), GameStatus::Ongoing) << round;
    play("d4", "d5");
    EXPECT_EQ(pos.halfmoveClock(), 0);
    play("h1", "h2");
    play("a1", "b1");
    play("d5", "d4");
    play("h2", "h1");
    play("b1", "a1");
  }
  EXPECT_EQ(gameStatus(pos), GameStatus::ThreefoldRepetition);
}

// Found by an audit (2026-11-28): the limit was chess's 100 actions, 25 moves of each of four
// players, where the rule as in chess is fifty moves of each.
TEST(ChameleonRedux4pRepetition, TheFiftyMoveRuleIsFiftyMovesOfEachPlayer) {
  Position pos = parsePosition(four(), "wK7/8/8/8/3wP4/8/8/sK6eK w - - 196 60");
  EXPECT_EQ(gameStatus(pos), GameStatus::Ongoing);
  for (const auto& [from, to] : {std::pair{"a8", "b8"}, std::pair{"h1", "h2"}, std::pair{"a1", "b1"}}) {
    pos.make(parseMove(pos, std::string(from) + to));
    EXPECT_EQ(gameStatus(pos), GameStatus::Ongoing) << "after " << from << to << ", clock " << pos.halfmoveClock();
  }
  pos.make(parseMove(pos, "b8a8"));
  EXPECT_EQ(pos.halfmoveClock(), 200);
  EXPECT_EQ(gameStatus(pos), GameStatus::FiftyMoveRule);
}

TEST(ChameleonRedux4pNotation, BadFourPlayerStringsAreRefused) {
  EXPECT_THROW(parsePosition(four(), "wK7/8/8/8/8/8/8/sK6eK x - - 0 1"), PositionError);
  EXPECT_THROW(parsePosition(four(), "wK7/8/8/8/8/8/8/sK6eK n - - 0 1"), PositionError);  // North has left
  EXPECT_THROW(parsePosition(four(), "wK7/8/8/8/8/8/8/sK6xK s - - 0 1"), PositionError);
  EXPECT_THROW(parsePosition(four(), "8/8/8/8/8/8/8/sK7 s - - 0 1"), PositionError);  // one side only
}

TEST(ChameleonRedux4pPerft, StartPositionDepthsOneToThree) {
  // Depth 1 (South): the Knight-Chameleon b1 to a3, c3 = 2; the Bishop-Chameleon d1 (blue) to e2,
  // f3 and takes East's Pawn on g4 = 3; Pawns a2-d2 one step forward = 4 and d2 sideways to e2 = 1;
  // the King a1 and the Queen-Chameleon c1 are shut in. 2 + 3 + 4 + 1 = 10.
  Position pos = startPosition(four());
  EXPECT_EQ(perft(pos, 1), 10u);
  EXPECT_EQ(perft(pos, 2), 137u);
  EXPECT_EQ(perft(pos, 3), 1096u);
}

}  // namespace
