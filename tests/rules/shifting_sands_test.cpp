// Shifting Sands Chess: every rule of docs/rules/shifting-sands.md.
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/rules/attacks.hpp"
#include "core/rules/game_status.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/perft.hpp"
#include "core/rules/position_text.hpp"
#include "tests/rules/legal_actions.hpp"
#include "tests/support/message_of.hpp"

using namespace tessera;
using namespace tessera::rules_test;

namespace {

const Variant& sands(const char* options = "") {
  return builtinVariant(std::string("shifting-sands") + (*options ? ":" : "") + options);
}
Square sq(const char* name) { return *parseSquare(name, {6, 7}); }

// A position after the opening drops (move 5).
Position at(const char* placement, const char* colours, const char* side = "w") {
  return parsePosition(sands(), std::string(placement) + " " + side + " - - 0 5 " + colours);
}

std::string typeAt(const Position& pos, const char* square) {
  const PieceCode p = pos.at(sq(square));
  return p ? pos.variant().pieces[pieceType(p)].name : "empty";
}

std::string afterMove(Position pos, const char* move, const char* square) {
  pos.make(parseMove(pos, move));
  return typeAt(pos, square);
}

TEST(ShiftingSandsSetup, SixBySevenKingsOnC1AndC7ElevenPawnsEach) {
  const Position pos = startPosition(sands());
  EXPECT_EQ(positionString(pos), "ppkppp/pppppp/6/6/6/PPPPPP/PPKPPP w - - 0 1 6/6/6/6/6/6/6;pool=YYPPRRLLGGBB");
  EXPECT_EQ(pos.royalSquare(0), sq("c1"));
  EXPECT_EQ(pos.royalSquare(1), sq("c7"));
  EXPECT_EQ(pos.occupied(0).count(), 12);
  EXPECT_EQ(pos.occupied(1).count(), 12);
}

TEST(ShiftingSandsSetup, LargerBoardsAreOptions) {
  const Position eight = startPosition(sands("size=8x8"));
  EXPECT_EQ(positionString(eight).substr(0, 53), "pppkpppp/pppppppp/8/8/8/8/PPPPPPPP/PPPKPPPP w - - 0 1");
  const Position ten = startPosition(sands("size=10x10"));
  EXPECT_EQ(ten.royalSquare(0), *parseSquare("e1", {10, 10}));
  EXPECT_EQ(ten.occupied(0).count(), 20);
  EXPECT_THROW(sands("size=9x9"), VariantError);
}

TEST(ShiftingSandsPool, TwoOfEachOfSixColoursSharedByBoth) {
  Position pos = startPosition(sands());
  for (int c = 0; c < 6; ++c) EXPECT_EQ(pos.poolCount(c), 2);
  pos.make(parseMove(pos, "Y@a3"));
  pos.make(parseMove(pos, "Y@a5"));  // Black takes the second Yellow from the same pool
  EXPECT_EQ(pos.poolCount(0), 0);
  for (const std::string& a : legalActionTexts(pos)) EXPECT_NE(a[0], 'Y') << a;
  EXPECT_EQ(pos.paperOwner(sq("a3")), 0);  // each dropped square stays its dropper's
  EXPECT_EQ(pos.paperOwner(sq("a5")), 1);
}

TEST(ShiftingSandsOpening, FirstFourTurnsOfEachSideAreDrops) {
  Position pos = startPosition(sands());
  for (int turn = 0; turn < 8; ++turn) {
    MoveList moves;
    generateLegal(pos, moves);
    for (const Move& m : moves) ASSERT_EQ(m.kind, MoveKind::ColourDrop) << "turn " << turn;
    pos.make(moves[turn * 7 % moves.size()]);
  }
  MoveList fifth;
  generateLegal(pos, fifth);
  bool pieceMove = false;
  for (const Move& m : fifth) pieceMove = pieceMove || isPieceMove(m.kind);
  EXPECT_TRUE(pieceMove) << "from the fifth turn a turn is a move, a drop or a shift";
}

TEST(ShiftingSandsDrops, OnlyOnASquareWithNoPieceAndNoColour) {
  Position pos = at("2k3/6/6/6/6/6/2K3", "6/6/6/6/1Y4/6/6;pool=YPPRRLLGGBB");
  const auto all = legalActionTexts(pos);
  EXPECT_FALSE(all.count("R@b3"));  // b3 has a colour
  EXPECT_FALSE(all.count("R@c1"));  // c1 has a piece
  EXPECT_TRUE(all.count("R@a3"));
  EXPECT_TRUE(all.count("B@a3"));
}

TEST(ShiftingSandsShifts, OwnColourNotBlueNoPieceOneStepOntoABareSquare) {
  // White's Yellow on b3, Black's Red on c3, White's Blue on e3, White's Purple under a piece on a5.
  Position pos = at("2k3/6/R5/6/6/6/2K3", "6/6/P5/6/1Yr1B1/6/6;pool=YPRLLGGB");
  const auto all = legalActionTexts(pos);
  std::set<std::string> fromB3;
  for (const std::string& a : all)
    if (a.rfind("Yb3-", 0) == 0) fromB3.insert(a.substr(4));
  EXPECT_EQ(fromB3, (std::set<std::string>{"a2", "b2", "c2", "a3", "a4", "b4", "c4"}));  // not onto c3's colour
  for (const std::string& a : all) {
    EXPECT_NE(a.rfind("Rc3-", 0), 0u) << "Black's colour: " << a;
    EXPECT_NE(a.rfind("Be3-", 0), 0u) << "Blue never shifts: " << a;
    EXPECT_NE(a.rfind("Pa5-", 0), 0u) << "a piece stands on it: " << a;
  }
  // The colour leaves its square for the new one, still White's.
  pos.make(parseMove(pos, "Yb3-b4"));
  EXPECT_EQ(pos.paper(sq("b3")), -1);
  EXPECT_EQ(pos.paper(sq("b4")), 0);
  EXPECT_EQ(pos.paperOwner(sq("b4")), 0);
}

TEST(ShiftingSandsTypes, APieceTakesTheTypeOfTheColourItEnters) {
  // The Queen on d4 (Yellow) steps onto Yellow d5, Red e5, Dark Green c5, Light Blue d3, Purple e4.
  const char* colours = "6/6/2GYR1/3YP1/3L2/6/6;pool=YPRLGBB";
  const char* placement = "2k3/6/6/3Q2/6/6/2K3";
  EXPECT_EQ(afterMove(at(placement, colours), "d4d5", "d5"), "queen");
  EXPECT_EQ(afterMove(at(placement, colours), "d4e5", "e5"), "bishop");
  EXPECT_EQ(afterMove(at(placement, colours), "d4c5", "c5"), "pawn");
  EXPECT_EQ(afterMove(at(placement, colours), "d4d3", "d3"), "knight");
  EXPECT_EQ(afterMove(at(placement, colours), "d4e4", "e4"), "rook");
  // The colour stays under the piece that entered it.
  Position onRed = at(placement, colours);
  onRed.make(parseMove(onRed, "d4e5"));
  EXPECT_EQ(onRed.paper(sq("e5")), 2);
}

TEST(ShiftingSandsTypes, PurpleMakesARook) {
  Position pos = at("2k3/6/6/3Q2/6/6/2K3", "6/6/3P2/3Y2/6/6/6;pool=YPRRLLGGBB");
  EXPECT_EQ(afterMove(pos, "d4d5", "d5"), "rook");
}

TEST(ShiftingSandsTypes, NoColourMakesAPawnExceptOnTheLastRank) {
  Position pos = at("2k3/6/6/Q5/6/6/2K3", "6/6/6/Y5/6/6/6;pool=YPPRRLLGGBB");
  EXPECT_EQ(afterMove(pos, "a4b4", "b4"), "pawn");
  EXPECT_EQ(afterMove(pos, "a4a7", "a7"), "queen") << "rank 7 is White's last rank";
  Position black = at("2k3/6/6/q5/6/6/2K3", "6/6/6/y5/6/6/6;pool=YPPRRLLGGBB", "b");
  EXPECT_EQ(afterMove(black, "a4a1", "a1"), "queen") << "rank 1 is Black's last rank";
  EXPECT_EQ(afterMove(black, "a4a2", "a2"), "pawn");
}

TEST(ShiftingSandsBlue, NoPieceButAKingEntersAndSlidersCannotPass) {
  Position pos = at("2k3/6/6/3Q2/6/6/2K3", "6/3b2/6/3Y2/6/6/6;pool=YPPRRLLGGB");
  const auto to = destinationsFrom(pos, "d4");
  EXPECT_TRUE(to.count("d5"));
  EXPECT_FALSE(to.count("d6"));
  EXPECT_FALSE(to.count("d7"));
}

TEST(ShiftingSandsBlue, KnightsLeapOverButDoNotLand) {
  Position pos = at("2k3/6/6/1N4/6/6/2K3", "6/2B3/1BB3/1L4/6/6/6;pool=YPPRRLLGG");
  const auto to = destinationsFrom(pos, "b4");
  EXPECT_FALSE(to.count("c6"));  // Blue
  EXPECT_TRUE(to.count("a6"));   // over the Blue on b5, c5
  EXPECT_TRUE(to.count("d5"));
}

TEST(ShiftingSandsBlue, ABlueDropBlocksACheck) {
  // The Black Queen on c5 (Yellow) checks the King on c1 down the c-file.
  Position pos = at("2k3/6/2q3/6/6/6/2K3", "6/6/2y3/6/6/6/6;pool=YPPRRLLGGBB");
  ASSERT_TRUE(inCheck(pos, 0));
  const auto replies = legalActionTexts(pos);
  EXPECT_TRUE(replies.count("B@c3"));
  EXPECT_TRUE(replies.count("B@c4"));
  EXPECT_FALSE(replies.count("Y@c3")) << "a colour a piece may enter does not block";
  EXPECT_FALSE(replies.count("B@a3")) << "a drop may not leave the King in check";
}

TEST(ShiftingSandsKings, KingRemovesColoursBlueIncludedAndNeverChanges) {
  Position pos = at("2k3/6/6/6/6/6/2K3", "6/6/6/6/6/2rB2/6;pool=YPPRLLGGB");
  const auto to = destinationsFrom(pos, "c1");
  EXPECT_TRUE(to.count("d2"));  // onto Blue
  Position onRed = pos;
  onRed.make(parseMove(onRed, "c1c2"));  // Black's Red: the owner does not matter
  EXPECT_EQ(onRed.paper(sq("c2")), -1);
  EXPECT_EQ(typeAt(onRed, "c2"), "king");
  EXPECT_EQ(onRed.poolCount(2), 1) << "the colour does not return to the pool";
  pos.make(parseMove(pos, "c1d2"));
  EXPECT_EQ(pos.paper(sq("d2")), -1);
  EXPECT_FALSE(pos.isWall(sq("d2")));
  // Yellow, the first colour, as well.
  Position onYellow = at("2k3/6/6/6/6/6/2K3", "6/6/6/6/6/1Y4/6;pool=");
  onYellow.make(parseMove(onYellow, "c1b2"));
  EXPECT_EQ(onYellow.paper(sq("b2")), -1);
  EXPECT_EQ(typeAt(onYellow, "b2"), "king");
}

TEST(ShiftingSandsKings, NoCastling) {
  EXPECT_THROW(parsePosition(sands(), "ppkppp/pppppp/6/6/6/PPPPPP/PPKPPP w K - 0 1"), PositionError);
}

TEST(ShiftingSandsPawns, DoubleStepOnlyUnmovedFromTheFirstTwoRanksOverNoBlue) {
  Position pos = at("2k3/6/6/6/6/1P4/P1K3", "6/6/6/6/6/6/6;pool=YYPPRRLLGGBB");
  EXPECT_EQ(destinationsFrom(pos, "b2"), (std::set<std::string>{"b3", "b4"}));
  EXPECT_EQ(destinationsFrom(pos, "a1"), (std::set<std::string>{"a2", "a3"}));
  Position moved = at("2k3/6/6/6/6/1P4/2K3", "6/6/6/6/6/6/6;pool=YYPPRRLLGGBB;moved=b2");
  EXPECT_EQ(destinationsFrom(moved, "b2"), (std::set<std::string>{"b3"}));
  Position blue = at("2k3/6/6/6/6/1P4/2K3", "6/6/6/6/1B4/6/6;pool=YYPPRRLLGGB");
  EXPECT_TRUE(destinationsFrom(blue, "b2").empty());
}

TEST(ShiftingSandsPawns, NoEnPassantCapture) {
  Position pos = at("2k3/1p4/6/2P3/6/6/2K3", "6/6/6/6/6/6/6;pool=YYPPRRLLGGBB;moved=", "b");
  pos.make(parseMove(pos, "b6b4"));
  EXPECT_EQ(pos.enPassantSquare(), kNoSquare);
  EXPECT_FALSE(destinationsFrom(pos, "c4").count("b5"));
}

TEST(ShiftingSandsPromotion, FromNoColourQueenRookBishopKnightOrStayAPawn) {
  Position pos = at("k5/4P1/6/6/6/6/2K3", "6/6/6/6/6/6/6;pool=YYPPRRLLGGBB");
  std::set<std::string> promotions;
  for (const std::string& a : legalActionTexts(pos))
    if (a.rfind("e6e7", 0) == 0) promotions.insert(a);
  EXPECT_EQ(promotions, (std::set<std::string>{"e6e7q", "e6e7r", "e6e7b", "e6e7n", "e6e7p"}));
  EXPECT_EQ(afterMove(pos, "e6e7n", "e7"), "knight");
  EXPECT_EQ(afterMove(pos, "e6e7p", "e7"), "pawn");
}

TEST(ShiftingSandsPromotion, FromDarkGreenAlwaysAQueen) {
  Position pos = at("k5/4P1/6/6/6/6/2K3", "6/4G1/6/6/6/6/6;pool=YYPPRRLLGBB");
  std::set<std::string> promotions;
  for (const std::string& a : legalActionTexts(pos))
    if (a.rfind("e6e7", 0) == 0) promotions.insert(a);
  EXPECT_EQ(promotions, (std::set<std::string>{"e6e7q"}));
}

// Every colour a piece may enter, the first of them (Yellow) included; from Dark Green too.
TEST(ShiftingSandsPromotion, OntoAColourTheColourDecides) {
  for (const auto& [colour, type] : std::vector<std::pair<std::string, std::string>>{
           {"Y", "queen"}, {"P", "rook"}, {"R", "bishop"}, {"L", "knight"}, {"G", "pawn"}}) {
    for (const std::string& under : {std::string("6"), std::string("4G1")}) {
      const std::string colours = "4" + colour + "1/" + under + "/6/6/6/6/6;pool=";
      Position pos = at("k5/4P1/6/6/6/6/2K3", colours.c_str());
      std::set<std::string> promotions;
      for (const std::string& a : legalActionTexts(pos))
        if (a.rfind("e6e7", 0) == 0) promotions.insert(a);
      EXPECT_EQ(promotions, (std::set<std::string>{"e6e7"})) << colour << " from " << under;
      EXPECT_EQ(afterMove(pos, "e6e7", "e7"), type) << colour << " from " << under;
    }
  }
}

// The same men with a colour moved elsewhere stand in another position: White's Yellow goes from
// b3 to b5 while the Kings step away and back.
TEST(ShiftingSandsRepetition, AColourShiftedElsewhereIsAnotherPosition) {
  Position pos = at("k5/6/6/6/6/6/2K3", "6/6/6/6/1Y4/6/6;pool=");
  for (const char* a : {"Yb3-b4", "a7b7", "Yb4-b5", "b7a7"}) pos.make(parseMove(pos, a));
  EXPECT_EQ(pos.repetitions(), 0);
  for (const char* a : {"c1d1", "a7b7", "d1c1", "b7a7"}) pos.make(parseMove(pos, a));
  EXPECT_EQ(pos.repetitions(), 1);
}

TEST(ShiftingSandsCheck, CheckmateAsInChessUnlessABlueDropBlocks) {
  // The Black King a7 is boxed in by its Pawns. The White Queen on c5 (Yellow) goes to c7, a
  // square with no colour on White's last rank, so she stays a Queen and checks along the rank.
  Position pos = at("k5/pp4/2Q3/6/6/6/2K3", "6/6/2Y3/6/6/6/6;pool=YPPRRLLGGBB");
  pos.make(parseMove(pos, "c5c7"));
  EXPECT_EQ(typeAt(pos, "c7"), "queen");
  EXPECT_EQ(gameStatus(pos), GameStatus::Ongoing) << "a Blue dropped on b7 blocks the check";
  EXPECT_EQ(legalActionTexts(pos), (std::set<std::string>{"B@b7"}));
  // With both Blues gone from the pool it is mate.
  Position mate = at("k5/pp4/2Q3/6/6/6/2K3", "6/6/2Y3/6/6/6/6;pool=YPPRRLLGG");
  mate.make(parseMove(mate, "c5c7"));
  EXPECT_EQ(gameStatus(mate), GameStatus::Checkmate);
}

TEST(ShiftingSandsNotation, StringsAndActionsRoundTripAndBadFieldsAreRefused) {
  const std::string s = "2k3/6/6/3Q2/6/6/2K3 w - - 3 7 6/3b2/6/3Y2/6/6/6;pool=YPPRRLLGGB";
  EXPECT_EQ(positionString(parsePosition(sands(), s)), s);
  auto error = [](const std::string& text) { return messageOf<PositionError>([&] { parsePosition(sands(), text); }); };
  EXPECT_NE(error("2k3/6/6/3Q2/6/6/2K3 w - - 0 5 6/6/6/3P2/6/6/6").find("d4 stands on P and so is a rook"), std::string::npos);
  EXPECT_NE(error("2k3/6/6/3Q2/6/6/2K3 w - - 0 5 6/6/6/3B2/6/6/6").find("which no piece but a King enters"), std::string::npos);
  EXPECT_NE(error("2k3/6/6/6/6/6/2K3 w - - 0 5 6/6/6/3X2/6/6/6").find("not a paper colour"), std::string::npos);
  EXPECT_NE(error("2k3/6/6/6/6/6/2K3 w - - 0 5 6/6/6/6/6/6").find("does not cover"), std::string::npos);
}

TEST(ShiftingSandsPerft, StartPositionDepthsOneToThree) {
  // Depth 1: only drops; 42 squares less 24 pieces = 18 bare squares x 6 colours = 108.
  // Depth 2: 17 squares x 6 colours (two of each: one drop never empties a colour) = 102 each:
  // 108 x 102 = 11,016. Depth 3: 16 squares x 5 colours after two drops of one colour (6 of the 36
  // ordered colour pairs) or x 6: 18 x 17 x (6 x 80 + 30 x 96) = 1,028,160.
  Position pos = startPosition(sands());
  EXPECT_EQ(perft(pos, 1), 108u);
  EXPECT_EQ(perft(pos, 2), 11016u);
  EXPECT_EQ(perft(pos, 3), 1028160u);
}

}  // namespace
