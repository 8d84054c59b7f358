// Chameleon Chess Redux, two players: every rule of docs/rules/chameleon-redux.md.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "core/rules/attacks.hpp"
#include "core/rules/game_status.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/perft.hpp"
#include "core/rules/position_text.hpp"
#include "tests/rules/legal_actions.hpp"

using namespace tessera;
using namespace tessera::rules_test;

namespace {

const Variant& redux(const char* options = "") {
  return builtinVariant(std::string("chameleon-redux") + (*options ? ":" : "") + options);
}

char colourLetterAt(const Variant& v, const char* square) { return v.colourLetters[v.colourAt(*parseSquare(square, v.size))]; }

std::map<char, int> backRankCounts(const Position& pos, int side) {
  std::map<char, int> counts;
  const int rank = side == 0 ? 0 : 7;
  for (int f = 0; f < 8; ++f) {
    const PieceCode p = pos.at(makeSquare(f, rank));
    if (p && pos.variant().pieces[pieceType(p)].name != "king") counts[pos.variant().pieces[pieceType(p)].letter]++;
  }
  return counts;
}

TEST(ChameleonReduxBoard, FourColoursSixteenSquaresEach) {
  const Variant& v = redux();
  std::map<char, int> count;
  for (int r = 0; r < 8; ++r)
    for (int f = 0; f < 8; ++f) count[v.colourLetters[v.colourAt(makeSquare(f, r))]]++;
  EXPECT_EQ(count, (std::map<char, int>{{'R', 16}, {'B', 16}, {'G', 16}, {'Y', 16}}));
  // Spot checks against the decision's table (rank 8 first: B R B Y G R B Y).
  EXPECT_EQ(colourLetterAt(v, "a8"), 'B');
  EXPECT_EQ(colourLetterAt(v, "h8"), 'Y');
  EXPECT_EQ(colourLetterAt(v, "a1"), 'R');
  EXPECT_EQ(colourLetterAt(v, "f1"), 'G');
  EXPECT_EQ(colourLetterAt(v, "d5"), 'Y');
}

TEST(ChameleonReduxBoard, QuarterTurnMapsTheBoardOntoItselfWithColoursCycled) {
  const Variant& v = redux();
  const Variant& turned = redux("rotation=90");
  std::map<char, char> cycle;  // colour of a square before the turn -> after
  bool consistent = true;
  for (int sq = 0; sq < 256; ++sq) {
    if (v.colourAt(static_cast<Square>(sq)) < 0) continue;
    const char before = v.colourLetters[v.colourAt(static_cast<Square>(sq))];
    const char after = turned.colourLetters[turned.colourAt(static_cast<Square>(sq))];
    auto [it, inserted] = cycle.emplace(before, after);
    consistent = consistent && it->second == after;
  }
  EXPECT_TRUE(consistent) << "a quarter turn is not a recolouring of the same board";
  ASSERT_EQ(cycle.size(), 4u);
  std::set<char> images;
  for (auto [from, to] : cycle) {
    EXPECT_NE(from, to) << "every colour moves on";
    images.insert(to);
  }
  EXPECT_EQ(images.size(), 4u);
}

TEST(ChameleonReduxSetup, KingOnThirdSquareFromTheRightChameleonsBesidePawnsInFront) {
  const Position pos = startPosition(redux());
  EXPECT_EQ(positionString(pos), "brkqnrbq/pppppppp/8/8/8/8/PPPPPPPP/RNQBRKQN w - - 0 1");
  EXPECT_EQ(pos.royalSquare(0), *parseSquare("f1", {8, 8}));
  EXPECT_EQ(pos.royalSquare(1), *parseSquare("c8", {8, 8}));
}

TEST(ChameleonReduxSetup, PageExampleTwoRooksTwoKnightsTwoQueensOneBishop) {
  const Position pos = startPosition(redux());
  EXPECT_EQ(backRankCounts(pos, 0), (std::map<char, int>{{'R', 2}, {'N', 2}, {'Q', 2}, {'B', 1}}));
  EXPECT_EQ(backRankCounts(pos, 1), (std::map<char, int>{{'B', 2}, {'R', 2}, {'Q', 2}, {'N', 1}}));
}

TEST(ChameleonReduxSetup, TurningTheBoardNinetyDegreesGivesOneQueenAndOneRook) {
  // "Rotate the board 90 degrees, however, and suddenly one player has only 1 Queen and the
  // other has only 1 Rook."
  const Position pos = startPosition(redux("rotation=90"));
  const auto white = backRankCounts(pos, 0), black = backRankCounts(pos, 1);
  EXPECT_EQ(white.at('R'), 1);
  EXPECT_EQ(black.at('Q'), 1);
  for (const char* rotation : {"rotation=0", "rotation=180", "rotation=270"}) {
    const Position p = startPosition(redux(rotation));
    EXPECT_EQ(p.royalSquare(0), *parseSquare("f1", {8, 8})) << rotation;  // the King's square ignores the colours
  }
}

TEST(ChameleonReduxMoves, ChameleonMovesByTheColourItStandsOn) {
  const Variant& v = redux();
  // a1 red: Rook moves. d1 blue: Bishop moves. b1 green: Knight moves. c1 gold: Queen moves.
  Position rook = parsePosition(v, "2k5/8/8/8/8/8/5K2/R7 w - - 0 1");
  EXPECT_EQ(destinationsFrom(rook, "a1"), (std::set<std::string>{"a2", "a3", "a4", "a5", "a6", "a7", "a8", "b1", "c1", "d1", "e1", "f1", "g1", "h1"}));
  Position bishop = parsePosition(v, "2k5/8/8/8/8/8/5K2/3B4 w - - 0 1");
  EXPECT_EQ(destinationsFrom(bishop, "d1"), (std::set<std::string>{"c2", "b3", "a4", "e2", "f3", "g4", "h5"}));
  Position knight = parsePosition(v, "2k5/8/8/8/8/8/5K2/1N6 w - - 0 1");
  EXPECT_EQ(destinationsFrom(knight, "b1"), (std::set<std::string>{"a3", "c3", "d2"}));
  Position queen = parsePosition(v, "7k/8/8/8/8/8/K7/2Q5 w - - 0 1");
  EXPECT_EQ(destinationsFrom(queen, "c1").size(), 7u + 7u + 2u + 5u);  // file, rank, b2-a3, d2-h6
}

TEST(ChameleonReduxMoves, ChangeHappensOnlyWhereTheChameleonStops) {
  const Variant& v = redux();
  // The Rook on a1 slides over a2 (green) and a4 (blue) to a5 (gold): it moved as a Rook the
  // whole way and is a Queen only on arrival.
  Position pos = parsePosition(v, "2k5/8/8/8/8/8/5K2/R7 w - - 0 1");
  pos.make(parseMove(pos, "a1a5"));
  EXPECT_EQ(v.pieces[pieceType(pos.at(*parseSquare("a5", v.size)))].name, "chameleon-queen");
  EXPECT_EQ(positionString(pos), "2k5/8/8/Q7/8/8/5K2/8 b - - 1 1");
  pos.unmake();
  EXPECT_EQ(v.pieces[pieceType(pos.at(*parseSquare("a1", v.size)))].name, "chameleon-rook");
  // Capturing also changes it: the Rook takes the Knight-Chameleon on a2 (green) and becomes a
  // Knight there.
  Position capture = parsePosition(v, "2k5/8/8/8/8/8/n4K2/R7 w - - 0 1");
  capture.make(parseMove(capture, "a1a2"));
  EXPECT_EQ(v.pieces[pieceType(capture.at(*parseSquare("a2", v.size)))].name, "chameleon-knight");
}

TEST(ChameleonReduxMoves, KingsAndPawnsNeverChange) {
  const Variant& v = redux();
  Position pos = parsePosition(v, "2k5/8/8/8/8/8/4PK2/8 w - - 0 1");
  pos.make(parseMove(pos, "e2e4"));  // e4 is red
  EXPECT_EQ(v.pieces[pieceType(pos.at(*parseSquare("e4", v.size)))].name, "pawn");
  pos.make(parseMove(pos, "c8d8"));  // d8 is gold
  EXPECT_EQ(v.pieces[pieceType(pos.at(*parseSquare("d8", v.size)))].name, "king");
}

TEST(ChameleonReduxMoves, PawnsAsInChessWithDoubleStep) {
  Position pos = startPosition(redux());
  EXPECT_EQ(destinationsFrom(pos, "e2"), (std::set<std::string>{"e3", "e4"}));
  pos.make(parseMove(pos, "e2e3"));
  pos.make(parseMove(pos, "a7a6"));
  EXPECT_EQ(destinationsFrom(pos, "e3"), (std::set<std::string>{"e4"}));
}

TEST(ChameleonReduxMoves, EnPassantIsOnByDefaultAndAnOption) {
  const char* fen = "2k5/3p4/8/4P3/8/8/5K2/8 b - - 0 1";
  Position on = parsePosition(redux(), fen);
  on.make(parseMove(on, "d7d5"));
  EXPECT_EQ(parseMove(on, "e5d6").kind, MoveKind::EnPassant);
  Position off = parsePosition(redux("en-passant=off"), fen);
  off.make(parseMove(off, "d7d5"));
  EXPECT_THROW(parseMove(off, "e5d6"), MoveTextError);
  // King f2: eight free squares; Pawn e5: e6; with e.p. also exd6.
  EXPECT_EQ(perft(off, 1), 9u);
  EXPECT_EQ(perft(on, 1), 10u);
}

TEST(ChameleonReduxMoves, PawnOnTheFarEdgeBecomesTheChameleonOfItsSquare) {
  const Variant& v = redux();
  Position pos = parsePosition(v, "2k5/P7/8/8/8/8/5K2/8 w - - 0 1");
  MoveList moves;
  generateLegal(pos, moves);
  int promotions = 0;
  for (const Move& m : moves)
    if (m.promotion) {
      ++promotions;
      EXPECT_EQ(v.pieces[m.promotion - 1].name, "chameleon-bishop");  // a8 is blue
    }
  EXPECT_EQ(promotions, 1) << "no choice: the square decides";
  pos.make(parseMove(pos, "a7a8"));
  EXPECT_EQ(v.pieces[pieceType(pos.at(*parseSquare("a8", v.size)))].name, "chameleon-bishop");
  // Capturing onto b8 (red) makes a Rook.
  Position capture = parsePosition(v, "1r1k4/P7/8/8/8/8/5K2/8 w - - 0 1");
  capture.make(parseMove(capture, "a7b8"));
  EXPECT_EQ(v.pieces[pieceType(capture.at(*parseSquare("b8", v.size)))].name, "chameleon-rook");
}

TEST(ChameleonReduxMoves, NoCastling) {
  const Variant& v = redux();
  try {
    parsePosition(v, "2k5/8/8/8/8/8/8/R4K1N w K - 0 1");
    FAIL() << "castling rights accepted";
  } catch (const PositionError& e) {
    EXPECT_NE(std::string(e.what()).find("does not exist"), std::string::npos) << e.what();
  }
  Position pos = parsePosition(v, "2k5/8/8/8/8/8/8/R4K1N w - - 0 1");
  for (const std::string& to : destinationsFrom(pos, "f1")) EXPECT_TRUE(to == "e1" || to == "g1" || to[1] == '2') << to;
}

TEST(ChameleonReduxMoves, KingIsTheTargetOfCheckAndMate) {
  const Variant& v = redux();
  // The Chameleon on d5 (gold) is a Queen: it checks the King on d8 down the file.
  Position pos = parsePosition(v, "3k4/8/8/3Q4/8/8/5K2/8 b - - 0 1");
  EXPECT_TRUE(inCheck(pos, 1));
  // Back-rank mate by the Rook-Chameleon b4 (red) to b8 (red again: still a Rook).
  Position mate = parsePosition(v, "7k/6pp/8/8/1R6/8/5K2/8 w - - 0 1");
  mate.make(parseMove(mate, "b4b8"));
  EXPECT_EQ(gameStatus(mate), GameStatus::Checkmate);
  // The same slide to e8 (green) lands a Knight: no check at all.
  Position knight = parsePosition(v, "7k/6pp/8/8/4R3/8/5K2/8 w - - 0 1");
  knight.make(parseMove(knight, "e4e8"));
  EXPECT_FALSE(inCheck(knight, 1));
}

TEST(ChameleonReduxNotation, ChameleonLetterMustMatchItsSquare) {
  try {
    parsePosition(redux(), "2k5/8/8/8/8/8/5K2/N7 w - - 0 1");  // a1 is red: a Rook, not a Knight
    FAIL();
  } catch (const PositionError& e) {
    EXPECT_NE(std::string(e.what()).find("a1 stands on R and so is a chameleon-rook (R)"), std::string::npos) << e.what();
  }
}

TEST(ChameleonReduxPerft, StartPositionDepthsOneToThree) {
  // Depth 1 by hand: 8 Pawns x (one step + double step) = 16; the Knight-Chameleons on the green
  // squares b1 (a3, c3; d2 holds a Pawn) and h1 (g3; f2 holds a Pawn) = 3; the Rooks a1, e1,
  // Queens c1, g1, Bishop d1 and King f1 are walled in by their own Pawns and pieces. 16 + 3 = 19.
  Position pos = startPosition(redux());
  EXPECT_EQ(perft(pos, 1), 19u);
  EXPECT_EQ(perft(pos, 2), 342u);
  EXPECT_EQ(perft(pos, 3), 7674u);
  Position turned = startPosition(redux("rotation=180"));
  // Turned 180 degrees the green Knights stand on a1... and d1 only: d1 (c3, e3) = 2; 16 + 2 = 18.
  EXPECT_EQ(perft(turned, 1), 18u);
}

TEST(ChameleonReduxOptions, BadOptionsAreRefusedClearly) {
  EXPECT_THROW(redux("rotation=45"), VariantError);
  try {
    redux("colour=red");
    FAIL();
  } catch (const VariantError& e) {
    EXPECT_NE(std::string(e.what()).find("unknown option 'colour=red'"), std::string::npos) << e.what();
  }
  // Found by an audit (2026-11-28): an option given twice was taken, two rotations adding up.
  try {
    redux("rotation=90,rotation=180");
    FAIL() << "an option given twice was taken";
  } catch (const VariantError& e) {
    EXPECT_NE(std::string(e.what()).find("option 'rotation' is given twice"), std::string::npos) << e.what();
  }
}

}  // namespace
