// Variants are data: a new fairy variant on an ordinary board needs only text.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "core/rules/attacks.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/perft.hpp"
#include "core/rules/position_text.hpp"
#include "core/rules/variant.hpp"
#include "tests/rules/legal_actions.hpp"

using namespace tessera;
using namespace tessera::rules_test;

namespace {

TEST(VariantText, NewFairyVariantFromTextOnly) {
  // Capablanca-like pieces on a 10x8 board: Archbishop (BN) and Chancellor (RN).
  const auto variants = parseVariantText(R"(
[mini-capa]
board = 10x8
piece = king K KisO3 royal
piece = archbishop A BN
piece = chancellor C RN
piece = rook R R
piece = pawn P ifmnDfmWfceF
start = rack3car/pppppppppp/10/10/10/10/PPPPPPPPPP/RACK3CAR w KQkq - 0 1
promotion-pieces = P
promotion-choices = A C R
castling = yes
)", "test");
  ASSERT_EQ(variants.size(), 1u);
  const Variant& v = variants[0];
  Position pos = startPosition(v);
  // 10 Pawns x 2 steps = 20; Archbishop b1 leaps to a3, c3 and i1 to h3, j3 = 4; Chancellor c1 leaps
  // to b3, d3 and h1 to g3, i3 and slides to g1, f1, e1 = 7; the King d1 steps to e1 = 1; castling
  // is blocked by the pieces between King and Rook. 20 + 4 + 7 + 1 = 32.
  EXPECT_EQ(perft(pos, 1), 32u);
  EXPECT_EQ(positionString(pos), "rack3car/pppppppppp/10/10/10/10/PPPPPPPPPP/RACK3CAR w KQkq - 0 1");
}

TEST(VariantText, ErrorsNameTheLine) {
  auto message = [](const char* text) {
    try {
      parseVariantText(text, "my.variants");
    } catch (const VariantError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(message("[x]\nboard = 8x8\npiece = king K KQz royal\n").find("my.variants, line 3"), std::string::npos);
  EXPECT_NE(message("[x]\nboard = 8x8\npiece = king K KQz royal\n").find("position 3"), std::string::npos);
  EXPECT_NE(message("[x]\nboard = 20x8\n").find("line 2"), std::string::npos);
  EXPECT_NE(message("[x]\ncolour = red\n").find("unknown key 'colour'"), std::string::npos);
  EXPECT_NE(message("board = 8x8\n").find("before the first"), std::string::npos);
  EXPECT_NE(message("[x]\nboard = 8x8\npiece = rook R R\nstart = 8/8/8/8/8/8/8/R7 w - - 0 1\n").find("no royal piece"), std::string::npos);
  // A start position that does not read is refused with the variant, not later when a game starts.
  EXPECT_EQ(message("[x]\nboard = 8x8\npiece = king K K royal\npiece = rook R R\nstart = 8/8/8/8/8/8/8/RK6 w - - 0 1\n"),
            "my.variants, line 1: variant 'x', start: position string, character 1: Black must have exactly one king, found 0");
  EXPECT_EQ(message("[x]\nboard = 8x8\npiece = king K K royal\nstart = 4k3/8/8/8/8/8/8/4KZ2 w - - 0 1\n"),
            "my.variants, line 1: variant 'x', start: position string, character 19: 'Z' is no piece of x");
  // Castling asks for a King that says how far it castles (O2 in chess's KisO2).
  EXPECT_EQ(message("[x]\nboard = 8x8\npiece = king K K royal\npiece = rook R R\n"
                    "start = r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\ncastling = yes\n"),
            "my.variants, line 1: variant 'x': castling is on but the royal piece has no O in its moves");
}

// Each value is checked against its range and form, at both ends of the range.
TEST(VariantText, ValuesOutsideTheirRangeOrFormAreRefused) {
  auto message = [](const std::string& line) {
    try {
      parseVariantText("[x]\n" + line + "\npiece = king K K royal\npiece = knight N N\n"
                       "start = 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n", "my.variants");
    } catch (const VariantError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  const auto board = [&](const std::string& size) { return message("board = " + size + "\nboard = 8x8"); };
  EXPECT_EQ(board("16x16"), "accepted");
  EXPECT_EQ(board("1x1"), "accepted");
  for (const char* size : {"17x8", "8x17", "0x8", "8x0", "8y8", "8x8x", "8x8 8"})
    EXPECT_EQ(board(size), std::string("my.variants, line 2: board must be FILESxRANKS with both between 1 and 16, got '") +
                               size + "'");
  EXPECT_EQ(message("board = 8x8\ncastling = maybe"), "my.variants, line 3: expected yes or no, got 'maybe'");
  EXPECT_EQ(message("board = 8x8\ncastling = no"), "accepted");
  EXPECT_EQ(message("board = 8x8\nfifty-move-limit = 999"), "accepted");
  EXPECT_EQ(message("board = 8x8\nfifty-move-limit = 1000"),
            "my.variants, line 3: fifty-move-limit must be a whole number from 1 to 999, got '1000'");
  EXPECT_EQ(message("board = 8x8\nfifty-move-limit = 0"),
            "my.variants, line 3: fifty-move-limit must be a whole number from 1 to 999, got '0'");
  EXPECT_EQ(message("board = 8x8\npiece = rook R"), "my.variants, line 3: piece needs: name LETTER betza [royal]");
  EXPECT_EQ(message("board = 8x8\npiece = rook R R royal more"), "my.variants, line 3: piece needs: name LETTER betza [royal]");
  EXPECT_EQ(message("board = 8x8\npiece = rook r R"), "my.variants, line 3: piece letter must be one upper-case letter, got 'r'");
  EXPECT_EQ(message("board = 8x8\npiece = rook RR R"), "my.variants, line 3: piece letter must be one upper-case letter, got 'RR'");
  EXPECT_EQ(message("board = 8x8\npiece = rook N R"), "my.variants, line 5: letter N used twice");
  EXPECT_EQ(message("board = 8x8\ncolour-types = r-N"), "my.variants, line 3: colour-types entries are COLOUR:PIECE, got 'r-N'");
  EXPECT_EQ(message("board = 8x8\npaper-colours = Y-N"),
            "my.variants, line 3: paper-colours entries are COLOUR:PIECE or COLOUR:-, got 'Y-N'");
  EXPECT_EQ(message("board = 8x8\nqueen-from-colour = G-N"), "my.variants, line 3: queen-from-colour is COLOUR:PIECE");
  EXPECT_EQ(message("board = 8x8\ntitle = Little Knights"), "accepted");
  EXPECT_EQ(parseVariantText("[x]\ntitle = Little Knights\nboard = 8x8\npiece = king K K royal\n"
                             "start = 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n", "t").at(0).title,
            "Little Knights");
}

// promotion-zone widens where Pawns promote; promotion-optional lets them stay Pawns there.
TEST(VariantText, PromotionZoneAndOptionalPromotion) {
  const auto promotionsOf = [](const std::string& options) {
    const auto variants = parseVariantText("[x]\nboard = 8x8\npiece = king K K royal\npiece = queen Q Q\n"
                                           "piece = pawn P fmWfcF\nstart = k7/8/4P3/8/8/8/8/K7 w - - 0 1\n"
                                           "promotion-pieces = P\npromotion-choices = Q\n" + options, "test");
    Position pos = startPosition(variants.at(0));
    std::set<std::string> fromE6;
    for (const std::string& a : legalActionTexts(pos))
      if (a.rfind("e6", 0) == 0) fromE6.insert(a);
    return fromE6;
  };
  EXPECT_EQ(promotionsOf(""), (std::set<std::string>{"e6e7"}));
  EXPECT_EQ(promotionsOf("promotion-zone = 2\n"), (std::set<std::string>{"e6e7q"}));
  EXPECT_EQ(promotionsOf("promotion-zone = 2\npromotion-optional = yes\n"), (std::set<std::string>{"e6e7", "e6e7q"}));
  EXPECT_EQ(promotionsOf("promotion-zone = 2\npromotion-optional = no\n"), (std::set<std::string>{"e6e7q"}));
}

// Mistakes in a variant file found by fuzzing (2026-11-26; scripts/fuzz.sh): each crashed the
// program or made actions it could not name, and is now refused with its line.
TEST(VariantText, MistakesThatOnceCrashedAreRefusedWithTheirLine) {
  auto message = [](const std::string& text) {
    try {
      parseVariantText(text, "my.variants");
    } catch (const VariantError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  const std::string chess = "[x]\nboard = 8x8\npiece = king K K royal\npiece = queen Q Q\npiece = pawn P fmWfcF\n"
                            "start = 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n";
  EXPECT_EQ(message(chess), "accepted");
  EXPECT_EQ(message(chess + "piece = rider R W1111111111\n"),
            "my.variants, line 7: XBetza 'W1111111111', position 2: a number of more than two digits");
  EXPECT_NE(message(chess + "promotion-pieces = P\npromotion-choices = Q Q\n").find("line 8: piece letter 'Q' listed twice"),
            std::string::npos);
  // Found on 2026-11-28: a letter in both lists made two promotions to it, both "e7e8q".
  EXPECT_EQ(message(chess + "promotion-pieces = P\npromotion-choices = Q\npromotion-from-holdings = Q\n"),
            "my.variants, line 1: variant 'x': piece letter 'Q' is in both promotion-choices and promotion-from-holdings");
  EXPECT_NE(message(chess + "fifty-move-limit = 1e9\n").find("line 7: fifty-move-limit must be a whole number from 1 to 999, got '1e9'"),
            std::string::npos);
  EXPECT_NE(message(chess + "sides = four\n").find("line 7: sides must be a whole number"), std::string::npos);
  EXPECT_NE(message(chess + "paper-colours = A:Q B:Q C:Q D:Q E:Q F:Q G:Q H:Q I:Q\n").find("line 7: more than 8 paper colours"),
            std::string::npos);
  EXPECT_NE(message(chess + "paper-colours = A:Q\nqueen-from-colour = A:Z\n").find("line 8: no piece with letter 'Z'"), std::string::npos);
  // Found by fuzzing (2026-11-27): the pool's count of a colour is part of the position's key,
  // which has room for counts up to 15.
  EXPECT_EQ(message(chess + "paper-colours = A:Q\ncolour-pool = " + std::string(15, 'A') + "\n"), "accepted");
  EXPECT_EQ(message(chess + "paper-colours = A:Q\ncolour-pool = " + std::string(16, 'A') + "\n"),
            "my.variants, line 8: more than 15 of one colour in the colour-pool");
  // A Queen that changes with the colour under it, on a board with a colour that names no type.
  const std::string colours = chess + "board-colours = " + std::string("RJRJRJRJ/") + "RRRRRRRR/RRRRRRRR/RRRRRRRR/RRRRRRRR/RRRRRRRR/RRRRRRRR/RRRRRRRR\n";
  EXPECT_EQ(message(colours + "colour-types = R:Q J:Q\n"), "accepted");
  EXPECT_NE(message(colours + "colour-types = R:Q\n").find("line 1: variant 'x': colour 'J' of the board-colours has no colour-types entry"),
            std::string::npos) << message(colours + "colour-types = R:Q\n");
}

// Found by fuzzing (2026-11-26): a piece whose move parts overlap listed the same move twice, so
// perft counted it twice and its SAN was "ambiguous" to the referee and the engine's own output.
TEST(VariantText, AMoveFoundAlongTwoPathsIsListedOnce) {
  const auto variants = parseVariantText(R"(
[overlaps]
board = 8x8
piece = king K K royal
piece = rook R RW2
piece = zebu Z DmpafW
start = 7k/8/8/8/8/8/8/R3K3 w - - 0 1
)", "test");
  const Variant& v = variants.at(0);
  // The Rook's R and W2 both reach a2, a3, b1 and c1: a1-b1-c1-d1 and a2-a8 are 10 moves, the
  // King's d1 d2 e2 f2 f1 five.
  Position rook = startPosition(v);
  EXPECT_EQ(perft(rook, 1), 15u);
  // The leap D and the two-step path through an empty or occupied W square both reach the four D
  // squares of d4; the King on a1 has three moves.
  Position zebu = parsePosition(v, "7k/8/8/8/3Z4/8/8/K7 w - - 0 1");
  EXPECT_EQ(perft(zebu, 1), 7u);
  for (Position* pos : {&rook, &zebu}) {
    MoveList moves;
    generateLegal(*pos, moves);
    for (const Move& m : moves) EXPECT_EQ(parseMove(*pos, san(*pos, m)), m) << san(*pos, m);
  }
}

// A leg marked p passes over a piece (of either side) and only over one: the hop of a checkers man.
TEST(VariantText, AHopLegPassesOnlyOverAPiece) {
  const auto variants = parseVariantText(R"(
[hops]
board = 8x8
piece = king K K royal
piece = hopper H pafW
piece = pawn P fmWfcF
start = 4k3/8/8/8/8/8/8/4K3 w - - 0 1
)", "test");
  const Variant& v = variants.at(0);
  // Over Black's Pawn on d4 to d5, over White's own on e3 to f3; not over the empty squares around.
  Position hops = parsePosition(v, "4k3/8/8/8/3p4/3HP3/8/4K3 w - - 0 1");
  EXPECT_EQ(destinationsFrom(hops, "d3"), (std::set<std::string>{"d5", "f3"}));
  // The same hop gives check: a King on d5 behind the Pawn is attacked, with nothing on d4 it is not.
  EXPECT_TRUE(isAttackedBy(parsePosition(v, "8/8/8/3k4/3p4/3H4/8/4K3 b - - 0 1"), *parseSquare("d5", {8, 8}), 0));
  EXPECT_FALSE(isAttackedBy(parsePosition(v, "8/8/8/3k4/8/3H4/8/4K3 b - - 0 1"), *parseSquare("d5", {8, 8}), 0));
}

// A capture a piece may make only on its first move guards its square only until it has moved: the
// King may not step onto e4 while the Lancer on e2 has its first move, and may once it has used it.
TEST(VariantText, AFirstMoveCaptureGuardsOnlyWhileThePieceHasNotMoved) {
  const auto variants = parseVariantText(R"(
[lancers]
board = 8x8
piece = king K K royal
piece = lancer L WicD
start = 8/8/8/8/5k2/8/4L3/K7 b - - 0 1
)", "test");
  Position pos = startPosition(variants.at(0));
  EXPECT_FALSE(destinationsFrom(pos, "f4").count("e4"));
  for (const char* m : {"f4g4", "e2d2", "g4f4", "d2e2"}) pos.make(parseMove(pos, m));
  EXPECT_TRUE(destinationsFrom(pos, "f4").count("e4"));
}

// A piece that still has its first move (here the Walker's double step) stands in another position
// than the same piece on the same square after it has moved, as castling rights do in chess: the
// position is not repeated until the Walker has come back once.
TEST(VariantText, AFirstMoveStillToComeMakesAnotherPositionForRepetition) {
  const auto variants = parseVariantText(R"(
[walkers]
board = 8x8
piece = king K K royal
piece = walker W WifmnD
start = 7k/8/8/8/8/8/4W3/K7 w - - 0 1
)", "test");
  Position pos = startPosition(variants.at(0));
  const auto play = [&](std::initializer_list<const char*> moves) {
    for (const char* m : moves) pos.make(parseMove(pos, m));
  };
  play({"e2e3", "h8g8", "e3e2", "g8h8"});
  EXPECT_EQ(pos.repetitions(), 0) << "the Walker on e2 may no longer step two";
  play({"e2e3", "h8g8", "e3e2", "g8h8"});
  EXPECT_EQ(pos.repetitions(), 1);
  play({"e2e3", "h8g8", "e3e2", "g8h8"});
  EXPECT_EQ(pos.repetitions(), 2);
}

// Found by fuzzing (2026-11-28): a piece with a double step and a slide that both reach a square
// had two moves from e2 to e4, one giving the en-passant chance and one not, so "e2e4" was
// "ambiguous" to the referee. It is one action, and the pawn beside it may take en passant.
TEST(VariantText, ADoubleStepAlsoReachedBySlidingIsOneActionThatAllowsEnPassant) {
  // Written either way round: the double step found first or the slide.
  for (const std::string lancer : {"ifmnDfmRfceF", "fmRifmnDfceF"}) {
    const auto variants = parseVariantText(R"(
[lancers]
board = 8x8
piece = king K K royal
piece = lancer L )" + lancer + R"(
start = 4k3/8/8/8/3l4/8/4L3/4K3 w - - 0 1
promotion-pieces = L
promotion-choices = L
)", "test");
    Position pos = startPosition(variants.at(0));
    // e3 to e7 (five), the King's d1 d2 f1 f2 (four; e2 is the Lancer's).
    EXPECT_EQ(perft(pos, 1), 9u) << lancer;
    const Move e2e4 = parseMove(pos, "e2e4");
    EXPECT_TRUE(e2e4.doubleStep) << lancer;
    pos.make(e2e4);
    EXPECT_EQ(positionString(pos), "4k3/8/8/8/3lL3/8/8/4K3 b - e3 0 1") << lancer;
    pos.make(parseMove(pos, "d4e3"));
    EXPECT_EQ(positionString(pos), "4k3/8/8/8/8/4l3/8/4K3 w - - 0 2") << lancer;
  }
}

// Found on 2026-11-28 with random variant files: a Berolina Pawn's diagonal double step made the
// square it crossed an en passant target, which a position string cannot give back (it reads the
// piece that passed as standing a step straight ahead). Only a double step straight ahead does.
TEST(VariantText, OnlyADoubleStepStraightAheadAllowsEnPassant) {
  const auto variants = parseVariantText(R"(
[berolina]
board = 8x8
piece = king K K royal
piece = pawn P ifmnAmfFcfWefW
start = 4k3/8/8/8/2p5/8/3P4/4K3 w - - 0 1
promotion-pieces = P
promotion-choices = P
)", "test");
  Position pos = startPosition(variants.at(0));
  pos.make(parseMove(pos, "d2b4"));
  const std::string written = positionString(pos);
  EXPECT_EQ(written, "4k3/8/8/8/1Pp5/8/8/4K3 b - - 0 1");
  EXPECT_EQ(positionString(parsePosition(variants.at(0), written)), written);
  EXPECT_THROW(parseMove(pos, "c4c3"), MoveTextError);  // no capture of the passed Pawn on c3
}

// Found while looking for the case above's kin (2026-11-28): a Ferz that moves diagonally and takes
// en passant diagonally had a plain move and the capture onto the passed square, both "e5d6" in
// long algebraic. Onto that square it has the capture only.
TEST(VariantText, APieceThatMayTakeEnPassantOntoASquareHasOnlyTheCaptureThere) {
  const auto variants = parseVariantText(R"(
[ferzes]
board = 8x8
piece = king K K royal
piece = pawn P ifmnDfmWfceF
piece = ferz F mFeF
start = 4k3/3p4/8/4F3/8/8/8/4K3 b - - 0 1
promotion-pieces = P
promotion-choices = F
)", "test");
  Position pos = startPosition(variants.at(0));
  pos.make(parseMove(pos, "d7d5"));
  ASSERT_EQ(positionString(pos), "4k3/8/8/3pF3/8/8/8/4K3 w - d6 0 2");
  // The King's five, the Ferz's d4, f4 and f6, and the capture on d6.
  EXPECT_EQ(perft(pos, 1), 9u);
  const Move e5d6 = parseMove(pos, "e5d6");
  EXPECT_EQ(e5d6.kind, MoveKind::EnPassant);
  EXPECT_EQ(san(pos, e5d6), "Fxd6");
  pos.make(e5d6);
  EXPECT_EQ(positionString(pos), "4k3/8/3F4/8/8/8/8/4K3 b - - 0 2");
}

// Found with the case above: with O1 castling takes the King to f1 or d1, where its own step goes
// too, and both actions were "e1f1". Castling is then written King to Rook, as Chess960 programs do.
TEST(VariantText, CastlingOntoASquareTheKingAlsoStepsToIsWrittenKingToRook) {
  const auto variants = parseVariantText(R"(
[short-castling]
board = 8x8
piece = king K KO1 royal
piece = rook R R
start = r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1
castling = yes
)", "test");
  Position pos = startPosition(variants.at(0));
  MoveList moves;
  generateLegal(pos, moves);
  std::vector<std::string> kingTexts;
  for (const Move& m : moves)
    if (m.from == pos.royalSquare(0)) kingTexts.push_back(longAlgebraic(pos, m));
  std::sort(kingTexts.begin(), kingTexts.end());
  EXPECT_EQ(kingTexts, (std::vector<std::string>{"e1a1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1h1"}));
  EXPECT_EQ(parseMove(pos, "e1f1").kind, MoveKind::Normal);
  const Move shortCastle = parseMove(pos, "e1h1");
  EXPECT_EQ(shortCastle.kind, MoveKind::Castle);
  EXPECT_EQ(parseMove(pos, "O-O"), shortCastle);
  pos.make(shortCastle);
  EXPECT_EQ(positionString(pos), "r3k2r/8/8/8/8/8/8/R3RK2 b kq - 1 1");
  // Where the King's own moves cannot reach the castling square, the usual "e1g1" stands.
  Position chess = startPosition(builtinVariant("chess"));
  for (const char* move : {"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"}) chess.make(parseMove(chess, move));
  EXPECT_EQ(longAlgebraic(chess, parseMove(chess, "O-O")), "e1g1");
}

TEST(VariantRegistry, UnknownNameListsTheKnownOnes) {
  try {
    builtinVariant("chesss");
    FAIL();
  } catch (const VariantError& e) {
    EXPECT_NE(std::string(e.what()).find("chess, desert-dust"), std::string::npos) << e.what();
  }
}

}  // namespace
