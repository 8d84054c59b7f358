// Position strings: FEN for chess, the same form for 12x12 with holdings; round trips and errors.
#include <gtest/gtest.h>

#include "core/rules/move_text.hpp"
#include "core/rules/perft.hpp"
#include "core/rules/position_text.hpp"

using namespace tessera;

namespace {

std::string errorOf(const Variant& v, const std::string& text) {
  try {
    parsePosition(v, text);
  } catch (const PositionError& e) {
    return e.what();
  }
  return "";
}

TEST(PositionText, ChessPositionsRoundTrip) {
  const Variant& chess = builtinVariant("chess");
  for (const char* fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                          "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                          "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                          "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
                          "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1"})
    EXPECT_EQ(positionString(parsePosition(chess, fen)), fen);
}

TEST(PositionText, DesertDustStartRoundTripsWithHoldings) {
  const Variant& dd = builtinVariant("desert-dust");
  EXPECT_EQ(positionString(startPosition(dd)), dd.startPosition);
  // Holdings print in the order of the piece table (Raven before Camel), White's first.
  const std::string held = "vuhbeqkebhuv/ytorannaroty/clwmfjjfmwlc/ppppsssspppp/12/12/12/12/PPPPSSSSPPPP/CLWMFJJFMWLC/YTORANNAROTY/VUHBEQKEBHUV[RCCnj] b Kq - 7 12";
  const Position pos = parsePosition(dd, held);
  EXPECT_EQ(pos.held(0, dd.typeByName("camel")), 2);
  EXPECT_EQ(pos.held(0, dd.typeByName("raven")), 1);
  EXPECT_EQ(pos.held(1, dd.typeByName("snake")), 1);
  EXPECT_EQ(pos.held(1, dd.typeByName("jackal")), 1);
  EXPECT_EQ(positionString(pos), held);
  std::string shuffled = held;
  shuffled.replace(shuffled.find("[RCCnj]"), 7, "[jCnCR]");
  EXPECT_EQ(parsePosition(dd, shuffled).key(), pos.key());
}

TEST(PositionText, KeyDependsOnEveryField) {
  const Variant& chess = builtinVariant("chess");
  const auto key = [&](const char* fen) { return parsePosition(chess, fen).key(); };
  const auto base = key("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_NE(base, key("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1"));
  EXPECT_NE(base, key("r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1"));
  EXPECT_NE(base, key("r3k2r/8/8/8/8/8/8/R3K1R1 w kq - 0 1"));
  EXPECT_EQ(base, key("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 12 30"));  // counters are not part of the position's identity
}

TEST(PositionText, EnPassantSquareKeptOnlyWhenACaptureIsPossible) {
  const Variant& chess = builtinVariant("chess");
  EXPECT_EQ(parsePosition(chess, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").enPassantSquare(), *parseSquare("d6", chess.size));
  EXPECT_EQ(parsePosition(chess, "4k3/8/8/3p4/8/8/8/4K3 w - d6 0 2").enPassantSquare(), kNoSquare);
  // A piece that could only go to the passed square (the Knight on g4 to e3) takes nothing there.
  Position pos = parsePosition(chess, "4k3/8/8/8/6n1/8/4P3/4K3 w - - 0 1");
  pos.make(parseMove(pos, "e2e4"));
  EXPECT_EQ(positionString(pos), "4k3/8/8/8/4P1n1/8/8/4K3 b - - 0 1");
  pos = parsePosition(chess, "4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1");
  pos.make(parseMove(pos, "e2e4"));
  EXPECT_EQ(positionString(pos), "4k3/8/8/8/4Pp2/8/8/4K3 b - e3 0 1");
}

TEST(PositionTextErrors, SayWhatIsWrongAndWhere) {
  const Variant& chess = builtinVariant("chess");
  EXPECT_NE(errorOf(chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1").find("rank 1 has 7 squares"), std::string::npos);
  EXPECT_NE(errorOf(chess, "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").find("runs past"), std::string::npos);
  EXPECT_NE(errorOf(chess, "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").find("character 14: 'x' is no piece"), std::string::npos);
  EXPECT_NE(errorOf(chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1").find("side to move must be w or b"), std::string::npos);
  EXPECT_NE(errorOf(chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1").find("character 50: castling rights are K, Q, k, q or -"), std::string::npos);
  EXPECT_NE(errorOf(chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1").find("castling right 'K' needs"), std::string::npos);
  EXPECT_NE(errorOf(chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1").find("not a square"), std::string::npos);
  EXPECT_NE(errorOf(chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1").find("does not follow a double step"), std::string::npos);
  EXPECT_NE(errorOf(chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1").find("exactly one king"), std::string::npos);
  EXPECT_NE(errorOf(chess, "4k2R/8/8/8/8/8/8/4K3 w - - 0 1").find("Black is in check but it is not their move"), std::string::npos);
  EXPECT_NE(errorOf(chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1").find("half-move clock must be a number"), std::string::npos);
  EXPECT_NE(errorOf(chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR").find("side to move is missing"), std::string::npos);
  EXPECT_NE(errorOf(chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q] w - - 0 1").find("no holdings"), std::string::npos);
  EXPECT_NE(errorOf(builtinVariant("desert-dust"), "12/12/12/12/12/12/12/12/12/12/12/12[C w - - 0 1").find("without a closing"), std::string::npos);
}

// Found by an audit (2026-11-28): a Pawn on its last rank was taken, though it would have had to
// promote on arriving there and could never move again.
TEST(PositionTextErrors, APieceThatMustPromoteCannotStandWhereItWouldHave) {
  const Variant& chess = builtinVariant("chess");
  EXPECT_NE(errorOf(chess, "Pnbqkbnr/1ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1").find("White's pawn on a8 would have promoted on arriving there"),
            std::string::npos);
  EXPECT_NE(errorOf(chess, "4k3/8/8/8/8/8/8/p3K3 w - - 0 1").find("Black's pawn on a1 would have promoted"), std::string::npos);
  EXPECT_NO_THROW(parsePosition(chess, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1")) << "one step short of it";
  // Desert Dust: Scorpions and Spears promote too.
  EXPECT_NE(errorOf(builtinVariant("desert-dust"), "1S4k5/12/12/12/12/12/12/12/12/12/12/6K5[] w - - 0 1").find("would have promoted"),
            std::string::npos);
  // Four players: West's Pawns promote on the east edge (its Pawn on h4 becomes a Chameleon).
  EXPECT_NE(errorOf(builtinVariant("chameleon-redux-4p"), "wK7/8/8/8/7wP/8/8/sK6eK w - - 0 1").find("West's pawn on h4 would have promoted"),
            std::string::npos);
  // A Shifting Sands Pawn may stay a Pawn on its last rank.
  const Variant& sands = builtinVariant("shifting-sands");
  const std::string sandsStart = positionString(startPosition(sands));
  EXPECT_NO_THROW(parsePosition(sands, "P1k3/6/6/6/6/6/2K3" + sandsStart.substr(sandsStart.find(' '))));
}

// Found by an audit (2026-11-28): holdings took any piece, a Melek or a Sultana in hand included.
TEST(PositionTextErrors, HoldingsHoldOnlyWhatAPromotionMayTakeBack) {
  const Variant& dd = builtinVariant("desert-dust");
  const std::string board = "12/P11/12/12/12/12/3c7k/12/12/2C9/12/5K6";
  EXPECT_NE(errorOf(dd, board + "[QKS] w - - 0 1").find("character 42: 'Q' cannot be held: desert-dust holds only C, J, R, N"),
            std::string::npos);
  EXPECT_NE(errorOf(dd, board + "[Ck] w - - 0 1").find("'k' cannot be held"), std::string::npos);
  EXPECT_EQ(positionString(parsePosition(dd, board + "[CJrn] w - - 0 1")).substr(board.size(), 6), "[JCnr]");
}

TEST(PositionTextErrors, TwelveByTwelveNeedsTwelveRanks) {
  const Variant& dd = builtinVariant("desert-dust");
  EXPECT_NE(errorOf(dd, "6k5/12/12/12/12/12/12/12/12/12/6K5[] w - - 0 1").find("only 11 ranks given, the board has 12"), std::string::npos);
  EXPECT_NE(errorOf(dd, "6k6/12/12/12/12/12/12/12/12/12/12/6K5[] w - - 0 1").find("runs past"), std::string::npos);
}

// Found by fuzzing (2026-11-26): a run of digits long enough to overflow an int wrapped to a
// negative count, and the placement then wrote outside the board.
TEST(PositionTextErrors, AnyRunOfDigitsIsACountTooLongForTheRank) {
  const std::string digits(40, '1');
  EXPECT_NE(errorOf(builtinVariant("chess"), digits + "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").find("character 40: rank 8 runs past file h"), std::string::npos);
  EXPECT_NE(errorOf(builtinVariant("chess"), "rnbqkbnr/pppppppp/" + std::string(30, '9') + "/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").find("rank 6 runs past file h"), std::string::npos);
  const Variant& tiled = builtinVariant("tiled-squares");
  const std::string tiledStart = positionString(startPosition(tiled));
  const std::string placement = tiledStart.substr(0, tiledStart.find(' '));
  EXPECT_NE(errorOf(tiled, placement + " w - - 0 1 " + digits + "/8/8/8/8/8/8/8").find("tile rank 8 runs past the last file"), std::string::npos);
  const Variant& sands = builtinVariant("shifting-sands");
  const std::string sandsStart = positionString(startPosition(sands));
  const std::string sandsPlacement = sandsStart.substr(0, sandsStart.find(' '));
  EXPECT_NE(errorOf(sands, sandsPlacement + " w - - 0 1 " + digits + "/6/6/6/6/6/6").find("colour rank 7 runs past the last file"), std::string::npos);
}

// Found by fuzzing (2026-11-27): a pool of 39 Blue squares was read, and its count then indexed
// past the end of the position key's table (which holds counts up to 15).
TEST(PositionTextErrors, APoolOfMoreThanFifteenOfAColourIsRefused) {
  const Variant& sands = builtinVariant("shifting-sands");
  const std::string start = positionString(startPosition(sands));
  const std::string beforePool = start.substr(0, start.find(";pool=") + 6);
  const Position fifteen = parsePosition(sands, beforePool + std::string(15, 'B'));
  EXPECT_EQ(fifteen.poolCount(static_cast<int>(sands.paperColours.find('B'))), 15);
  // The message points at "pool=" (counting from 1), as for a letter that is no colour.
  EXPECT_EQ(errorOf(sands, beforePool + std::string(16, 'B')),
            "position string, character " + std::to_string(beforePool.size() - 4) + ": more than 15 of one colour in the pool");
}

// Found on 2026-11-28 with random variant files: a piece with an initial move that came back to its
// start square was read from its position string as never having moved, and had its initial move
// (a capture along the file) back. The string now says "moved=" for such pieces.
TEST(PositionText, APieceBackOnItsStartSquareIsWrittenAsMoved) {
  const Variant v = parseVariantText(R"(
[guards]
board = 8x8
piece = king K K royal
piece = guard G WifmnD
start = 4k3/8/8/8/8/8/4G3/4K3 w - - 0 1
)", "test").at(0);
  Position pos = startPosition(v);
  EXPECT_EQ(perft(pos, 1), 8u);  // the Guard's e3, e4, d2, f2; the King's d1, f1, d2, f2
  for (const char* move : {"e2d2", "e8d8", "d2e2", "d8e8"}) pos.make(parseMove(pos, move));
  const std::string written = positionString(pos);
  EXPECT_EQ(written, "4k3/8/8/8/8/8/4G3/4K3 w - - 4 3 moved=e2");
  const Position read = parsePosition(v, written);
  EXPECT_EQ(positionString(read), written);
  Position again = read;
  EXPECT_EQ(perft(again, 1), 7u);  // no e4 any more
  EXPECT_THROW(parseMove(again, "e2e4"), MoveTextError);
  // Without the field the Guard is read as unmoved, as in the start position.
  EXPECT_EQ(positionString(parsePosition(v, "4k3/8/8/8/8/8/4G3/4K3 w - - 4 3")), "4k3/8/8/8/8/8/4G3/4K3 w - - 4 3");
  EXPECT_EQ(errorOf(v, "4k3/8/8/8/8/8/4G3/4K3 w - - 4 3 moved=e3"),
            "position string, character 39: 'e3' holds no piece with initial moves on its start square");
}

TEST(SquareNames, RoundTripOnLargeBoards) {
  const BoardSize big{16, 16};
  for (int f = 0; f < 16; ++f)
    for (int r = 0; r < 16; ++r) EXPECT_EQ(parseSquare(squareName(makeSquare(f, r)), big), makeSquare(f, r));
  EXPECT_EQ(squareName(*parseSquare("l12", {12, 12})), "l12");
  EXPECT_FALSE(parseSquare("m1", {12, 12}));
  EXPECT_FALSE(parseSquare("a13", {12, 12}));
  EXPECT_FALSE(parseSquare("a0", {12, 12}));
  EXPECT_FALSE(parseSquare("a01", {12, 12}));
  EXPECT_FALSE(parseSquare("A1", {12, 12}));
  // A letter alone, and a sign after the digits ('/' is the character before '0': read as a digit,
  // "b1/" would be b9).
  EXPECT_FALSE(parseSquare("b", {12, 12}));
  EXPECT_FALSE(parseSquare("b1/", {12, 12}));
  EXPECT_FALSE(parseSquare("b1:", {12, 12}));
}

}  // namespace
