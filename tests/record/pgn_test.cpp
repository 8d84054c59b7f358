// The game record: every variant's games written as PGN and read back to the same game; the first
// bad action named; results by rule, resignation, agreement and four-player elimination order; a
// file of several games, each read on its own, and the faults a record checked by hand can have;
// the seven-tag roster, the 79-character lines and the thinking times as written.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <random>
#include <sstream>

#include "core/record/pgn.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/position_text.hpp"
#include "tests/support/message_of.hpp"

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

  // A loss on time is no player's word to withdraw, even after a resignation that was withdrawn.
  Game flagged(builtinVariant("chess"));
  flagged.resign(0);
  flagged.withdrawResignationOrDraw();
  flagged.loseOnTime(0);
  EXPECT_THROW(flagged.withdrawResignationOrDraw(), std::invalid_argument);
  EXPECT_EQ(flagged.result().reason, "White loses on time");
}

// The seven tags every PGN record opens with, in their order, with PGN's unknowns where the game
// gave none.
TEST(Pgn, ARecordOpensWithTheSevenTagRoster) {
  Game g(builtinVariant("chess"));
  g.play(parseMove(g.position(), "e4"));
  const std::string pgn = writePgn(g, {{"Event", "Club night"}});
  EXPECT_EQ(pgn.substr(0, pgn.find("[Variant")),
            "[Event \"Club night\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n"
            "[Black \"?\"]\n[Result \"*\"]\n");
  // Other tags follow the game's own, each once; a roster tag is not written twice.
  const std::string more = writePgn(g, {{"Annotator", "Tessera"}, {"White", "Ann"}, {"Result", "1-0"}});
  EXPECT_NE(more.find("[Variant \"chess\"]\n[Annotator \"Tessera\"]\n\n"), std::string::npos) << more;
  EXPECT_EQ(more.find("[White"), more.rfind("[White")) << more;
  EXPECT_EQ(more.find("[Result"), more.rfind("[Result")) << more;
  EXPECT_NE(more.find("[White \"Ann\"]"), std::string::npos) << more;
}

// Movetext lines are at most 79 characters, each as full as the next word allows.
TEST(Pgn, MovetextLinesAreFilledUpTo79Characters) {
  Game g = randomGame("desert-dust", 7, 120);
  const std::string pgn = writePgn(g);
  std::istringstream in(pgn.substr(pgn.find("\n\n") + 2));
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) lines.push_back(line);
  ASSERT_GT(lines.size(), 5u);
  EXPECT_TRUE(std::any_of(lines.begin(), lines.end(), [](const std::string& l) { return l.size() == 79; }))
      << "this game tries the bound itself";
  for (std::size_t i = 0; i < lines.size(); ++i) {
    EXPECT_LE(lines[i].size(), 79u) << lines[i];
    if (i + 1 < lines.size()) {
      EXPECT_GT(lines[i].size() + 1 + lines[i + 1].substr(0, lines[i + 1].find(' ')).size(), 79u)
          << "the next line's first word would have fitted after: " << lines[i];
    }
  }
}

// The thinking times of a record (`[%emt h:mm:ss]`, rounded to the second, none where the time is
// not known); an action after a comment carries its number again.
TEST(Pgn, ThinkingTimesAreWrittenAsEmtCommentsToTheSecond) {
  Game g(builtinVariant("chess"));
  for (const char* a : {"e4", "e5", "Nf3", "Nc6"}) g.play(parseMove(g.position(), a));
  std::string pgn = writePgn(g, {}, elapsedTimeComments({1499, std::nullopt, 3723500, -20}));
  std::replace(pgn.begin(), pgn.end(), '\n', ' ');  // the movetext runs over two lines
  EXPECT_NE(pgn.find("1. e4 {[%emt 0:00:01]} 1... e5 2. Nf3 {[%emt 1:02:04]} 2... Nc6 {[%emt 0:00:00]} *"),
            std::string::npos)
      << pgn;
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

// A four-player result names two or more sides in finishing order, each once, and nothing more.
TEST(Pgn, AFourPlayerResultNamesTwoOrMoreSidesEachOnce) {
  const std::string tags = "[Variant \"chameleon-redux-4p\"]\n\n";
  EXPECT_EQ(readPgn(tags + "s>w\n").recordedResult, "s>w");
  EXPECT_EQ(readPgn(tags + "n>e>s>w\n").recordedResult, "n>e>s>w");
  for (const char* bad : {"s>w>", "s>s", "s>w>n>e>s", "s", ">s"})
    EXPECT_THROW(readPgn(tags + bad + "\n"), PgnError) << bad;
}

TEST(Pgn, AVariantTagNamingNoVariantIsRefusedWithItsLine) {
  const std::string message = messageOf<PgnError>([] { readPgn("[Event \"x\"]\n[Variant \"nochess\"]\n\n*\n"); });
  EXPECT_NE(message.find("line 2: Variant tag 'nochess'"), std::string::npos) << message;
}

// A takeback that goes back past the action that put a side out brings the side back into the
// order of finish; one that stops just after it leaves the side out.
TEST(Pgn, TakingBackTheActionThatPutASideOutBringsItBack) {
  for (unsigned seed = 1; seed < 400; ++seed) {
    const Game played = randomGame("chameleon-redux-4p", seed, 2000);
    if (played.eliminationOrder().empty()) continue;
    Game g(played.variant());
    std::size_t outAfter = 0;  // actions played when the first side went out
    for (const Move& m : played.actions()) {
      g.play(m);
      if (!g.eliminationOrder().empty()) {
        outAfter = g.actions().size();
        break;
      }
    }
    if (outAfter == 0 || outAfter >= played.actions().size()) continue;
    const int out = g.eliminationOrder()[0];
    const Move last = g.actions().back();
    g.play(played.actions()[outAfter]);
    g.takeBack(1);
    EXPECT_EQ(g.eliminationOrder(), std::vector<int>{out}) << "the action that put it out still stands";
    g.takeBack(1);
    EXPECT_TRUE(g.eliminationOrder().empty());
    EXPECT_TRUE(g.position().inGame(out));
    g.play(last);
    EXPECT_EQ(g.eliminationOrder(), std::vector<int>{out});
    return;
  }
  FAIL() << "no random four-player game put a side out";
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
  for (const char* line : {"[East\"A: search 1000 ms\"]", "[Ea#st \"A\"]", "[1East \"A\"]", "[ \"A\"]", "[East A]",
                           "[East \"A]", "[East \"A\"", "[\"A\" East]"}) {
    try {
      readPgn(std::string("[Event \"?\"]\n") + line + "\n[Variant \"chess\"]\n\n1. e4 *\n");
      ADD_FAILURE() << "read: " << line;
    } catch (const PgnError& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("line 2: malformed tag: ") + line), std::string::npos) << e.what();
    }
  }
  EXPECT_EQ(readPgn("[Event \"?\"]\n[Time_Control2 \"40/7200\"]\n\n1. e4 *\n").tags.at("Time_Control2"), "40/7200");
  // In a value \" is a quote and \\ a backslash.
  EXPECT_EQ(readPgn("[Annotator \"say \\\"hi\\\" \\\\ x\"]\n\n1. e4 *\n").tags.at("Annotator"), "say \"hi\" \\ x");
  EXPECT_EQ(readPgn("[Site \"\"]\n\n1. e4 *\n").tags.at("Site"), "");
}

TEST(Pgn, CommentsAnnotationsAndMoveNumbersAreSkipped) {
  const PgnGame g = readPgn("[Variant \"chess\"]\n\n1. e4 {best by test} e5 $1 2. Nf3! ; a comment\nNc6?! *\n");
  EXPECT_EQ(g.game->actions().size(), 4u);
  // A comment against its actions, with no space either side, and a line escaped with % at its start.
  const PgnGame tight = readPgn("[Variant \"chess\"]\n\n1.e4{best}e5\n% 2. a4 a5\n2.Nf3 *\n");
  Game expected(builtinVariant("chess"));
  for (const char* a : {"e4", "e5", "Nf3"}) expected.play(parseMove(expected.position(), a));
  EXPECT_EQ(tight.game->actions(), expected.actions());
}

std::string faultOf(const std::string& pgn) {
  return messageOf<PgnError>([&] { readPgn(pgn); });
}

// Three games as `tessera match --pgn` writes them, one after another; the second has a bad action.
const std::string kThreeGames =
    "[Event \"1\"]\n[Round \"1\"]\n[Variant \"chess\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n"  // lines 1-6
    "[Event \"2\"]\n[Variant \"chess\"]\n\n1. c4 Nh6 2. f4 Nc6 3. Kz9 Qq0 *\n\n"       // lines 7-11
    "[Event \"3\"]\n[Variant \"desert-dust\"]\n\n1. Jh6 Ok8 2. Sc5 Ak6 *\n";           // lines 12-15

// Audit 2026-11-28: the games ran together, tags merged, and reading stopped at the first result.
TEST(Pgn, EachGameOfAFileIsReadOnItsOwn) {
  const std::vector<PgnGameInFile> games = readPgnGames(kThreeGames);
  ASSERT_EQ(games.size(), 3u);
  EXPECT_EQ(games[0].line, 1);
  ASSERT_TRUE(games[0].read) << games[0].fault;
  EXPECT_EQ(games[0].read->game->actions().size(), 4u);
  EXPECT_EQ(games[1].line, 7);
  EXPECT_FALSE(games[1].read);
  EXPECT_NE(games[1].fault.find("line 10, action 5 (3. Kz9, White to act)"), std::string::npos) << games[1].fault;
  EXPECT_EQ(games[2].line, 12);
  ASSERT_TRUE(games[2].read) << games[2].fault;
  EXPECT_EQ(games[2].read->game->variant().name, "desert-dust");
  EXPECT_EQ(games[2].read->game->actions().size(), 4u);
  EXPECT_EQ(games[2].read->tags.at("Event"), "3");
  EXPECT_EQ(games[2].read->tags.count("Round"), 0u) << "no tag of the first game";
  // readPgn reads one game and says so when there are more.
  EXPECT_NE(faultOf(kThreeGames).find("line 7: a second game starts here where one was expected"), std::string::npos)
      << faultOf(kThreeGames);
}

TEST(Pgn, TextWithNoMovetextHoldsNoGame) {
  for (const char* text : {"", "\n\n", "[Event \"?\"]\n[Result \"*\"]\n[Variant \"chess\"]\n\n", "; a remark\n{a comment}\n"}) {
    EXPECT_EQ(faultOf(text), "no game record") << text;
    EXPECT_TRUE(readPgnGames(text).empty()) << text;
  }
  EXPECT_EQ(readPgn("[Variant \"chess\"]\n\n*\n").game->actions().size(), 0u) << "a result alone is a game not begun";
  // Tags with nothing after them at the end of a file of games.
  const std::vector<PgnGameInFile> games = readPgnGames("1. e4 *\n\n[Event \"?\"]\n");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[1].fault, "line 3: tags with no movetext after them (no action and no result)");
}

// Any word with a '>' was taken for a four-player result and ended the record, in chess too.
TEST(Pgn, OnlyTheVariantsResultsEndAGame) {
  const std::string chess = faultOf("[Variant \"chess\"]\n\n1. c4 Nh6 2. f4 <garbage> 3. Kz9 Qq0 *\n");
  EXPECT_NE(chess.find("line 3, action 4 (2... <garbage>, Black to act): move text '<garbage>'"), std::string::npos) << chess;
  EXPECT_NE(faultOf("[Variant \"chess\"]\n\n1. e4 w>n>e>s\n").find("action 2 (1... w>n>e>s"), std::string::npos);
  const std::string fourPlayers = "[Variant \"chameleon-redux-4p\"]\n\n1. ";
  for (const char* word : {"1-0", "s>s", "w>x", "s>", "s"})
    EXPECT_NE(faultOf(fourPlayers + word + "\n").find("line 3, action 1 (1. "), std::string::npos) << word;
  EXPECT_EQ(readPgn(fourPlayers + "*\n").recordedResult, "*");
}

TEST(Pgn, ACommentNeverClosedIsNamedWithItsLine) {
  EXPECT_EQ(faultOf("[Variant \"chess\"]\n\n1. c4 Nh6\n2. f4 {oops 2... Nc6\n3. Kz9 *\n"),
            "comment opened on line 4 is never closed");
  EXPECT_EQ(faultOf("{"), "comment opened on line 1 is never closed");
}

TEST(Pgn, WordsAfterTheResultAreRefused) {
  EXPECT_EQ(faultOf("[Variant \"chess\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 1-0 4. Qxf7#\n"),
            "line 3: '4. Qxf7#' after the result 1-0 (a new game starts with its tags)");
  EXPECT_EQ(faultOf("1. e4 *\n\n1. d4 *\n"), "line 3: '1. d4 *' after the result * (a new game starts with its tags)");
  EXPECT_EQ(readPgn("1. e4 * {a comment after the result}\n; and a remark\n").game->actions().size(), 1u);
}

// The movetext's result was compared with the final position, the Result tag with nothing.
TEST(Pgn, AnActionAfterTheGameEndedIsRefusedAsSuch) {
  EXPECT_EQ(faultOf("[Variant \"chess\"]\n\n1. f3 e5 2. g4 Qh4# 3. a3 0-1\n"),
            "line 3, action 5 (3. a3, White to act): the game is over (checkmate)");
}

TEST(Pgn, SpacesAfterATagAreAllowed) {
  EXPECT_EQ(readPgn("[Event \"x\"] \t\n[Variant \"chess\"]\n\n1. e4 *\n").tags.at("Event"), "x");
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

TEST(Pgn, AResultTagThatContradictsTheRecordIsRefused) {
  EXPECT_EQ(faultOf("[Variant \"chess\"]\n[Result \"0-1\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#\n"),
            "line 2: the Result tag gives 0-1 but the final position ends the game 1-0 (checkmate)");
  EXPECT_EQ(faultOf("[Result \"1-0\"]\n\n1. e4 e5 0-1\n"), "line 1: the Result tag gives 1-0 but the movetext ends with 0-1 (line 3)");
  EXPECT_EQ(faultOf("[Variant \"chess\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n"),
            "line 3: the record gives the result 1-0 but the final position ends the game 0-1 (checkmate)");
  // A resignation: the final position ends nothing, the record says who won.
  EXPECT_EQ(readPgn("[Result \"1-0\"]\n\n1. e4 1-0\n").recordedResult, "1-0");
  EXPECT_EQ(readPgn("[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4#\n").game->result().token, "0-1");
}

TEST(Pgn, AHugeBadWordIsQuotedShort) {
  const std::string word(20'000'000, 'a');
  const std::string fault = faultOf("[Variant \"chess\"]\n\n1. c4 " + word + " *\n");
  EXPECT_LT(fault.size(), 250u) << fault.substr(0, 500);
  EXPECT_NE(fault.find("line 3, action 2 (1... " + std::string(60, 'a') + "..., Black to act)"), std::string::npos)
      << fault.substr(0, 500);
  const std::string tag = faultOf("[Event \"" + word + "\"\n\n1. e4 *\n");
  EXPECT_EQ(tag, "line 1: malformed tag: [Event \"" + std::string(52, 'a') + "...");
  EXPECT_LT(faultOf("[Variant \"" + word + "\"]\n\n1. e4 *\n").size(), 400u);
}

TEST(Pgn, NumbersWrittenAgainstTheirActionsAndAByteOrderMarkAreRead) {
  EXPECT_EQ(readPgn("[Variant \"chess\"]\n\n1.c4 Nh6 2.f4 Nc6 3.Nc3 3...e5 *\n").game->actions().size(), 6u);
  const PgnGame marked = readPgn("\xEF\xBB\xBF[Event \"x\"]\n[Variant \"chess\"]\n\n1. e4 *\n");
  EXPECT_EQ(marked.tags.at("Event"), "x");
  EXPECT_EQ(marked.game->actions().size(), 1u);
}

TEST(Pgn, AVariationIsRefusedWithItsLine) {
  EXPECT_EQ(faultOf("[Variant \"chess\"]\n\n1. c4 (1. d4 d5) 1... Nh6 2. f4 *\n"),
            "line 3: variations in parentheses are not read; take them out to check the main line");
}

}  // namespace
