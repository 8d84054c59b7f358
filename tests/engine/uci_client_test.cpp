// What Tessera says to an external UCI engine and how it reads the answers (core/protocol/uci_client).
// The real engine's conversation is tested in tests/host/uci_engine_test.cpp.
#include <gtest/gtest.h>

#include "core/protocol/uci_client.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/position_text.hpp"

using namespace tessera;

TEST(UciClient, ReadsTheEngineSpecWithItsOptionsInOrder) {
  const UciEngineSpec spec = parseUciEngineSpec("uci:/usr/games/stockfish,UCI_Elo=2000,Skill Level=5,time=100");
  EXPECT_EQ(spec.path, "/usr/games/stockfish");
  ASSERT_EQ(spec.options.size(), 3u);
  EXPECT_EQ(spec.options[0], (std::pair<std::string, std::string>{"UCI_Elo", "2000"}));
  EXPECT_EQ(spec.options[1], (std::pair<std::string, std::string>{"Skill Level", "5"}));
  EXPECT_EQ(spec.options[2], (std::pair<std::string, std::string>{"time", "100"}));
  EXPECT_TRUE(isUciEngineSpec("uci:stockfish"));
  EXPECT_FALSE(isUciEngineSpec("time=100"));
  EXPECT_THROW(parseUciEngineSpec("uci:"), std::invalid_argument);
  EXPECT_THROW(parseUciEngineSpec("uci:sf,UCI_Elo"), std::invalid_argument);
  EXPECT_THROW(parseUciEngineSpec("uci:sf,=3"), std::invalid_argument);
  EXPECT_THROW(parseUciEngineSpec("uci:sf,Hash=16\nquit"), std::invalid_argument);  // no second command smuggled in
}

TEST(UciClient, OnlyOrthodoxChessIsSharedWithOtherEngines) {
  EXPECT_TRUE(uciEnginesKnow(builtinVariant("chess")));
  EXPECT_FALSE(uciEnginesKnow(builtinVariant("tiled-squares")));
  EXPECT_FALSE(uciEnginesKnow(builtinVariant("desert-dust")));
}

TEST(UciClient, TellsTheWholeGameOrOnePosition) {
  Game game(builtinVariant("chess"));
  EXPECT_EQ(uciPositionCommand(game), "position startpos");
  for (const char* san : {"e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "O-O"}) game.play(parseMove(game.position(), san));
  EXPECT_EQ(uciPositionCommand(game), "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1");
  EXPECT_EQ(uciPositionCommand(game.position()),
            "position fen r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4");
  const std::string from = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
  Game promoting(builtinVariant("chess"), from);
  promoting.play(parseMove(promoting.position(), "a8=N"));
  EXPECT_EQ(uciPositionCommand(promoting), "position fen " + from + " moves a7a8n");
}

TEST(UciClient, AsksForTheLimitsGiven) {
  SearchLimits l;
  l.millis = 100;
  EXPECT_EQ(uciGoCommand(l), "go movetime 100");
  l = {};
  l.nodes = 300000;
  EXPECT_EQ(uciGoCommand(l), "go nodes 300000");
  l = {};
  l.depth = 8;
  EXPECT_EQ(uciGoCommand(l), "go depth 8");
}

TEST(UciClient, ReadsScoresLinesAndMatesAsTesseraScoresThem) {
  const auto info = parseUciInfo("info depth 12 seldepth 15 multipv 2 score cp -35 nodes 12345 nps 1000 pv e2e4 e7e5 g1f3");
  ASSERT_TRUE(info);
  EXPECT_EQ(info->depth, 12);
  EXPECT_EQ(info->multiPv, 2);
  EXPECT_EQ(info->score, -35);
  EXPECT_EQ(info->nodes, 12345);
  EXPECT_EQ(info->pv, (std::vector<std::string>{"e2e4", "e7e5", "g1f3"}));
  // Mates: in 3 of its own actions is 5 plies; mated in 2 is 4 plies.
  EXPECT_EQ(movesToMate(parseUciInfo("info depth 9 score mate 3 pv d1h5")->score), 3);
  EXPECT_EQ(parseUciInfo("info depth 9 score mate 3 pv d1h5")->score, kMateScore - 5);
  EXPECT_EQ(movesToMate(parseUciInfo("info depth 9 score mate -2 pv g1h1")->score), -2);
  EXPECT_TRUE(isMateScore(parseUciInfo("info depth 9 score mate -2 pv g1h1")->score));
  // Lines that report no line, or are malformed, give nothing.
  EXPECT_FALSE(parseUciInfo("info depth 5 currmove e2e4 currmovenumber 1"));
  EXPECT_FALSE(parseUciInfo("info string NNUE evaluation using nn.nnue"));
  EXPECT_FALSE(parseUciInfo("info depth 5 score cp x pv e2e4"));
  EXPECT_FALSE(parseUciInfo("bestmove e2e4"));
}

TEST(UciClient, ReadsTheBestMoveAndRefereesIt) {
  EXPECT_EQ(parseUciBestMove("bestmove e2e4 ponder e7e5"), "e2e4");
  EXPECT_EQ(parseUciBestMove("bestmove e7e8q"), "e7e8q");
  EXPECT_FALSE(parseUciBestMove("bestmove (none)"));
  EXPECT_FALSE(parseUciBestMove("bestmove 0000"));
  EXPECT_FALSE(parseUciBestMove("info depth 1"));
  const Position start = startPosition(builtinVariant("chess"));
  ASSERT_TRUE(uciMoveIn(start, "g1f3"));
  EXPECT_EQ(longAlgebraic(start, *uciMoveIn(start, "g1f3")), "g1f3");
  EXPECT_FALSE(uciMoveIn(start, "e2e5"));  // no legal action
  EXPECT_FALSE(uciMoveIn(start, "Nf3"));   // SAN is not UCI
  EXPECT_FALSE(uciMoveIn(start, "zz"));
  EXPECT_EQ(parseUciOptionName("option name Skill Level type spin default 20 min -20 max 20"), "Skill Level");
  EXPECT_FALSE(parseUciOptionName("id name Stockfish"));
}
