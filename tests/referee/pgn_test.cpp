// The game record: every variant's games written as PGN and read back to the same game; the first
// bad action named; results by rule, resignation, agreement and four-player elimination order.
#include <gtest/gtest.h>

#include <random>

#include "core/move_text.hpp"
#include "core/movegen.hpp"
#include "core/pgn.hpp"
#include "core/position_text.hpp"

using namespace tessera;

namespace {

Game randomGame(const char* variant, unsigned seed, int plies) {
  Game g(builtinVariant(variant));
  std::mt19937 rng(seed);
  for (int i = 0; i < plies && !g.result().finished(); ++i) {
    MoveList legal;
    generateLegal(g.position(), legal);
    g.play(legal[std::uniform_int_distribution<int>(0, legal.size() - 1)(rng)]);
  }
  return g;
}

class PgnRoundTrip : public ::testing::TestWithParam<const char*> {};

TEST_P(PgnRoundTrip, AWrittenGameReadsBackToTheSameActionsPositionAndResult) {
  for (unsigned seed = 1; seed <= 20; ++seed) {
    Game g = randomGame(GetParam(), seed, 300);
    const std::string pgn = writePgn(g, {{"Event", "Club night"}, {"Site", "Table 3"}});
    PgnGame back = readPgn(pgn);
    ASSERT_EQ(back.game->actions(), g.actions()) << pgn;
    EXPECT_EQ(positionString(back.game->position()), positionString(g.position()));
    EXPECT_EQ(back.recordedResult, g.result().token);
    EXPECT_EQ(back.tags.at("Variant"), std::string(GetParam()));
    EXPECT_EQ(back.tags.at("Event"), "Club night");
  }
}

INSTANTIATE_TEST_SUITE_P(EveryVariant, PgnRoundTrip,
                         ::testing::Values("chess", "desert-dust", "chameleon-redux", "chameleon-redux:rotation=90",
                                           "chameleon-redux-4p", "tiled-squares", "shifting-chess", "shifting-sands",
                                           "shifting-sands:size=8x8"),
                         [](const auto& info) {
                           std::string n = info.param;
                           for (char& c : n)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return n;
                         });

TEST(Pgn, AGameFromASetUpPositionCarriesItsFen) {
  const char* start = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
  Game g(builtinVariant("chess"), start);
  g.play(parseMove(g.position(), "a8=Q+"));
  const std::string pgn = writePgn(g);
  EXPECT_NE(pgn.find("[SetUp \"1\"]"), std::string::npos);
  EXPECT_NE(pgn.find(std::string("[FEN \"") + start + "\"]"), std::string::npos);
  EXPECT_NE(pgn.find("1. a8=Q+"), std::string::npos) << pgn;
  EXPECT_EQ(readPgn(pgn).game->actions(), g.actions());
  // From the variant's own start, no FEN tag.
  Game fromStart(builtinVariant("chess"));
  EXPECT_EQ(writePgn(fromStart).find("[FEN"), std::string::npos);
}

TEST(Pgn, CheckmateResignationAndAgreedDrawAreWrittenAsResults) {
  Game mate(builtinVariant("chess"));
  for (const char* m : {"f3", "e5", "g4", "Qh4#"}) mate.play(parseMove(mate.position(), m));
  const std::string pgn = writePgn(mate);
  EXPECT_NE(pgn.find("[Result \"0-1\"]"), std::string::npos);
  EXPECT_NE(pgn.find("[Termination \"checkmate\"]"), std::string::npos);
  EXPECT_NE(pgn.find("2. g4 Qh4# 0-1"), std::string::npos) << pgn;

  Game resigned(builtinVariant("chess"));
  resigned.play(parseMove(resigned.position(), "e4"));
  resigned.resign(1);
  EXPECT_EQ(resigned.result().token, "1-0");
  EXPECT_NE(writePgn(resigned).find("[Termination \"Black resigns\"]"), std::string::npos);
  EXPECT_THROW(resigned.play(parseMove(resigned.position(), "e5")), std::invalid_argument);
  resigned.takeBack(1);
  EXPECT_EQ(resigned.result().token, "*") << "a takeback withdraws the resignation with the action";

  Game drawn(builtinVariant("chess"));
  drawn.agreeDraw();
  EXPECT_NE(writePgn(drawn).find("[Result \"1/2-1/2\"]"), std::string::npos);
}

TEST(Pgn, StalemateIsADraw) {
  Game g(builtinVariant("chess"), "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1");
  g.play(parseMove(g.position(), "Qf7"));
  EXPECT_EQ(g.result().token, "1/2-1/2");
  EXPECT_EQ(g.result().reason, "stalemate");
}

TEST(Pgn, AFourPlayerGameEndsWithTheSidesInFinishingOrder) {
  // Random four-player games until one ends with a last player standing.
  for (unsigned seed = 1; seed < 400; ++seed) {
    Game g = randomGame("chameleon-redux-4p", seed, 2000);
    if (!g.result().finished() || g.result().reason != "last player standing") continue;
    const std::string token = g.result().token;
    ASSERT_EQ(token.size(), 7u) << token;  // "w>n>e>s"
    ASSERT_EQ(g.eliminationOrder().size(), 3u);
    EXPECT_EQ(token.substr(6, 1), sideLetter(g.variant(), g.eliminationOrder()[0])) << "the first out is last";
    const PgnGame back = readPgn(writePgn(g));
    EXPECT_EQ(back.recordedResult, token);
    EXPECT_EQ(back.game->actions(), g.actions());
    return;
  }
  FAIL() << "no random four-player game ended";
}

TEST(Pgn, TheFirstBadActionIsNamedWithItsLineAndNumber) {
  const std::string pgn =
      "[Event \"?\"]\n[Variant \"chess\"]\n\n1. e4 e5 2. Nf3 Nc6\n3. Bb5 a6 4. Bxe5 Nf6 *\n";
  try {
    readPgn(pgn);
    FAIL() << "an illegal action was read";
  } catch (const PgnError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("line 5, action 7 (4. Bxe5, White to act)"), std::string::npos) << what;
  }
  EXPECT_THROW(readPgn("[Variant \"no-such-variant\"]\n\n1. e4 *\n"), PgnError);
  EXPECT_THROW(readPgn("[Variant \"chess\"\n\n1. e4 *\n"), PgnError);
  EXPECT_THROW(readPgn("[Variant \"chess\"]\n[FEN \"garbage\"]\n\n1. e4 *\n"), PgnError);
}

// Found by fuzzing (2026-11-26): a damaged tag line whose name ran into its value was read as a
// tag named 'East"A:', and the record written back from it read differently again.
TEST(Pgn, ATagWhoseNameIsNoNameIsRefusedWithItsLine) {
  for (const char* line : {"[East\"A: search 1000 ms\"]", "[Ea#st \"A\"]", "[1East \"A\"]", "[ \"A\"]"}) {
    try {
      readPgn(std::string("[Event \"?\"]\n") + line + "\n[Variant \"chess\"]\n\n1. e4 *\n");
      ADD_FAILURE() << "read: " << line;
    } catch (const PgnError& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("line 2: malformed tag: ") + line), std::string::npos) << e.what();
    }
  }
  EXPECT_EQ(readPgn("[Event \"?\"]\n[Time_Control2 \"40/7200\"]\n\n1. e4 *\n").tags.at("Time_Control2"), "40/7200");
}

TEST(Pgn, CommentsAnnotationsAndMoveNumbersAreSkipped) {
  const PgnGame g = readPgn("[Variant \"chess\"]\n\n1. e4 {best by test} e5 $1 2. Nf3! ; a comment\nNc6?! *\n");
  EXPECT_EQ(g.game->actions().size(), 4u);
}

// A record read back and written again kept the Result tag it was read with, though its movetext
// ended with the game's own result (found by fuzzing once the Result tag was checked).
TEST(Pgn, TheRecordGivesTheGamesOwnResultAndVariantWhateverTheTagsSay) {
  Game g(builtinVariant("chess"));
  g.play(parseMove(g.position(), "e4"));
  const std::string pgn = writePgn(g, {{"Result", "0-1"}, {"Variant", "desert-dust"}, {"Termination", "time"}});
  EXPECT_NE(pgn.find("[Result \"*\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[Variant \"chess\"]"), std::string::npos) << pgn;
  EXPECT_EQ(pgn.find("Termination"), std::string::npos) << pgn;
  EXPECT_EQ(readPgn(pgn).game->actions(), g.actions());
}

}  // namespace
