// The end of a game: checkmate, stalemate, threefold repetition, the 50-move rule, a dead position.
#include <gtest/gtest.h>

#include <string>

#include "core/rules/attacks.hpp"
#include "core/rules/game.hpp"
#include "core/rules/game_status.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/position_text.hpp"
#include "core/rules/variant.hpp"

using namespace tessera;

namespace {

Position play(const char* variant, const char* fen, std::initializer_list<const char*> moves) {
  Position pos = parsePosition(builtinVariant(variant), fen);
  for (const char* m : moves) pos.make(parseMove(pos, m));
  return pos;
}

TEST(GameStatus, FoolsMateIsCheckmate) {
  Position pos = play("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {"f3", "e5", "g4", "Qh4"});
  EXPECT_TRUE(inCheck(pos, 0));
  EXPECT_EQ(gameStatus(pos), GameStatus::Checkmate);
}

TEST(GameStatus, KingWithNoMoveAndNoCheckIsStalemate) {
  Position pos = parsePosition(builtinVariant("chess"), "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  EXPECT_FALSE(inCheck(pos, 1));
  EXPECT_EQ(gameStatus(pos), GameStatus::Stalemate);
}

TEST(GameStatus, ThirdOccurrenceIsARepetitionDrawNotTheSecond) {
  Position pos = startPosition(builtinVariant("chess"));
  for (const char* m : {"Nf3", "Nf6", "Ng1", "Ng8"}) pos.make(parseMove(pos, m));
  EXPECT_EQ(pos.repetitions(), 1);
  EXPECT_EQ(gameStatus(pos), GameStatus::Ongoing);
  for (const char* m : {"Nf3", "Nf6", "Ng1", "Ng8"}) pos.make(parseMove(pos, m));
  EXPECT_EQ(pos.repetitions(), 2);
  EXPECT_EQ(gameStatus(pos), GameStatus::ThreefoldRepetition);
}

TEST(GameStatus, FiftyMovesWithoutCaptureOrPawnMoveIsADraw) {
  Position pos = parsePosition(builtinVariant("chess"), "4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
  EXPECT_EQ(gameStatus(pos), GameStatus::Ongoing);
  pos.make(parseMove(pos, "Ra2"));
  EXPECT_EQ(pos.halfmoveClock(), 100);
  EXPECT_EQ(gameStatus(pos), GameStatus::FiftyMoveRule);
}

// Found by an audit (2026-11-28): King against King went on to the fifty-move rule, where FIDE
// (5.2.2) ends a game at once when no side can ever mate. With only royal pieces left that holds in
// every variant: nothing can give check, and no piece can come from nothing.
TEST(GameStatus, OnlyKingsLeftIsADeadPositionAndADrawAtOnce) {
  Position chess = play("chess", "k7/8/8/8/8/8/8/Kq6 w - - 0 1", {"Kxb1"});
  EXPECT_EQ(gameStatus(chess), GameStatus::DeadPosition);
  Position tiled = play("tiled-squares", "k7/8/8/8/8/8/8/Kq6 w - - 0 1 t7/8/8/8/8/8/8/tt6", {"Kxb1"});
  EXPECT_EQ(gameStatus(tiled), GameStatus::DeadPosition);
  Position four = parsePosition(builtinVariant("chameleon-redux-4p"), "7nK/8/8/8/8/8/8/sK6eK s - - 0 1");
  EXPECT_EQ(gameStatus(four), GameStatus::DeadPosition);
  Game game(builtinVariant("chess"), "k7/8/8/8/8/8/8/Kq6 w - - 0 1");
  game.play(parseMove(game.position(), "Kxb1"));
  EXPECT_EQ(game.result().token, "1/2-1/2");
  EXPECT_EQ(game.result().reason, "dead position (nothing left to mate with)");
  // Any other piece keeps a variant's game going: a Shifting Sands Pawn may become anything.
  Position sands = parsePosition(builtinVariant("shifting-sands"), "k5/6/6/6/6/6/2K2P w - - 0 5 6/6/6/6/6/6/6;pool=YYPPRRLLGBB");
  EXPECT_EQ(gameStatus(sands), GameStatus::Ongoing);
}

// FIDE 5.2.2's other dead positions in chess: no sequence of legal moves, however helped, mates.
TEST(GameStatus, ALoneMinorPieceOrBishopsOfOneColourIsADeadPosition) {
  const Variant& chess = builtinVariant("chess");
  auto status = [&](const char* fen) {
    Position pos = parsePosition(chess, fen);
    return gameStatus(pos);
  };
  EXPECT_EQ(status("k7/8/8/8/8/8/8/KB6 b - - 0 1"), GameStatus::DeadPosition);
  EXPECT_EQ(status("k7/8/8/8/8/8/8/KN6 b - - 0 1"), GameStatus::DeadPosition);
  EXPECT_EQ(status("kn6/8/8/8/8/8/8/K7 w - - 0 1"), GameStatus::DeadPosition);
  // b8, c1 and b2 are dark squares: Bishops of one colour, on either side, never mate.
  EXPECT_EQ(status("kb6/8/8/8/8/8/8/K1B5 w - - 0 1"), GameStatus::DeadPosition);
  EXPECT_EQ(status("k7/8/8/8/8/8/1B6/K1B5 w - - 0 1"), GameStatus::DeadPosition);
  // Where a helpmate exists the game goes on: Bishops of both colours (b1 is light), Knight against
  // Knight or Bishop, two Knights, a Pawn, a Rook.
  EXPECT_EQ(status("k7/8/8/8/8/8/8/KBB5 w - - 0 1"), GameStatus::Ongoing);
  EXPECT_EQ(status("kb6/8/8/8/8/8/8/KB6 w - - 0 1"), GameStatus::Ongoing);
  EXPECT_EQ(status("kn6/8/8/8/8/8/8/KN6 w - - 0 1"), GameStatus::Ongoing);
  EXPECT_EQ(status("kb6/8/8/8/8/8/8/KN6 w - - 0 1"), GameStatus::Ongoing);
  EXPECT_EQ(status("k7/8/8/8/8/8/8/KNN5 w - - 0 1"), GameStatus::Ongoing);
  EXPECT_EQ(status("k7/8/8/8/8/8/P7/KB6 w - - 0 1"), GameStatus::Ongoing);
  EXPECT_EQ(status("k7/8/8/8/8/8/8/KR6 b - - 0 1"), GameStatus::Ongoing);
  // A capture that leaves such material ends the game there, drawn.
  Game game(chess, "k7/8/8/8/8/8/8/Kq1B4 w - - 0 1");
  game.play(parseMove(game.position(), "Kxb1"));
  EXPECT_EQ(game.result().token, "1/2-1/2");
  EXPECT_EQ(game.result().reason, "dead position (nothing left to mate with)");
}

// Where the board itself changes, or is smaller than 8x8, a lone Knight may still mate: the game
// goes on with King and Knight against King.
TEST(GameStatus, ALoneKnightIsNoDeadPositionWhereTheBoardChangesOrIsSmall) {
  const auto status = [](const char* variant, const std::string& text) {
    Position pos = parsePosition(builtinVariant(variant), text);
    return gameStatus(pos);
  };
  EXPECT_EQ(status("chess", "k7/8/8/8/8/8/8/KN6 b - - 0 1"), GameStatus::DeadPosition);
  EXPECT_EQ(status("tiled-squares", "k7/8/8/8/8/8/8/KN6 b - - 0 1 tttttttt/8/8/8/8/8/8/tttttttt"), GameStatus::Ongoing);
  EXPECT_EQ(status("shifting-chess", "k7/8/8/8/8/8/8/KN6 b - - 0 1 BII,BIII"), GameStatus::Ongoing);
  EXPECT_EQ(status("shifting-sands:size=8x8", "k7/8/8/8/8/8/8/KN6 b - - 0 5 8/8/8/8/8/8/8/8;pool="), GameStatus::Ongoing);
  const auto small = parseVariantText(
      "[small]\nboard = 6x6\npiece = king K K royal\npiece = knight N N\nstart = k5/6/6/6/6/KN4 w - - 0 1\n", "test");
  Position onSmall = startPosition(small.at(0));
  EXPECT_EQ(gameStatus(onSmall), GameStatus::Ongoing);
}

TEST(GameStatus, CaptureOrPawnMoveResetsTheClock) {
  Position pos = parsePosition(builtinVariant("chess"), "4k3/8/8/8/8/8/4P3/R3K3 w - - 98 80");
  pos.make(parseMove(pos, "e4"));
  EXPECT_EQ(pos.halfmoveClock(), 0);
}

TEST(GameStatus, MateOnTheFiftiethMoveStillWins) {
  Position pos = parsePosition(builtinVariant("chess"), "6k1/5ppp/8/8/8/8/8/R3K3 w - - 99 80");
  pos.make(parseMove(pos, "Ra8"));
  EXPECT_EQ(gameStatus(pos), GameStatus::Checkmate);
}

TEST(GameStatus, MovingIntoCheckOrLeavingTheKingAttackedIsNotLegal) {
  // The e-pawn is pinned by the Bishop on b5... and the King may not step onto an attacked square.
  Position pos = parsePosition(builtinVariant("chess"), "4k3/8/8/1B6/8/8/8/4K3 b - - 0 1");
  MoveList moves;
  generateLegal(pos, moves);
  for (const Move& m : moves) EXPECT_NE(squareName(m.to), "d7") << "d7 is attacked by the Bishop";
  Position pinned = parsePosition(builtinVariant("chess"), "4k3/3p4/8/1B6/8/8/8/4K3 b - - 0 1");
  EXPECT_THROW(parseMove(pinned, "d6"), MoveTextError);
}

}  // namespace
