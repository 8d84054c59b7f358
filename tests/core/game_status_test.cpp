// The end of a game: checkmate, stalemate, threefold repetition, the 50-move rule.
#include <gtest/gtest.h>

#include "core/attacks.hpp"
#include "core/game_status.hpp"
#include "core/move_text.hpp"
#include "core/movegen.hpp"
#include "core/position_text.hpp"

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
