// Shifting Chess: every rule of docs/rules/shifting-chess.md.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "core/rules/attacks.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/perft.hpp"
#include "core/rules/position_text.hpp"
#include "core/rules/sectors.hpp"
#include "tests/rules/legal_actions.hpp"
#include "tests/support/message_of.hpp"

using namespace tessera;
using namespace tessera::rules_test;

namespace {

const Variant& shifting(const char* options = "") {
  return builtinVariant(std::string("shifting-chess") + (*options ? ":" : "") + options);
}
Square sq(const char* name) { return *parseSquare(name, {8, 8}); }

std::set<std::string> shifts(Position& pos) {
  MoveList moves;
  generateLegal(pos, moves);
  std::set<std::string> out;
  for (const Move& m : moves)
    if (m.kind == MoveKind::SectorShift) out.insert(longAlgebraic(pos, m));
  return out;
}

TEST(ShiftingChessBoard, FourteenSectorsWithBIIAndBIIIEmptyAtTheStart) {
  const Position pos = startPosition(shifting());
  EXPECT_EQ(positionString(pos), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 BII,BIII");
  int present = 0;
  for (int slot = 0; slot < 16; ++slot) present += pos.sectorSlots() >> slot & 1;
  EXPECT_EQ(present, 14);
  for (const char* s : {"c3", "d3", "c4", "d4", "c5", "d5", "c6", "d6"}) EXPECT_TRUE(pos.isWall(sq(s))) << s;
  EXPECT_FALSE(pos.isWall(sq("e4")));
}

TEST(ShiftingChessBoard, StartLayoutIsAnOption) {
  const Position pos = startPosition(shifting("empty=AII+DIII"));
  EXPECT_TRUE(pos.isWall(sq("a3")));
  EXPECT_TRUE(pos.isWall(sq("h6")));
  EXPECT_FALSE(pos.isWall(sq("c3")));
  EXPECT_THROW(shifting("empty=AI"), VariantError);  // pieces would stand in the empty slot
  EXPECT_THROW(shifting("empty=EII"), VariantError);
}

// Found by an audit (2026-11-28): the layout option and position strings took any number of empty
// slots (15 sectors, 13, or 16 with no shift ever possible), and a slot named twice.
TEST(ShiftingChessBoard, EveryLayoutHasFourteenSectors) {
  const auto refused = [](const std::string& why) {
    return why.find("shifting-chess has 2") != std::string::npos || why.find("slot BII is named twice") != std::string::npos;
  };
  for (const char* layout : {"empty=BII", "empty=BII+BIII+CII", "empty=", "empty=BII+BII"})
    EXPECT_TRUE(refused(messageOf<VariantError>([&] { shifting(layout); }))) << layout;
  const Variant& v = shifting();
  EXPECT_NO_THROW(parsePosition(v, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 AII,DIII"));
  for (const char* slots : {"BII", "BII,BIII,CII", "-", "BII,BII"})
    EXPECT_TRUE(refused(messageOf<PositionError>([&] { parsePosition(v, std::string("4k3/8/8/8/8/8/8/4K3 w - - 0 1 ") + slots); })))
        << slots;
}

TEST(ShiftingChessSetup, InitialPiecePositionsAsInOrthodoxChess) {
  const Position pos = startPosition(shifting());
  EXPECT_EQ(positionString(pos).substr(0, 43), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
}

TEST(ShiftingChessShift, ATurnMayMoveASectorWithAllItsPieces) {
  Position pos = startPosition(shifting());
  EXPECT_EQ(shifts(pos), (std::set<std::string>{"BI-BII", "BI-BIII"}));
  pos.make(parseMove(pos, "BI-BIII"));
  // c1, d1, c2, d2 travel to c5, d5, c6, d6; B-I is now empty.
  EXPECT_EQ(positionString(pos), "rnbqkbnr/pppppppp/2PP4/2BQ4/8/8/PP2PPPP/RN2KBNR b KQkq - 1 1 BI,BII");
  EXPECT_TRUE(pos.isWall(sq("c1")));
  pos.make(parseMove(pos, "e7e6"));
  // The Queen's-side right stays (King and Rook never moved) but castling cannot cross empty area.
  MoveList moves;
  generateLegal(pos, moves);
  for (const Move& m : moves) EXPECT_NE(m.kind, MoveKind::Castle);
}

TEST(ShiftingChessShift, OnlyByTheSideWithMorePiecesOnTheSector) {
  // Sector C-II (e3, f3, e4, f4): White 2 - Black 1 may go; D-II (g3, h3, g4, h4) tied: nobody.
  Position pos = parsePosition(shifting(), "4k3/8/8/8/4p1pP/4PP1P/8/4K3 w - - 0 1 BIII,CIII");
  const auto white = shifts(pos);
  EXPECT_TRUE(white.count("CII-CIII"));
  EXPECT_FALSE(white.count("DII-DIII"));
  Position black = parsePosition(shifting(), "4k3/8/8/8/4p1pP/4PP1P/8/4K3 b - - 0 1 BIII,CIII");
  for (const std::string& s : shifts(black)) EXPECT_NE(s.substr(0, 3), "CII") << s;
  for (const std::string& s : shifts(black)) EXPECT_NE(s.substr(0, 3), "DII") << s;
}

TEST(ShiftingChessShift, OneOrTwoSlotsStraightIntoEmptySlotsNeverOffTheBoard) {
  // The White Rook's sector A-II may go right into B-II and on into C-II, not up (A-III is
  // there) and not left (off the board).
  Position pos = parsePosition(shifting(), "4k3/1K6/8/8/8/R7/8/8 w - - 0 1 BII,CII");
  EXPECT_EQ(shifts(pos), (std::set<std::string>{"AII-BII", "AII-CII"}));
  // Blocked by a sector in between: no jump over it.
  Position blocked = parsePosition(shifting(), "4k3/1K6/8/8/8/R7/8/8 w - - 0 1 CII,DII");
  EXPECT_TRUE(shifts(blocked).empty());
}

TEST(ShiftingChessShift, MayNotLeaveTheOwnKingInCheck) {
  // Shifting the King's sector A-II up would carry it to a5, into the Rook's line along rank 5.
  Position pos = parsePosition(shifting(), "4k3/8/8/7r/8/K7/8/8 w - - 0 1 AIII,CI");
  EXPECT_FALSE(shifts(pos).count("AII-AIII"));
  Position noRook = parsePosition(shifting(), "4k3/8/8/8/8/K7/8/8 w - - 0 1 AIII,CI");
  EXPECT_TRUE(shifts(noRook).count("AII-AIII"));
  // An empty slot left behind blocks a line like a wall: here moving the Pawn's sector B-II up
  // leaves c3, d3 empty, which still shield the King on a3 from the Rook on h3.
  Position shield = parsePosition(shifting(), "4k3/8/8/8/8/K1P4r/8/8 w - - 0 1 BIII,CIII");
  EXPECT_TRUE(shifts(shield).count("BII-BIII"));
}

TEST(ShiftingChessEmptyAreas, NothingStandsOnOrCrossesThemButKnightsLeap) {
  Position pos = parsePosition(shifting(), "4k3/8/8/8/8/8/8/R1N1K3 w - - 0 1 AII,BII");
  // The Rook on a1 goes up a2 and stops: a3 is empty area.
  EXPECT_EQ(destinationsFrom(pos, "a1"), (std::set<std::string>{"a2", "b1"}));
  // The Knight on c1 cannot land in the empty area (b3, d3): a2 and e2.
  EXPECT_EQ(destinationsFrom(pos, "c1"), (std::set<std::string>{"a2", "e2"}));
  // The Knight on d4 leaps over the empty C-II (e3, f3, e4, f4) to f5 and e2; f3 itself is empty area.
  Position leap = parsePosition(shifting(), "7k/8/8/8/3N4/8/8/K7 w - - 0 1 CII,AIV");
  EXPECT_EQ(destinationsFrom(leap, "d4"), (std::set<std::string>{"b3", "b5", "c2", "c6", "e2", "e6", "f5"}));
  EXPECT_THROW(parsePosition(shifting(), "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1 AI,BII"), PositionError);  // b1 is in A-I
}

TEST(ShiftingChessPawns, DoubleStepFromTheFirstTwoRanksEvenAfterMoving) {
  // The Pawn on e2 has moved before (it came from e1 by a shift): it may still double-step.
  Position pos = parsePosition(shifting(), "4k3/8/8/8/8/8/4P3/K7 w - - 0 1 BII,BIII");
  EXPECT_EQ(destinationsFrom(pos, "e2"), (std::set<std::string>{"e3", "e4"}));
  // A Pawn carried back to the first rank may double-step from there.
  Position first = parsePosition(shifting(), "4k3/8/8/8/8/8/8/K3P3 w - - 0 1 BII,BIII");
  EXPECT_EQ(destinationsFrom(first, "e1"), (std::set<std::string>{"e2", "e3"}));
  // No Pawn step crosses an empty area.
  Position wall = parsePosition(shifting(), "4k3/8/8/8/8/8/2P5/K7 w - - 0 1 BII,BIII");
  EXPECT_TRUE(destinationsFrom(wall, "c2").empty());
}

TEST(ShiftingChessPawns, PromoteWhenAShiftBringsThemToTheLastRank) {
  // White Pawn on c6 in sector B-III; B-IV is empty: the shift up carries it to c8.
  Position pos = parsePosition(shifting(), "7k/8/2P5/8/8/8/8/K7 w - - 0 1 BIV,CIV");
  const auto s = shifts(pos);
  EXPECT_TRUE(s.count("BIII-BIV=Q"));
  EXPECT_TRUE(s.count("BIII-BIV=N"));
  EXPECT_FALSE(s.count("BIII-BIV"));
  pos.make(parseMove(pos, "BIII-BIV=N"));
  EXPECT_EQ(pos.variant().pieces[pieceType(pos.at(sq("c8")))].name, "knight");
  pos.unmake();
  EXPECT_EQ(pos.variant().pieces[pieceType(pos.at(sq("c6")))].name, "pawn");
}

TEST(ShiftingChessCastling, CarriedKingOrRookCountsAsMoved) {
  Position pos = parsePosition(shifting(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1 DII,DIII");
  EXPECT_EQ(parseMove(pos, "O-O").kind, MoveKind::Castle);
  pos.make(parseMove(pos, "DI-DII"));  // the Rook's sector moves up...
  pos.make(parseMove(pos, "e8d8"));
  pos.make(parseMove(pos, "DII-DI"));  // ...and back
  pos.make(parseMove(pos, "d8e8"));
  EXPECT_FALSE(pos.canCastle(0, 0));
  EXPECT_THROW(parseMove(pos, "O-O"), MoveTextError);
}

TEST(ShiftingChessEnPassant, AsInChessWhenThePassedSquareExists) {
  Position pos = parsePosition(shifting(), "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1 AII,AIII");
  pos.make(parseMove(pos, "d7d5"));
  EXPECT_EQ(parseMove(pos, "e5d6").kind, MoveKind::EnPassant);
}

// The same men on another layout of sectors stand in another position: the Rook goes round and
// home again, but sector A-II now stands where B-II did, so nothing has repeated.
TEST(ShiftingChessRepetition, TheSameMenOnAnotherLayoutIsAnotherPosition) {
  Position pos = parsePosition(shifting(), "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 BII,BIII");
  for (const char* m : {"a1a3", "e8d8", "AII-BII", "d8e8", "c3c1", "e8d8", "c1a1", "d8e8"}) pos.make(parseMove(pos, m));
  EXPECT_EQ(positionString(pos), "4k3/8/8/8/8/8/8/R3K3 w - - 8 5 AII,BIII");
  EXPECT_EQ(pos.repetitions(), 0);
  for (const char* m : {"a1b1", "e8d8", "b1a1", "d8e8"}) pos.make(parseMove(pos, m));
  EXPECT_EQ(pos.repetitions(), 1) << "the layout of the last four actions has come again";
}

TEST(ShiftingChessNotation, ShiftsReadAndWriteAsInTheSeed) {
  Position pos = parsePosition(shifting(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1 BIII,CIII");
  EXPECT_THROW(parseMove(pos, "DIII-CIII"), MoveTextError);  // D-III holds no White piece
  Position seed = parsePosition(shifting(), "4k3/8/4P3/4P3/8/8/8/4K3 w - - 0 1 BIII,AIV");
  const Move m = parseMove(seed, "CIII-BIII");  // the page's example: sector x to the left
  EXPECT_EQ(m.kind, MoveKind::SectorShift);
  EXPECT_EQ(longAlgebraic(seed, m), "CIII-BIII");
  EXPECT_THROW(parsePosition(shifting(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1 BIII,XIV"), PositionError);
}

TEST(ShiftingChessPerft, StartPositionDepthsOneToThree) {
  // Depth 1: Pawns a, b, e-h one or two steps = 12 (c2, d2 face the empty B-II); Knights b1-a3,
  // g1-f3, g1-h3 = 3 (c3 is empty area); sector B-I (all White) up into B-II or on into B-III = 2.
  Position pos = startPosition(shifting());
  EXPECT_EQ(perft(pos, 1), 17u);
  EXPECT_EQ(perft(pos, 2), 291u);
  EXPECT_EQ(perft(pos, 3), 5948u);
}

}  // namespace
