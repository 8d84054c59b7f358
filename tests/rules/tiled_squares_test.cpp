// Tiled Squares Chess: every rule of docs/rules/tiled-squares.md.
#include <gtest/gtest.h>

#include <random>
#include <set>

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

const Variant& tiled() { return builtinVariant("tiled-squares"); }
Square sq(const char* name) { return *parseSquare(name, {8, 8}); }

// Kings on e1 and e8 on their tiles; the rest of the board as given.
Position at(const char* placement, const char* tiles, const char* side = "w") {
  return parsePosition(tiled(), std::string(placement) + " " + side + " - - 0 1 " + tiles);
}

bool has(const std::set<std::string>& s, const char* x) { return s.count(x) != 0; }

TEST(TiledSquaresSetup, FideArrayWithRanksThreeToSixVoid) {
  const Position pos = startPosition(tiled());
  EXPECT_EQ(positionString(pos), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 tttttttt/tttttttt/8/8/8/8/tttttttt/tttttttt");
  for (int r = 0; r < 8; ++r)
    for (int f = 0; f < 8; ++f)
      EXPECT_EQ(pos.tile(makeSquare(f, r)).state, (r >= 2 && r <= 5) ? TileState::Void : TileState::Tile);
}

TEST(TiledSquaresTurn, MoveOrDropTileOrRemoveTileOrDropAntiTile) {
  Position pos = startPosition(tiled());
  const auto first = legalActionTexts(pos);
  EXPECT_EQ(first.size(), 64u);  // nothing can move yet: a Tile or an Anti-Tile on each of the 32 void squares
  EXPECT_TRUE(has(first, "T@e4"));
  EXPECT_TRUE(has(first, "X@e4"));
  pos.make(parseMove(pos, "T@e4"));
  pos.make(parseMove(pos, "T@e5"));
  const auto third = legalActionTexts(pos);
  EXPECT_TRUE(has(third, "e2e4"));   // a move onto the new Tile
  EXPECT_TRUE(has(third, "-T@e4"));  // or taking it away again
}

TEST(TiledSquaresDrops, OnlyOnVoidSquares) {
  Position pos = at("4k3/8/8/8/8/8/8/4K3", "tttttttt/8/8/8/3tx3/8/8/tttttttt");
  const auto all = legalActionTexts(pos);
  EXPECT_FALSE(has(all, "T@d4"));  // already a Tile
  EXPECT_FALSE(has(all, "X@e4"));  // already an Anti-Tile
  EXPECT_FALSE(has(all, "T@e4"));
  EXPECT_TRUE(has(all, "T@c4"));
  EXPECT_TRUE(has(all, "X@c4"));
}

TEST(TiledSquaresMoves, PiecesLandOnlyOnTilesAndPassOverVoid) {
  // The Rook on a1 crosses the void a2-a6 and lands on a7 (a Tile), not on any void square.
  Position pos = at("4k3/8/8/8/8/8/8/R3K3", "tttttttt/tttttttt/8/8/8/8/8/tttttttt");
  EXPECT_EQ(destinationsFrom(pos, "a1"), (std::set<std::string>{"a7", "a8", "b1", "c1", "d1"}));
  // A Pawn's double step passes over a void square onto a Tile.
  Position pawn = at("4k3/8/8/8/4P3/8/4P3/4K3", "tttttttt/8/8/8/4t3/8/tttttttt/tttttttt");
  EXPECT_EQ(destinationsFrom(pawn, "e2"), (std::set<std::string>{}));  // e4 is taken by the other Pawn
  Position step = at("4k3/8/8/8/8/8/4P3/4K3", "tttttttt/8/8/8/4t3/8/tttttttt/tttttttt");
  EXPECT_EQ(destinationsFrom(step, "e2"), (std::set<std::string>{"e4"}));
}

TEST(TiledSquaresMoves, CaptureIsNeverAffected) {
  Position pos = at("4k3/8/8/3r4/8/8/8/3RK3", "tttttttt/8/8/3t4/8/8/8/tttttttt");
  EXPECT_TRUE(has(destinationsFrom(pos, "d1"), "d5"));
}

TEST(TiledSquaresAntiTiles, BlockEveryPieceButTheKnight) {
  // An Anti-Tile on a4 stops the Rook. The Knight on b1 leaps past the Anti-Tile on c2 to d2 and
  // lands on a3, but not on the Anti-Tile on c3.
  Position rook = at("4k3/8/8/8/8/8/8/R3K3", "tttttttt/tttttttt/8/8/x7/8/8/tttttttt");
  EXPECT_EQ(destinationsFrom(rook, "a1"), (std::set<std::string>{"b1", "c1", "d1"}));
  Position knight = at("4k3/8/8/8/8/8/8/1N2K3", "tttttttt/8/8/8/8/t1x5/2xt4/tttttttt");
  EXPECT_EQ(destinationsFrom(knight, "b1"), (std::set<std::string>{"a3", "d2"}));
  // Bishop and Pawn double step are stopped too.
  Position pawn = at("4k3/8/8/8/8/8/4P3/4K3", "tttttttt/8/8/8/4t3/4x3/tttttttt/tttttttt");
  EXPECT_EQ(destinationsFrom(pawn, "e2"), (std::set<std::string>{}));
}

TEST(TiledSquaresAntiTiles, AnAntiTileBlocksACheck) {
  // The Rook on e7 checks along the e-file over void; an Anti-Tile on e4 answers it.
  Position pos = at("4k3/4r3/8/8/8/8/8/4K3", "tttttttt/tttttttt/8/8/8/8/8/tttttttt");
  EXPECT_TRUE(inCheck(pos, 0));
  const auto replies = legalActionTexts(pos);
  EXPECT_TRUE(has(replies, "X@e4"));
  EXPECT_FALSE(has(replies, "T@e4"));  // a Tile does not block
  EXPECT_FALSE(has(replies, "X@a4"));
}

TEST(TiledSquaresKing, StepsOntoVoidAndBuildsATileThatStays) {
  Position pos = at("4k3/8/8/8/8/8/8/4K3", "tttttttt/8/8/8/8/8/8/tttttttt");
  EXPECT_TRUE(has(destinationsFrom(pos, "e1"), "e2"));
  pos.make(parseMove(pos, "e1e2"));
  EXPECT_EQ(pos.tile(sq("e2")).state, TileState::Tile);
  EXPECT_EQ(pos.tile(sq("e2")).kingMade, 0);
  pos.make(parseMove(pos, "e8d8"));
  pos.make(parseMove(pos, "e2e3"));
  EXPECT_EQ(pos.tile(sq("e2")).state, TileState::Tile) << "the King's Tile stays when he leaves";
  pos.unmake();
  pos.unmake();
  pos.unmake();
  EXPECT_EQ(pos.tile(sq("e2")).state, TileState::Void) << "unmake takes the built Tile away again";
}

TEST(TiledSquaresKing, MayNotBuildWhereItWouldBeAttacked) {
  // d2 is void but the Rook on d8 would attack a Tile there: the King may not go.
  Position pos = at("3rk3/8/8/8/8/8/8/4K3", "tttttttt/8/8/8/8/8/8/tttttttt");
  const auto to = destinationsFrom(pos, "e1");
  EXPECT_FALSE(has(to, "d2"));
  EXPECT_FALSE(has(to, "d1"));
  EXPECT_TRUE(has(to, "e2"));
}

TEST(TiledSquaresKing, StepsOntoAnAntiTileMakingItATile) {
  Position pos = at("4k3/8/8/8/8/8/8/4K3", "tttttttt/8/8/8/8/8/4x3/tttttttt");
  pos.make(parseMove(pos, "e1e2"));
  EXPECT_EQ(pos.tile(sq("e2")).state, TileState::Tile);
  EXPECT_FALSE(pos.isWall(sq("e2")));
}

TEST(TiledSquaresRemoval, ByDropperUntilAnOpposingPieceStandsThere) {
  Position pos = at("4k3/8/8/8/8/8/8/R3K3", "tttttttt/8/8/8/8/8/8/tttttttt");
  pos.make(parseMove(pos, "T@a4"));
  pos.make(parseMove(pos, "T@h5"));
  EXPECT_TRUE(has(legalActionTexts(pos), "-T@a4"));   // (a) White dropped it
  EXPECT_FALSE(has(legalActionTexts(pos), "-T@h5"));  // Black's tile: White may not
}

TEST(TiledSquaresRemoval, NotByDropperAfterAnOpposingPieceStoodThere) {
  Position pos = at("r3k3/8/8/8/8/8/8/4K3", "tttttttt/8/8/8/8/8/8/tttttttt");
  pos.make(parseMove(pos, "T@a4"));
  pos.make(parseMove(pos, "a8a4"));  // Black's Rook stands on White's Tile
  pos.make(parseMove(pos, "e1d1"));
  pos.make(parseMove(pos, "a4a8"));
  EXPECT_FALSE(has(legalActionTexts(pos), "-T@a4")) << "White's right ended when the Black Rook stood there";
  pos.make(parseMove(pos, "d1e1"));
  EXPECT_TRUE(has(legalActionTexts(pos), "-T@a4")) << "(b) Black's piece stood there last";
}

TEST(TiledSquaresRemoval, LastStoodOnByOwnPiece) {
  // The start Tiles: e2 was last stood on by White's Pawn.
  Position pos = startPosition(tiled());
  pos.make(parseMove(pos, "T@e4"));
  pos.make(parseMove(pos, "T@a5"));
  pos.make(parseMove(pos, "e2e4"));
  pos.make(parseMove(pos, "T@b5"));
  EXPECT_TRUE(has(legalActionTexts(pos), "-T@e2"));
  EXPECT_FALSE(has(legalActionTexts(pos), "-T@e4")) << "occupied Tiles are never removed";
}

TEST(TiledSquaresRemoval, CreatedByOwnKing) {
  Position pos = at("4k3/8/8/8/8/8/8/4K3", "tttttttt/8/8/8/8/8/8/tttttttt");
  pos.make(parseMove(pos, "e1e2"));
  pos.make(parseMove(pos, "T@d6"));
  pos.make(parseMove(pos, "e2f2"));
  pos.make(parseMove(pos, "T@c6"));
  EXPECT_TRUE(has(legalActionTexts(pos), "-T@e2"));  // (c), and also (b)
  pos.make(parseMove(pos, "T@a3"));
  EXPECT_FALSE(has(legalActionTexts(pos), "-T@e2")) << "Black may not: neither dropped, stood last nor built it";
}

TEST(TiledSquaresRemoval, OwnershipDoesNotAffectMovement) {
  // Black's dropped Tile on a4 is a landing square for White's Rook all the same.
  Position pos = at("4k3/8/8/8/8/8/8/R3K3", "tttttttt/8/8/8/t7/8/8/tttttttt;d=/a4");
  EXPECT_TRUE(has(destinationsFrom(pos, "a1"), "a4"));
}

TEST(TiledSquaresAntiTiles, LeaveOnlyWhenAKingStepsOnThem) {
  Position pos = at("4k3/8/8/8/8/8/8/4K3", "tttttttt/8/8/8/4x3/8/8/tttttttt");
  for (const std::string& a : legalActionTexts(pos)) EXPECT_NE(a, "-T@e4");
  pos.make(parseMove(pos, "X@a3"));
  EXPECT_TRUE(pos.isWall(sq("a3")));
}

TEST(TiledSquaresCastling, AsInChessWithTheRookLandingOnATile) {
  Position pos = parsePosition(tiled(), "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 tttttttt/8/8/8/8/8/8/tttttttt");
  EXPECT_EQ(parseMove(pos, "O-O").kind, MoveKind::Castle);
  pos.make(parseMove(pos, "O-O"));
  EXPECT_EQ(positionString(pos).substr(0, 25), "4k3/8/8/8/8/8/8/R4RK1 b -");
  // With f1's Tile gone, the Rook has nowhere to land.
  Position noTile = parsePosition(tiled(), "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 tttttttt/8/8/8/8/8/8/ttttt1tt");
  EXPECT_THROW(parseMove(noTile, "O-O"), MoveTextError);
  EXPECT_EQ(parseMove(noTile, "O-O-O").kind, MoveKind::Castle);
  // An Anti-Tile between King and Rook stops the Rook passing: no castling that way.
  Position anti = parsePosition(tiled(), "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 tttttttt/8/8/8/8/8/8/ttttttxt");
  EXPECT_THROW(parseMove(anti, "O-O"), MoveTextError);
}

TEST(TiledSquaresEnPassant, OnlyWhenThePassedSquareIsATile) {
  Position tile = at("4k3/3p4/8/4P3/8/8/8/4K3", "tttttttt/tttttttt/3t4/3tt3/8/8/8/tttttttt", "b");
  tile.make(parseMove(tile, "d7d5"));
  EXPECT_EQ(parseMove(tile, "e5d6").kind, MoveKind::EnPassant);
  Position voidPassed = at("4k3/3p4/8/4P3/8/8/8/4K3", "tttttttt/tttttttt/8/3tt3/8/8/8/tttttttt", "b");
  voidPassed.make(parseMove(voidPassed, "d7d5"));
  EXPECT_THROW(parseMove(voidPassed, "e5d6"), MoveTextError);
}

// Found by an audit (2026-11-28): a Tile dropped by White and last stood on by White gives exactly
// the removal rights, now and after any later arrival, of one only dropped by White; the two
// counted as different positions, and a threefold repetition went unseen.
TEST(TiledSquaresRepetition, TileFactsThatGiveTheSameRightsAreTheSamePosition) {
  Position pos = parsePosition(tiled(), "6k1/8/8/8/8/8/8/K3R3 w - - 0 1 tttttttt/8/8/8/8/8/8/tttttttt;"
                                        "s=b1,c1,d1,f1,g1,h1/a8,b8,c8,d8,e8,f8,h8");
  for (const char* a : {"T@e4", "Kh8"}) pos.make(parseMove(pos, a));
  EXPECT_EQ(gameStatus(pos), GameStatus::Ongoing);  // e4: dropped by White
  for (int round = 0; round < 2; ++round) {
    for (const char* a : {"Re4", "Kg8", "Re1", "Kh8"}) pos.make(parseMove(pos, a));  // e4: also last stood on by White
    EXPECT_EQ(pos.repetitions(), round + 1);
  }
  EXPECT_EQ(gameStatus(pos), GameStatus::ThreefoldRepetition);
  // A Tile where there was void keeps positions apart: the men stand as at the start, with e4 built.
  Position built = parsePosition(tiled(), "6k1/8/8/8/8/8/8/K3R3 w - - 0 1 tttttttt/8/8/8/8/8/8/tttttttt;"
                                          "s=b1,c1,d1,f1,g1,h1/a8,b8,c8,d8,e8,f8,h8");
  for (const char* a : {"T@e4", "Kh8", "Rf1", "Kg8", "Rg1", "Kh8", "Re1", "Kg8"}) built.make(parseMove(built, a));
  EXPECT_EQ(built.repetitions(), 0);
  // Rights that differ keep positions apart: a Tile White's King made stays White's to remove after
  // Black stands on it, one White only dropped does not.
  TileFacts dropped{TileState::Tile, 0, -1, -1}, made{TileState::Tile, -1, 0, 0};
  EXPECT_NE(removalRights(dropped), removalRights(made));
  EXPECT_EQ(removalRights(afterArrival(dropped, 0, false)), removalRights(dropped));
  EXPECT_EQ(removalRights(afterArrival(made, 0, false)), removalRights(made));
}

TEST(TiledSquaresNotation, TileFactsRoundTripAndBadFieldsAreRefused) {
  const std::string s = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 tttttttt/8/8/x7/t2t4/8/4t3/tttttttt;d=a4/d4;s=b1/h8;k=e2/";
  const Position pos = parsePosition(tiled(), s);
  EXPECT_EQ(positionString(pos), s);
  EXPECT_EQ(pos.tile(sq("d4")).dropper, 1);
  EXPECT_EQ(pos.tile(sq("e2")).kingMade, 0);
  auto error = [](const std::string& text) { return messageOf<PositionError>([&] { parsePosition(tiled(), text); }); };
  EXPECT_NE(error("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 tttttttt/8/8/8/8/8/8/ttttttt").find("does not cover"), std::string::npos);
  EXPECT_NE(error("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 tttttttt/8/8/8/8/8/8/tttttttq").find("tiles are t"), std::string::npos);
  EXPECT_NE(error("4k3/8/8/8/R7/8/8/4K3 w - - 0 1 tttttttt/8/8/8/8/8/8/tttttttt").find("a4 stands on no tile"), std::string::npos);
  EXPECT_NE(error("4k3/8/8/8/8/8/8/4K3 w - - 0 1 tttttttt/8/8/8/8/8/8/tttttttt;d=c3/").find("c3 has no tile"), std::string::npos);
}

TEST(TiledSquaresPerft, StartPositionDepthsOneToThree) {
  // Depth 1: no piece can land (ranks 3-6 are void), so the 32 void squares x (Tile, Anti-Tile) = 64.
  // Depth 2: Black has 31 voids x 2 = 62 drops after each, 64 x 62 = 3968, plus 20 replies the new
  // Tile opens: on rank 6 a Pawn step (8) or a Knight landing (a6, c6, f6, h6: 4), on rank 5 a
  // Pawn double step over the void rank 6 (8). 3968 + 20 = 3988.
  Position pos = startPosition(tiled());
  EXPECT_EQ(perft(pos, 1), 64u);
  EXPECT_EQ(perft(pos, 2), 3988u);
  EXPECT_EQ(perft(pos, 3), 243768u);
}

}  // namespace
