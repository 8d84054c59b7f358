// Desert Dust: every piece type on an open board, with the exact squares it reaches.
// The expected squares are derived from the seed's piece descriptions and the project's
// decisions (docs/rules/desert-dust.md), never from the code under test: each test's comment says
// why the squares are there, and the lists were cross-checked against a separate model of the
// prose written for this purpose.
// Unless a test places one, White's Melek stands on d12 and Black's on j2, out of the way.
#include "tests/rules/desert_dust_test_util.hpp"

namespace tessera::dd {
namespace {

using Squares = std::vector<std::string>;

TEST(DesertDustPieces, MelekCentre) {
  // The Melek moves exactly like the King: the eight adjacent squares.
  EXPECT_EQ(targetsOf({{"f5", 'K'}}, "f5"),
            sortedSquares({"e4", "e5", "e6", "f4", "f6", "g4", "g5", "g6"}));
}

TEST(DesertDustPieces, MelekCorner) {
  // From the corner only three squares are on the board.
  EXPECT_EQ(targetsOf({{"a1", 'K'}}, "a1"),
            sortedSquares({"a2", "b1", "b2"}));
}

TEST(DesertDustPieces, MelekEdge) {
  // On the edge five.
  EXPECT_EQ(targetsOf({{"a5", 'K'}}, "a5"),
            sortedSquares({"a4", "a6", "b4", "b5", "b6"}));
}

TEST(DesertDustPieces, MelekBlockedAndCapture) {
  // Own Pawn on f6 is not a target; the undefended black Camel on e6 is captured.
  EXPECT_EQ(targetsOf({{"f5", 'K'}, {"f6", 'P'}, {"e6", 'c'}}, "f5"),
            sortedSquares({"e4", "e5", "e6", "f4", "g4", "g5", "g6"}));
}

TEST(DesertDustPieces, SultanaCentre) {
  // Queen lines from f5 (rank 5, file f, both diagonals) plus the eight Camel leaps g8 e8 i6 i4 g2
  // e2 c6 c4.
  EXPECT_EQ(targetsOf({{"f5", 'Q'}}, "f5"),
            sortedSquares({"a10", "a5", "b1", "b5", "b9", "c2", "c4", "c5", "c6", "c8", "d3", "d5", "d7", "e2", "e4", "e5", "e6", "e8", "f1", "f10", "f11", "f12", "f2", "f3", "f4", "f6", "f7", "f8", "f9", "g2", "g4", "g5", "g6", "g8", "h3", "h5", "h7", "i2", "i4", "i5", "i6", "i8", "j1", "j5", "j9", "k10", "k5", "l11", "l5"}));
}

TEST(DesertDustPieces, SultanaCorner) {
  // From a1: rank 1 and file a to the edge, the long diagonal to l12, Camel leaps b4 and d2.
  EXPECT_EQ(targetsOf({{"a1", 'Q'}}, "a1"),
            sortedSquares({"a10", "a11", "a12", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "b1", "b2", "b4", "c1", "c3", "d1", "d2", "d4", "e1", "e5", "f1", "f6", "g1", "g7", "h1", "h8", "i1", "i9", "j1", "j10", "k1", "k11", "l1", "l12"}));
}

TEST(DesertDustPieces, SultanaBlockedAndCapture) {
  // Own Pawns on f7 and h7 stop the file and the up-right diagonal before them (f6 and g6 remain);
  // the black Jackal on d5 is captured and stops the rank; own Pawn e6 closes the up-left diagonal;
  // the Camel leaps e8 and c6 still jump.
  EXPECT_EQ(targetsOf({{"f5", 'Q'}, {"f7", 'P'}, {"h7", 'P'}, {"d5", 'j'}, {"e6", 'P'}}, "f5"),
            sortedSquares({"b1", "c2", "c4", "c6", "d3", "d5", "e2", "e4", "e5", "e8", "f1", "f2", "f3", "f4", "f6", "g2", "g4", "g5", "g6", "g8", "h3", "h5", "i2", "i4", "i5", "i6", "j1", "j5", "k5", "l5"}));
}

TEST(DesertDustPieces, EmirCentre) {
  // Rook lines from f5, the four diagonal neighbours (the orthogonal ones are on the Rook lines),
  // and the Camel leaps.
  EXPECT_EQ(targetsOf({{"f5", 'E'}}, "f5"),
            sortedSquares({"a5", "b5", "c4", "c5", "c6", "d5", "e2", "e4", "e5", "e6", "e8", "f1", "f10", "f11", "f12", "f2", "f3", "f4", "f6", "f7", "f8", "f9", "g2", "g4", "g5", "g6", "g8", "h5", "i4", "i5", "i6", "j5", "k5", "l5"}));
}

TEST(DesertDustPieces, EmirEdge) {
  // On the right edge (l6): Rook lines along file l and rank 6, neighbours k5 k6 k7 l5 l7, Camel
  // leaps k9 k3 i7 i5.
  EXPECT_EQ(targetsOf({{"l6", 'E'}}, "l6"),
            sortedSquares({"a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6", "i5", "i6", "i7", "j6", "k3", "k5", "k6", "k7", "k9", "l1", "l10", "l11", "l12", "l2", "l3", "l4", "l5", "l7", "l8", "l9"}));
}

TEST(DesertDustPieces, EmirSurrounded) {
  // Own Pawns on all eight neighbours: no slide and no step, only the eight Camel leaps, which jump.
  EXPECT_EQ(targetsOf({{"f5", 'E'}, {"e4", 'P'}, {"f4", 'P'}, {"g4", 'P'}, {"e5", 'P'}, {"g5", 'P'}, {"e6", 'P'}, {"f6", 'P'}, {"g6", 'P'}}, "f5"),
            sortedSquares({"c4", "c6", "e2", "e8", "g2", "g8", "i4", "i6"}));
}

TEST(DesertDustPieces, CaliphCentre) {
  // Bishop diagonals from f5 plus the eight Camel leaps.
  EXPECT_EQ(targetsOf({{"f5", 'B'}}, "f5"),
            sortedSquares({"a10", "b1", "b9", "c2", "c4", "c6", "c8", "d3", "d7", "e2", "e4", "e6", "e8", "g2", "g4", "g6", "g8", "h3", "h7", "i2", "i4", "i6", "i8", "j1", "j9", "k10", "l11"}));
}

TEST(DesertDustPieces, CaliphCorner) {
  // From a1: the long diagonal b2..l12 and Camel leaps b4 d2.
  EXPECT_EQ(targetsOf({{"a1", 'B'}}, "a1"),
            sortedSquares({"b2", "b4", "c3", "d2", "d4", "e5", "f6", "g7", "h8", "i9", "j10", "k11", "l12"}));
}

TEST(DesertDustPieces, CaliphBlockedAndCapture) {
  // Own Pawn h7 stops the up-right diagonal at g6; the black Camel d3 is captured and stops the
  // down-left one; own Pawn e6 blocks e6 itself.
  EXPECT_EQ(targetsOf({{"f5", 'B'}, {"h7", 'P'}, {"d3", 'c'}, {"e6", 'P'}}, "f5"),
            sortedSquares({"c4", "c6", "d3", "e2", "e4", "e8", "g2", "g4", "g6", "g8", "h3", "i2", "i4", "i6", "j1"}));
}

TEST(DesertDustPieces, HakimCentre) {
  // Rook lines from f5 plus the eight Camel leaps.
  EXPECT_EQ(targetsOf({{"f5", 'H'}}, "f5"),
            sortedSquares({"a5", "b5", "c4", "c5", "c6", "d5", "e2", "e5", "e8", "f1", "f10", "f11", "f12", "f2", "f3", "f4", "f6", "f7", "f8", "f9", "g2", "g5", "g8", "h5", "i4", "i5", "i6", "j5", "k5", "l5"}));
}

TEST(DesertDustPieces, HakimBlockedAndCapture) {
  // Own Pawn f8 stops the file at f7; the black Camel c5 is captured and stops the rank; own Pawn g5
  // blocks the right side entirely; the Camel leaps are unaffected.
  EXPECT_EQ(targetsOf({{"f5", 'H'}, {"f8", 'P'}, {"c5", 'c'}, {"g5", 'P'}}, "f5"),
            sortedSquares({"c4", "c5", "c6", "d5", "e2", "e5", "e8", "f1", "f2", "f3", "f4", "f6", "f7", "g2", "g8", "i4", "i6"}));
}

TEST(DesertDustPieces, SultanCentre) {
  // Four diagonal neighbours, eight Knight leaps, eight Camel leaps: 20 squares, no slides.
  EXPECT_EQ(targetsOf({{"f5", 'U'}}, "f5"),
            sortedSquares({"c4", "c6", "d4", "d6", "e2", "e3", "e4", "e6", "e7", "e8", "g2", "g3", "g4", "g6", "g7", "g8", "h4", "h6", "i4", "i6"}));
}

TEST(DesertDustPieces, SultanCorner) {
  // From a1: b2, Knight leaps b3 c2, Camel leaps b4 d2.
  EXPECT_EQ(targetsOf({{"a1", 'U'}}, "a1"),
            sortedSquares({"b2", "b3", "b4", "c2", "d2"}));
}

TEST(DesertDustPieces, SultanLeapsOverAndCaptures) {
  // Surrounded by own Pawns on the eight neighbours it still leaps; the diagonal neighbours are own
  // (no target); black Camel on h6 (a Knight square) is captured; own Pawn on i6 (a Camel square) is
  // not a target.
  EXPECT_EQ(targetsOf({{"f5", 'U'}, {"e4", 'P'}, {"f4", 'P'}, {"g4", 'P'}, {"e5", 'P'}, {"g5", 'P'}, {"e6", 'P'}, {"f6", 'P'}, {"g6", 'P'}, {"h6", 'c'}, {"i6", 'P'}}, "f5"),
            sortedSquares({"c4", "c6", "d4", "d6", "e2", "e3", "e7", "e8", "g2", "g3", "g7", "g8", "h4", "h6", "i4"}));
}

TEST(DesertDustPieces, GrandVizierCentre) {
  // Eight neighbours, four two-square diagonal leaps (h7 d7 h3 d3), eight Camel leaps.
  EXPECT_EQ(targetsOf({{"f5", 'V'}}, "f5"),
            sortedSquares({"c4", "c6", "d3", "d7", "e2", "e4", "e5", "e6", "e8", "f4", "f6", "g2", "g4", "g5", "g6", "g8", "h3", "h7", "i4", "i6"}));
}

TEST(DesertDustPieces, GrandVizierCorner) {
  // From a1: a2 b1 b2, the two-square diagonal leap c3, Camel leaps b4 d2.
  EXPECT_EQ(targetsOf({{"a1", 'V'}}, "a1"),
            sortedSquares({"a2", "b1", "b2", "b4", "c3", "d2"}));
}

TEST(DesertDustPieces, GrandVizierLeapsOverNeighbours) {
  // Own Pawns on all eight neighbours: the two-square diagonal moves are leaps ("leaps ... two
  // spaces diagonally") so h7 d7 h3 d3 remain, and the Camel leaps.
  EXPECT_EQ(targetsOf({{"f5", 'V'}, {"e4", 'P'}, {"f4", 'P'}, {"g4", 'P'}, {"e5", 'P'}, {"g5", 'P'}, {"e6", 'P'}, {"f6", 'P'}, {"g6", 'P'}}, "f5"),
            sortedSquares({"c4", "c6", "d3", "d7", "e2", "e8", "g2", "g8", "h3", "h7", "i4", "i6"}));
}

TEST(DesertDustPieces, SnakeCentre) {
  // One step forward (f6) or back (f4), then on diagonally outward like a Bishop: from f6 to e7 d8
  // c9 b10 a11 and g7 h8 i9 j10 k11 l12; from f4 to e3 d2 c1 and g3 h2 i1.
  EXPECT_EQ(targetsOf({{"f5", 'N'}}, "f5"),
            sortedSquares({"a11", "b10", "c1", "c9", "d2", "d8", "e3", "e7", "f4", "f6", "g3", "g7", "h2", "h8", "i1", "i9", "j10", "k11", "l12"}));
}

TEST(DesertDustPieces, SnakeBlackCentre) {
  // Black Snake on f8: forward and back are symmetric: f7 f9 and the four outward diagonals from
  // them.
  EXPECT_EQ(targetsOf({{"f8", 'n'}}, "f8", 'b'),
            sortedSquares({"a2", "b3", "c12", "c4", "d11", "d5", "e10", "e6", "f7", "f9", "g10", "g6", "h11", "h5", "i12", "i4", "j3", "k2", "l1"}));
}

TEST(DesertDustPieces, SnakeFirstStepBlockedByOwn) {
  // Own Pawn on f6: no f6 and no continuation through it; the backward part is unchanged.
  EXPECT_EQ(targetsOf({{"f5", 'N'}, {"f6", 'P'}}, "f5"),
            sortedSquares({"c1", "d2", "e3", "f4", "g3", "h2", "i1"}));
}

TEST(DesertDustPieces, SnakeFirstStepOntoEnemy) {
  // Black Camel on f6 is captured by the step, but the Snake cannot continue through an occupied
  // square; black Camel on g3 is captured on the backward diagonal, which then stops.
  EXPECT_EQ(targetsOf({{"f5", 'N'}, {"f6", 'c'}, {"g3", 'c'}}, "f5"),
            sortedSquares({"c1", "d2", "e3", "f4", "f6", "g3"}));
}

TEST(DesertDustPieces, SnakeEdge) {
  // On a5 only the inward diagonals exist: a6 then b7..g12, a4 then b3 c2 d1.
  EXPECT_EQ(targetsOf({{"a5", 'N'}}, "a5"),
            sortedSquares({"a4", "a6", "b3", "b7", "c2", "c8", "d1", "d9", "e10", "f11", "g12"}));
}

TEST(DesertDustPieces, AstrologerCentre) {
  // Eight Camel leaps, each followed by a Bishop ride outward in the direction of the Camel move
  // diagonal leg: e.g. g8 then h9 i10 j11 k12; i6 then j7 k8 l9.
  EXPECT_EQ(targetsOf({{"f5", 'A'}}, "f5"),
            sortedSquares({"a12", "a2", "a8", "b11", "b3", "b7", "c10", "c4", "c6", "d1", "d9", "e2", "e8", "g2", "g8", "h1", "h9", "i10", "i4", "i6", "j11", "j3", "j7", "k12", "k2", "k8", "l1", "l9"}));
}

TEST(DesertDustPieces, AstrologerCamelSquareOccupiedByOwn) {
  // Own Pawn on the Camel square g8: neither g8 nor the ride behind it (h9..k12); other leaps
  // unaffected.
  EXPECT_EQ(targetsOf({{"f5", 'A'}, {"g8", 'P'}}, "f5"),
            sortedSquares({"a12", "a2", "a8", "b11", "b3", "b7", "c10", "c4", "c6", "d1", "d9", "e2", "e8", "g2", "h1", "i4", "i6", "j3", "j7", "k2", "k8", "l1", "l9"}));
}

TEST(DesertDustPieces, AstrologerCamelSquareOccupiedByEnemy) {
  // Black Camel on g8 is captured by the leap; the ride needs the Camel square empty, so h9..k12 are
  // not targets.
  EXPECT_EQ(targetsOf({{"f5", 'A'}, {"g8", 'c'}}, "f5"),
            sortedSquares({"a12", "a2", "a8", "b11", "b3", "b7", "c10", "c4", "c6", "d1", "d9", "e2", "e8", "g2", "g8", "h1", "i4", "i6", "j3", "j7", "k2", "k8", "l1", "l9"}));
}

TEST(DesertDustPieces, AstrologerJumpsTheOrthogonalSquares) {
  // Own Pawns on f6 f7 (the squares the g8 Camel move passes) and on g5 h5: the Camel leap jumps
  // them, so g8..k12 and i6..l9 are still reached.
  EXPECT_EQ(targetsOf({{"f5", 'A'}, {"f6", 'P'}, {"f7", 'P'}, {"g5", 'P'}, {"h5", 'P'}}, "f5"),
            sortedSquares({"a12", "a2", "a8", "b11", "b3", "b7", "c10", "c4", "c6", "d1", "d9", "e2", "e8", "g2", "g8", "h1", "h9", "i10", "i4", "i6", "j11", "j3", "j7", "k12", "k2", "k8", "l1", "l9"}));
}

TEST(DesertDustPieces, AstrologerRideBlocked) {
  // The ride from g8 stops at the black Camel on i10, which is captured (no j11 k12); the own Pawn
  // on j3 ends the ride from i4 (no j3 k2 l1).
  EXPECT_EQ(targetsOf({{"f5", 'A'}, {"i10", 'c'}, {"j3", 'P'}}, "f5"),
            sortedSquares({"a12", "a2", "a8", "b11", "b3", "b7", "c10", "c4", "c6", "d1", "d9", "e2", "e8", "g2", "g8", "h1", "h9", "i10", "i4", "i6", "j7", "k8", "l9"}));
}

TEST(DesertDustPieces, RavenCentre) {
  // Rook lines from f5 plus the eight Nightrider rays, each as far as the board allows.
  EXPECT_EQ(targetsOf({{"f5", 'R'}}, "f5"),
            sortedSquares({"a5", "b3", "b5", "b7", "c11", "c5", "d1", "d4", "d5", "d6", "d9", "e3", "e5", "e7", "f1", "f10", "f11", "f12", "f2", "f3", "f4", "f6", "f7", "f8", "f9", "g3", "g5", "g7", "h1", "h4", "h5", "h6", "h9", "i11", "i5", "j3", "j5", "j7", "k5", "l2", "l5", "l8"}));
}

TEST(DesertDustPieces, RavenNightriderBlocked) {
  // Own Pawn on g7 stops the (1,2) ray before it (no g7, h9, i11); the black Camel on h6 is captured
  // and stops the (2,1) ray (no j7, l8).
  EXPECT_EQ(targetsOf({{"f5", 'R'}, {"g7", 'P'}, {"h6", 'c'}}, "f5"),
            sortedSquares({"a5", "b3", "b5", "b7", "c11", "c5", "d1", "d4", "d5", "d6", "d9", "e3", "e5", "e7", "f1", "f10", "f11", "f12", "f2", "f3", "f4", "f6", "f7", "f8", "f9", "g3", "g5", "h1", "h4", "h5", "h6", "i5", "j3", "j5", "k5", "l2", "l5"}));
}

TEST(DesertDustPieces, MamlukCentre) {
  // Four orthogonal neighbours and eight Camel leaps.
  EXPECT_EQ(targetsOf({{"f5", 'O'}}, "f5"),
            sortedSquares({"c4", "c6", "e2", "e5", "e8", "f4", "f6", "g2", "g5", "g8", "i4", "i6"}));
}

TEST(DesertDustPieces, MamlukCorner) {
  // From a1: a2 b1 and Camel leaps b4 d2.
  EXPECT_EQ(targetsOf({{"a1", 'O'}}, "a1"),
            sortedSquares({"a2", "b1", "b4", "d2"}));
}

TEST(DesertDustPieces, SatrapCentreMovesOnly) {
  // Empty board: one or two squares orthogonally (non-capturing); the diagonal moves only capture,
  // so none.
  EXPECT_EQ(targetsOf({{"f5", 'T'}}, "f5"),
            sortedSquares({"d5", "e5", "f3", "f4", "f6", "f7", "g5", "h5"}));
}

TEST(DesertDustPieces, SatrapCapturesOnlyDiagonally) {
  // Black Camels on g6 (one diagonal), h7 and d3 (two diagonal) are captured; black Camels on f6 and
  // h5 (orthogonal) cannot be captured, and f7 is still reached over f6 (a leap).
  EXPECT_EQ(targetsOf({{"f5", 'T'}, {"g6", 'c'}, {"h7", 'c'}, {"d3", 'c'}, {"f6", 'c'}, {"h5", 'c'}}, "f5"),
            sortedSquares({"d3", "d5", "e5", "f3", "f4", "f7", "g5", "g6", "h7"}));
}

TEST(DesertDustPieces, SatrapLeapsOverOwnPiece) {
  // Own Pawns on f6 and e5: the two-square orthogonal moves f7 and d5 leap over them (the prose says
  // leaps).
  EXPECT_EQ(targetsOf({{"f5", 'T'}, {"f6", 'P'}, {"e5", 'P'}}, "f5"),
            sortedSquares({"d5", "f3", "f4", "f7", "g5", "h5"}));
}

TEST(DesertDustPieces, AyatollahCentreMovesOnly) {
  // Empty board: one or two squares diagonally (non-capturing); orthogonal moves only capture, so
  // none.
  EXPECT_EQ(targetsOf({{"f5", 'Y'}}, "f5"),
            sortedSquares({"d3", "d7", "e4", "e6", "g4", "g6", "h3", "h7"}));
}

TEST(DesertDustPieces, AyatollahCapturesOnlyOrthogonally) {
  // Black Camels on f6 (one orthogonal), d5 and f3 (two orthogonal) are captured; black Camels on g6
  // and h3 (diagonal) cannot be captured, and h7 is still reached over g6 (a leap).
  EXPECT_EQ(targetsOf({{"f5", 'Y'}, {"f6", 'c'}, {"d5", 'c'}, {"f3", 'c'}, {"g6", 'c'}, {"h3", 'c'}}, "f5"),
            sortedSquares({"d3", "d5", "d7", "e4", "e6", "f3", "f6", "g4", "h7"}));
}

TEST(DesertDustPieces, AyatollahLeapsOverOwnPiece) {
  // Own Pawns on e6 and g4: the two-square diagonal moves d7 and h3 leap over them.
  EXPECT_EQ(targetsOf({{"f5", 'Y'}, {"e6", 'P'}, {"g4", 'P'}}, "f5"),
            sortedSquares({"d3", "d7", "e4", "g6", "h3", "h7"}));
}

TEST(DesertDustPieces, JackalCentre) {
  // Four three-square diagonal leaps (i8 c8 i2 c2) and eight Zebra leaps.
  EXPECT_EQ(targetsOf({{"f5", 'J'}}, "f5"),
            sortedSquares({"c2", "c3", "c7", "c8", "d2", "d8", "h2", "h8", "i2", "i3", "i7", "i8"}));
}

TEST(DesertDustPieces, JackalCorner) {
  // From a1: d4 and the Zebra leaps d3 c4.
  EXPECT_EQ(targetsOf({{"a1", 'J'}}, "a1"),
            sortedSquares({"c4", "d3", "d4"}));
}

TEST(DesertDustPieces, JackalLeapsOver) {
  // Surrounded by own Pawns it still leaps to all twelve squares.
  EXPECT_EQ(targetsOf({{"f5", 'J'}, {"e4", 'P'}, {"f4", 'P'}, {"g4", 'P'}, {"e5", 'P'}, {"g5", 'P'}, {"e6", 'P'}, {"f6", 'P'}, {"g6", 'P'}}, "f5"),
            sortedSquares({"c2", "c3", "c7", "c8", "d2", "d8", "h2", "h8", "i2", "i3", "i7", "i8"}));
}

TEST(DesertDustPieces, SheikCentre) {
  // Four diagonal neighbours, eight Camel leaps, and every other orthogonal square (Dabbabarider):
  // f7 f9 f11, f3 f1, h5 j5 l5, d5 b5.
  EXPECT_EQ(targetsOf({{"f5", 'F'}}, "f5"),
            sortedSquares({"b5", "c4", "c6", "d5", "e2", "e4", "e6", "e8", "f1", "f11", "f3", "f7", "f9", "g2", "g4", "g6", "g8", "h5", "i4", "i6", "j5", "l5"}));
}

TEST(DesertDustPieces, SheikDabbabariderBlocked) {
  // Own Pawn on f6 is jumped (f7 f9 f11 remain); own Pawn on j5 stops the ride after h5; black Camel
  // on d5 is captured and stops the ride (no b5).
  EXPECT_EQ(targetsOf({{"f5", 'F'}, {"f6", 'P'}, {"j5", 'P'}, {"d5", 'c'}}, "f5"),
            sortedSquares({"c4", "c6", "d5", "e2", "e4", "e6", "e8", "f1", "f11", "f3", "f7", "f9", "g2", "g4", "g6", "g8", "h5", "i4", "i6"}));
}

TEST(DesertDustPieces, SorcererCentre) {
  // Four orthogonal neighbours and eight Zebra leaps.
  EXPECT_EQ(targetsOf({{"f5", 'M'}}, "f5"),
            sortedSquares({"c3", "c7", "d2", "d8", "e5", "f4", "f6", "g5", "h2", "h8", "i3", "i7"}));
}

TEST(DesertDustPieces, SorcererCorner) {
  // From a1: a2 b1 and the Zebra leaps d3 (3,2) and c4 (2,3).
  EXPECT_EQ(targetsOf({{"a1", 'M'}}, "a1"),
            sortedSquares({"a2", "b1", "c4", "d3"}));
}

TEST(DesertDustPieces, WizardCentre) {
  // Four diagonal neighbours and eight Camel leaps.
  EXPECT_EQ(targetsOf({{"f5", 'W'}}, "f5"),
            sortedSquares({"c4", "c6", "e2", "e4", "e6", "e8", "g2", "g4", "g6", "g8", "i4", "i6"}));
}

TEST(DesertDustPieces, WizardCorner) {
  // From a1: b2 and Camel leaps b4 d2.
  EXPECT_EQ(targetsOf({{"a1", 'W'}}, "a1"),
            sortedSquares({"b2", "b4", "d2"}));
}

TEST(DesertDustPieces, SpearEmptyBoardMovesOnlyForward) {
  // Straight forward like a Rook (f6..f12, f12 being a promotion); the forward diagonals only
  // capture, so none; nothing sideways or back.
  EXPECT_EQ(targetsOf({{"f5", 'L'}}, "f5"),
            sortedSquares({"f10", "f11", "f12", "f6", "f7", "f8", "f9"}));
}

TEST(DesertDustPieces, SpearCapturesOnlyDiagonallyForward) {
  // Black Camels on h7 and c8 are captured along the forward diagonals; the black Camel on f8 stops
  // the forward move at f7 and cannot be captured; black Camels behind (f3, d3) and beside (h5)
  // cannot be captured.
  EXPECT_EQ(targetsOf({{"f5", 'L'}, {"h7", 'c'}, {"c8", 'c'}, {"f8", 'c'}, {"f3", 'c'}, {"d3", 'c'}, {"h5", 'c'}}, "f5"),
            sortedSquares({"c8", "f6", "f7", "h7"}));
}

TEST(DesertDustPieces, SpearBlackMovesDown) {
  // Black Spear on f8 moves toward rank 1 (f7..f1); White Camels on d6 and h6 are captured
  // diagonally forward for Black.
  EXPECT_EQ(targetsOf({{"f8", 'l'}, {"d6", 'C'}, {"h6", 'C'}}, "f8", 'b'),
            sortedSquares({"d6", "f1", "f2", "f3", "f4", "f5", "f6", "f7", "h6"}));
}

TEST(DesertDustPieces, CamelCentre) {
  // The Camel leaps one by three: eight squares.
  EXPECT_EQ(targetsOf({{"f5", 'C'}}, "f5"),
            sortedSquares({"c4", "c6", "e2", "e8", "g2", "g8", "i4", "i6"}));
}

TEST(DesertDustPieces, CamelCorner) {
  // From a1: b4 and d2.
  EXPECT_EQ(targetsOf({{"a1", 'C'}}, "a1"),
            sortedSquares({"b4", "d2"}));
}

TEST(DesertDustPieces, CamelLeapsOverAndCaptures) {
  // Surrounded by own Pawns it still leaps; own Pawn on g8 is not a target, black Camel on e8 is
  // captured.
  EXPECT_EQ(targetsOf({{"f5", 'C'}, {"e4", 'P'}, {"f4", 'P'}, {"g4", 'P'}, {"e5", 'P'}, {"g5", 'P'}, {"e6", 'P'}, {"f6", 'P'}, {"g6", 'P'}, {"g8", 'P'}, {"e8", 'c'}}, "f5"),
            sortedSquares({"c4", "c6", "e2", "e8", "g2", "i4", "i6"}));
}

TEST(DesertDustPieces, PawnUnmovedDoubleStep) {
  // White Pawn on its start square c4: one step c5 or two steps c6; no capture target.
  EXPECT_EQ(targetsOf({{"c4", 'P'}}, "c4"),
            sortedSquares({"c5", "c6"}));
}

TEST(DesertDustPieces, PawnDoubleStepBlocked) {
  // A black Camel on c6 stops the double step (c5 remains); a piece on c5 itself stops both, see
  // PawnBlockedInFront (the double step does not jump).
  EXPECT_EQ(targetsOf({{"c4", 'P'}, {"c6", 'c'}}, "c4"),
            sortedSquares({"c5"}));
}

TEST(DesertDustPieces, PawnBlockedInFront) {
  // Black Camel on c5 straight ahead: the Pawn cannot capture forward and cannot pass it; black
  // Camels on b5 and d5 are captured.
  EXPECT_EQ(targetsOf({{"c4", 'P'}, {"c5", 'c'}, {"b5", 'c'}, {"d5", 'c'}}, "c4"),
            sortedSquares({"b5", "d5"}));
}

TEST(DesertDustPieces, PawnMovedSingleStep) {
  // A Pawn off its start square (c5) steps one only.
  EXPECT_EQ(targetsOf({{"c5", 'P'}}, "c5"),
            sortedSquares({"c6"}));
}

TEST(DesertDustPieces, PawnBlackMovesDown) {
  // Black Pawn on its start square c9: c8 and c7.
  EXPECT_EQ(targetsOf({{"c9", 'p'}}, "c9", 'b'),
            sortedSquares({"c7", "c8"}));
}

TEST(DesertDustPieces, ScorpionUnmoved) {
  // White Scorpion on its start square f4: f5, f6 (double step) and the non-capturing leaps one
  // forward two sideways, d5 and h5.
  EXPECT_EQ(targetsOf({{"f4", 'S'}}, "f4"),
            sortedSquares({"d5", "f5", "f6", "h5"}));
}

TEST(DesertDustPieces, ScorpionSidewaysLeapIsMoveOnly) {
  // Black Camels on d5 and h5 (the sideways-leap squares) cannot be captured; black Camels on e5 and
  // g5 are captured diagonally; the leap jumps over e5/g5.
  EXPECT_EQ(targetsOf({{"f4", 'S'}, {"d5", 'c'}, {"h5", 'c'}, {"e5", 'c'}, {"g5", 'c'}}, "f4"),
            sortedSquares({"e5", "f5", "f6", "g5"}));
}

TEST(DesertDustPieces, ScorpionBlockedAhead) {
  // Own Pawn on f5: no forward step and no double step, but the leaps d5 and h5 remain.
  EXPECT_EQ(targetsOf({{"f4", 'S'}, {"f5", 'P'}}, "f4"),
            sortedSquares({"d5", "h5"}));
}

TEST(DesertDustPieces, ScorpionMovedAtEdge) {
  // A moved Scorpion on b6: b7 and the leap to d7 (a7 side would be off the board).
  EXPECT_EQ(targetsOf({{"b6", 'S'}}, "b6"),
            sortedSquares({"b7", "d7"}));
}

TEST(DesertDustPieces, ScorpionBlack) {
  // Black Scorpion on its start square f9: f8 f7 and the leaps d8 h8.
  EXPECT_EQ(targetsOf({{"f9", 's'}}, "f9", 'b'),
            sortedSquares({"d8", "f7", "f8", "h8"}));
}

}  // namespace
}  // namespace tessera::dd
