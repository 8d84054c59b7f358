// Desert Dust: move counts from the start position (perft), the check of the whole move
// generator. Depth 1 is explained piece by piece below so that it adds up by hand.
#include <map>

#include "core/rules/perft.hpp"
#include "tests/rules/desert_dust_test_util.hpp"

namespace tessera::dd {
namespace {

// White's 90 first moves, by piece type (ranks 1-3 are full, rank 4 holds the Pawns and
// Scorpions, ranks 5-8 are empty, Black's Pawns and Scorpions stand on rank 9):
//   Pawns       16: a4-d4, i4-l4, each a single step and the double step (8 x 2).
//   Scorpions   16: e4-h4, each a single and a double step (8), plus the non-capturing leap one
//                   forward and two sideways: e4-c5/g5, f4-d5/h5, g4-e5/i5, h4-f5/j5 (8).
//   Astrologers 18: e2 and h2, each 9. From e2 the Camel leaps d5 and f5 (the six others land on
//                   own pieces or off the board; the orthogonal squares e3 e4 are jumped), then
//                   rides on from d5 to c6 b7 a8 and from f5 to g6 h7 i8 and j9, which takes the
//                   black Pawn: 2 + 3 + 4 = 9. The h2 Astrologer mirrors it.
//   Jackals     12: f3 and g3, each 6: from f3 the (3,3) leaps c6 i6 and the Zebra leaps c5 i5
//                   d6 h6; all backward leaps land on own pieces or off the board.
//   Sheiks      10: e3 and h3, each 5: Camel leaps d6 f6 (b4 h4 are own), every-other-square
//                   ride up the file e5 e7 and e9 (taking the black Scorpion), jumping e4 e6 e8;
//                   the diagonal steps and the other rides meet own pieces at once.
//   Sorcerers    8: d3 and i3, each 4 Zebra leaps: from d3 b6 f6 a5 g5; every one-step move
//                   meets an own piece.
//   Wizards      4: c3 and j3, each 2 Camel leaps: from c3 b6 d6 (f4 own, the rest off board);
//                   all four diagonal neighbours are own.
//   Mamluks      4: c2 and j2, each the Camel leaps b5 d5 (i5 k5); steps all blocked.
//   Camels       2: a3-b6 and l3-k6 (a3-d4 and a3-d2 land on own pieces).
//   Nothing else moves: the Spears are blocked straight ahead (b4, k4) with nothing to take; the
//   Ravens', Snakes', Satraps' and Ayatollahs' steps and leaps land on own pieces (a Satrap's
//   b2-b4 and an Ayatollah's a2-c4 included); the back rank's Camel leaps (b4, c4, d4, e4, ...
//   and d2, e2, ...) and steps all land on own pieces; no castling with pieces in between.
TEST(DesertDustPerft, DepthOneByPieceType) {
  Position pos = startPosition(desertDust());
  MoveList list;
  generateLegal(pos, list);
  std::map<std::string, int> byType;
  for (const Move& m : list) ++byType[desertDust().pieces[pieceType(pos.at(m.from))].name];
  const std::map<std::string, int> expected = {
      {"pawn", 16},   {"scorpion", 16}, {"astrologer", 18}, {"jackal", 12}, {"sheik", 10},
      {"sorcerer", 8}, {"wizard", 4},   {"mamluk", 4},      {"camel", 2}};
  EXPECT_EQ(byType, expected);
  EXPECT_EQ(list.size(), 90);
}

TEST(DesertDustPerft, DepthOneAstrologerMoves) {
  // The e2 Astrologer's nine moves of the comment above, square by square.
  Position pos = startPosition(desertDust());
  EXPECT_EQ(targetsFrom(pos, "e2"), sortedSquares({"d5", "c6", "b7", "a8", "f5", "g6", "h7", "i8", "j9"}));
  EXPECT_EQ(targetsFrom(pos, "e3"), sortedSquares({"d6", "f6", "e5", "e7", "e9"}));
}

TEST(DesertDustPerft, StartPositionDepths1To3) {
  Position pos = startPosition(desertDust());
  const std::string before = positionString(pos);
  EXPECT_EQ(perft(pos, 1), 90u);
  EXPECT_EQ(perft(pos, 2), 7970u);
  EXPECT_EQ(perft(pos, 3), 727105u);
  EXPECT_EQ(positionString(pos), before);  // perft leaves the position as it found it
}

TEST(DesertDustPerft, BlackHasTheMirroredNinety) {
  // After 1. a4-a5 Black's array is untouched and mirrors White's: 90 moves.
  Position pos = startPosition(desertDust());
  pos.make(parseMove(pos, "a4a5"));
  EXPECT_EQ(perft(pos, 1), 90u);
}

}  // namespace
}  // namespace tessera::dd
