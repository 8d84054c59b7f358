// The UCI protocol as other programs use it: the variants announced, positions with moves, bad
// input answered, and a search that goes on while the GUI asks whether the engine is ready,
// stops it, or quits.
#include <gtest/gtest.h>

#include <sstream>
#include <thread>

#include "core/protocol/uci.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/position_text.hpp"
#include "tests/engine/engine_conversation.hpp"

using namespace tessera;
using tessera::testing::EngineConversation;

namespace {

std::string uci(const std::string& commands) {
  std::istringstream in(commands);
  std::ostringstream out;
  runUci(in, out);
  return out.str();
}

// The action after the first "bestmove " in the answers ("" when there is none).
std::string bestMoveIn(const std::string& answers) {
  const std::size_t at = answers.find("bestmove ");
  if (at == std::string::npos) return "";
  const std::size_t start = at + 9;
  return answers.substr(start, answers.find('\n', start) - start);
}

TEST(EngineUci, AnnouncesItselfAndTheVariants) {
  const std::string out = uci("uci\nisready\nquit\n");
  EXPECT_NE(out.find("id name Tessera"), std::string::npos);
  EXPECT_NE(out.find("option name UCI_Variant type combo default chess"), std::string::npos);
  // The options a GUI offers its user: several lines for a hint, and the table's size.
  EXPECT_NE(out.find("\noption name MultiPV type spin default 1 min 1 max 64\n"), std::string::npos) << out;
  EXPECT_NE(out.find("\noption name Hash type spin default 16 min 1 max 1024\n"), std::string::npos) << out;
  for (const char* v : {"var desert-dust", "var chameleon-redux-4p", "var tiled-squares", "var shifting-sands"})
    EXPECT_NE(out.find(v), std::string::npos) << v;
  EXPECT_NE(out.find("uciok"), std::string::npos);
  EXPECT_NE(out.find("readyok"), std::string::npos);
}

// A blank line, `isready` and a `stop` with nothing to stop are heard, answered only as the
// protocol says (readyok), and the session goes on to the next command.
TEST(EngineUci, BlankLinesIsreadyAndStopKeepTheSessionGoing) {
  const std::string out = uci("\nisready\n\nstop\nisready\nposition startpos\ngo depth 1\n");
  EXPECT_EQ(out.find("info string"), std::string::npos) << out;
  const std::size_t first = out.find("readyok\n");
  ASSERT_NE(first, std::string::npos) << out;
  EXPECT_NE(out.find("readyok\n", first + 1), std::string::npos) << out;
  EXPECT_NE(bestMoveIn(out), "") << out;
}

// `ucinewgame`, or a variant chosen, starts again from the variant's start, even after a position
// that was refused.
TEST(EngineUci, ANewGameOrAVariantChosenSearchesTheStartPosition) {
  const std::string afterMoves = uci("position startpos moves e2e4\nucinewgame\ngo depth 2\n");
  Position start = startPosition(builtinVariant("chess"));
  const std::string move = bestMoveIn(afterMoves);
  ASSERT_NE(move, "") << afterMoves;
  EXPECT_NO_THROW(parseMove(start, move)) << move << " is not White's action at the start";
  const std::string afterRefused = uci("position fen not-a-position\nucinewgame\ngo depth 2\n");
  EXPECT_NE(afterRefused.find("info string position:"), std::string::npos) << afterRefused;
  EXPECT_EQ(afterRefused.find("bestmove (none)"), std::string::npos) << afterRefused;
  EXPECT_NO_THROW(parseMove(start, bestMoveIn(afterRefused))) << afterRefused;
  // So does choosing a variant.
  const std::string afterVariant = uci("position fen not-a-position\nsetoption name UCI_Variant value chess\ngo depth 2\n");
  EXPECT_NO_THROW(parseMove(start, bestMoveIn(afterVariant))) << afterVariant;
}

// `ucinewgame` forgets what earlier searches learned (the table, the history): the same search
// after it runs node for node as in a fresh session, while without it the table cuts the work.
TEST(EngineUci, ANewGameForgetsWhatEarlierSearchesLearned) {
  EngineConversation gui(runUci);
  // Each search's lines up to its bestmove, with the times taken out.
  auto search = [&gui](std::size_t& from) {
    gui.type("go depth 5");
    const std::size_t end = gui.waitFor("bestmove ", 60, from);
    EXPECT_NE(end, std::string::npos) << gui.answers();
    const std::string answers = gui.answers();
    const std::string text = answers.substr(from, end - from);
    from = answers.find('\n', end) + 1;  // the bestmove line arrives whole
    std::string lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
      const std::size_t time = line.find(" time ");
      if (time != std::string::npos) line.erase(time, line.find(" pv ", time) - time);
      lines += line + "\n";
    }
    return lines;
  };
  std::size_t from = 0;
  const std::string fresh = search(from);
  ASSERT_NE(fresh.find("info depth 5 "), std::string::npos) << fresh;
  gui.type("ucinewgame");
  EXPECT_EQ(search(from), fresh);
  EXPECT_NE(search(from), fresh) << "a search repeated without ucinewgame should use the table";
}

TEST(EngineUci, BytesThatAreNoTextAreNamedNotEchoed) {
  // A GUI reads answers as text: a control byte or a NUL echoed back could end or garble its line.
  const std::string out = uci(std::string("fo\x02o\0\nposition startpos moves e2e4 \x01\xff\nisready\n", 46));
  EXPECT_NE(out.find("info string unknown command 'fo\\x02o\\x00'"), std::string::npos) << out;
  EXPECT_NE(out.find("\\x01\\xFF"), std::string::npos) << out;
  EXPECT_EQ(out.find_first_of(std::string("\x02\0\x01\xff", 4)), std::string::npos) << out;
  EXPECT_NE(out.find("readyok"), std::string::npos);
}

TEST(EngineUci, PlaysAVariantFromAPositionStringWithMoves) {
  const std::string out = uci(
      "setoption name UCI_Variant value shifting-chess\n"
      "position startpos moves BI-BII\n"
      "go depth 2\n"
      "position fen 4k3/8/4K3/8/8/8/8/7R w - - 0 1\n"
      "setoption name UCI_Variant value chess\n"
      "position fen 4k3/8/4K3/8/8/8/8/7R w - - 0 1\n"
      "go depth 3\n");
  EXPECT_NE(out.find("bestmove h1h8"), std::string::npos) << out;
  EXPECT_NE(out.find("score mate 1"), std::string::npos) << out;
  // The shifting-chess search answered with a legal action of Black.
  Position pos = startPosition(builtinVariant("shifting-chess"));
  pos.make(parseMove(pos, "BI-BII"));
  const std::string reply = bestMoveIn(out);
  EXPECT_NO_THROW(parseMove(pos, reply)) << out;
}

TEST(EngineUci, BadInputIsAnsweredAndTheSessionGoesOn) {
  const std::string out = uci("go depth x\nposition fen garbage\nsetoption name UCI_Variant value nonsense\nfoo\nisready\n");
  EXPECT_NE(out.find("info string position:"), std::string::npos) << out;
  EXPECT_NE(out.find("info string setoption:"), std::string::npos) << out;
  EXPECT_NE(out.find("info string unknown command 'foo'"), std::string::npos) << out;
  EXPECT_NE(out.find("info string go: 'depth' must be a number, got 'x'"), std::string::npos) << out;
  EXPECT_NE(out.find("readyok"), std::string::npos);
  // An option the engine does not offer is named, and the session goes on.
  const std::string unknown = uci("setoption name Ponder value true\nisready\n");
  EXPECT_NE(unknown.find("info string unknown option 'Ponder'\nreadyok"), std::string::npos) << unknown;
}

// MultiPV and Hash outside their ranges are taken at the nearest end of the range they announce
// (a Hash above it is not tried here: it would take a gigabyte).
TEST(EngineUci, OptionsOutsideTheirRangeAreClamped) {
  const std::string one = uci("setoption name MultiPV value 0\nsetoption name Hash value 0\nposition startpos\ngo depth 1\n");
  EXPECT_EQ(one.find("info string"), std::string::npos) << one;
  EXPECT_NE(one.find("info depth 1 multipv 1 "), std::string::npos) << one;
  EXPECT_EQ(one.find("multipv 2 "), std::string::npos) << one;
  Position pos = startPosition(builtinVariant("chess"));
  EXPECT_NO_THROW(parseMove(pos, bestMoveIn(one))) << one;
  const std::string all = uci("setoption name MultiPV value 1000\nposition startpos\ngo depth 1\n");
  EXPECT_EQ(all.find("info string"), std::string::npos) << all;
  EXPECT_NE(all.find("info depth 1 multipv 20 "), std::string::npos) << "all twenty first actions: " << all;
  // 2^32 + 1 is taken as the most, not wrapped through an int to 1.
  const std::string huge = uci("setoption name MultiPV value 4294967297\nposition startpos\ngo depth 1\n");
  EXPECT_NE(huge.find("info depth 1 multipv 20 "), std::string::npos) << huge;
}

TEST(EngineUci, GoInfiniteThinksUntilStopAndAnswersIsReadyMeanwhile) {
  EngineConversation gui(runUci);
  gui.type("position startpos moves e2e4");
  gui.type("go infinite");
  ASSERT_NE(gui.waitFor("info depth 4 ", 30), std::string::npos) << gui.answers();
  gui.type("isready");
  ASSERT_NE(gui.waitFor("readyok", 10), std::string::npos) << "isready unanswered while thinking";
  EXPECT_EQ(gui.answers().find("bestmove"), std::string::npos) << "no answer before stop";
  gui.type("stop");
  const std::size_t at = gui.waitFor("bestmove ", 10);
  ASSERT_NE(at, std::string::npos) << gui.answers();
  const std::string text = gui.answers();
  const std::string reply = text.substr(at + 9, text.find('\n', at) - at - 9);
  Position pos = startPosition(builtinVariant("chess"));
  pos.make(parseMove(pos, "e2e4"));
  EXPECT_NO_THROW(parseMove(pos, reply)) << reply;
}

TEST(EngineUci, AfterGoInfiniteTheBestMoveWaitsForStopEvenWhenTheSearchIsDone) {
  EngineConversation gui(runUci);
  gui.type("position fen 4k3/8/4K3/8/8/8/8/7R w - - 0 1");
  gui.type("go infinite");
  // Mate in one: the search ends after a few iterations, and still the GUI decides when.
  ASSERT_NE(gui.waitFor("score mate 1", 10), std::string::npos) << gui.answers();
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(gui.answers().find("bestmove"), std::string::npos) << gui.answers();
  gui.type("stop");
  EXPECT_NE(gui.waitFor("bestmove h1h8", 10), std::string::npos) << gui.answers();
}

TEST(EngineUci, QuitWhileThinkingEndsTheSession) {
  EngineConversation gui(runUci);
  gui.type("setoption name UCI_Variant value desert-dust");
  gui.type("go");  // no limit: as infinite
  ASSERT_NE(gui.waitFor("info depth 2 ", 30), std::string::npos) << gui.answers();
  gui.type("quit");
  EXPECT_TRUE(gui.waitForEnd(10)) << gui.answers();
}

TEST(EngineUci, ANewPositionStopsTheSearchUnderWayWhichStillAnswers) {
  EngineConversation gui(runUci);
  gui.type("go infinite");
  ASSERT_NE(gui.waitFor("info depth 3 ", 30), std::string::npos) << gui.answers();
  gui.type("position fen 4k3/8/4K3/8/8/8/8/7R w - - 0 1");
  gui.type("go depth 3");
  const std::size_t first = gui.waitFor("bestmove ", 10);
  ASSERT_NE(first, std::string::npos) << gui.answers();
  EXPECT_NE(gui.waitFor("bestmove h1h8", 10, first + 1), std::string::npos) << gui.answers();
}

TEST(EngineUci, TheEndOfInputLetsASearchWithLimitsFinishAndStopsAnInfiniteOne) {
  {
    EngineConversation gui(runUci);
    gui.type("go depth 5");
    gui.close();
    ASSERT_TRUE(gui.waitForEnd(60));
    EXPECT_NE(gui.answers().find("info depth 5 "), std::string::npos) << gui.answers();
    EXPECT_NE(gui.answers().find("bestmove "), std::string::npos);
  }
  EngineConversation gui(runUci);
  gui.type("go infinite");
  ASSERT_NE(gui.waitFor("info depth 2 ", 30), std::string::npos);
  gui.close();
  ASSERT_TRUE(gui.waitForEnd(10)) << gui.answers();
  EXPECT_NE(gui.answers().find("bestmove "), std::string::npos);
}

TEST(EngineUci, OptionsAndLimitsThatAreNotNumbersAreNamed) {
  const std::string out = uci("setoption name Hash value lots\nsetoption name MultiPV value 2x\ngo depth 3 nodes many\n"
                              "go ponder\ngo foo 5\nisready\n");
  EXPECT_NE(out.find("info string setoption: Hash must be a number, got 'lots'"), std::string::npos) << out;
  EXPECT_NE(out.find("info string setoption: MultiPV must be a number, got '2x'"), std::string::npos) << out;
  EXPECT_NE(out.find("info string go: 'nodes' must be a number, got 'many'"), std::string::npos) << out;
  EXPECT_NE(out.find("info string go: 'ponder' is not supported"), std::string::npos) << out;
  EXPECT_NE(out.find("info string go: 'foo' is no word of go"), std::string::npos) << out;
  EXPECT_EQ(out.find("bestmove"), std::string::npos) << "a go with a bad word does not search";
  // Numbers beyond an int are taken, within what the search takes: no wrap to a negative limit.
  const std::string big = uci("go depth 2 nodes 5000000000\ngo depth 2 movetime 99999999999\n");
  EXPECT_EQ(big.find("info string"), std::string::npos) << big;
  EXPECT_NE(big.find("info depth 2 "), std::string::npos) << big;
  EXPECT_NE(big.find("bestmove", big.find("bestmove") + 1), std::string::npos) << "both searches answered: " << big;
}

// Found by an audit (2026-11-28): a clock at zero or below, or only the other side's, left the
// search without a limit, and the GUI waited for ever. The answer comes at once now.
TEST(EngineUci, AClockAtZeroOrBelowStillGetsAnAnswerAtOnce) {
  for (const char* go : {"go wtime 0 btime 0", "go wtime -50 btime 1000", "go btime 5000", "go wtime 0 btime 0 winc 0 binc 0"}) {
    EngineConversation gui(runUci, "quit");
    gui.type("position startpos moves e2e4 e7e5");
    gui.type(go);
    ASSERT_NE(gui.waitFor("bestmove ", 10), std::string::npos) << go << ": " << gui.answers();
    Position pos = startPosition(builtinVariant("chess"));
    for (const char* m : {"e2e4", "e7e5"}) pos.make(parseMove(pos, m));
    const std::string reply = bestMoveIn(gui.answers());
    EXPECT_NO_THROW(parseMove(pos, reply)) << go << ": " << reply;
  }
}

// A GUI on Windows ends its lines with CR LF: the CR is no part of the value.
TEST(EngineUci, LinesEndingInCarriageReturnAreRead) {
  const std::string out = uci("setoption name UCI_Variant value desert-dust\r\nsetoption name MultiPV value 2\r\n"
                              "position startpos\r\ngo depth 1\r\n");
  EXPECT_EQ(out.find("info string"), std::string::npos) << out;
  EXPECT_NE(out.find("info depth 1 multipv 2 "), std::string::npos) << out;
  Position pos = startPosition(builtinVariant("desert-dust"));
  EXPECT_NO_THROW(parseMove(pos, bestMoveIn(out))) << out;
}

TEST(EngineUci, OptionNamesAreReadWithoutRegardToCase) {
  const std::string out = uci("setoption name multipv value 3\nsetoption name uci_variant value tiled-squares\ngo depth 1\n");
  EXPECT_EQ(out.find("info string"), std::string::npos) << out;
  EXPECT_NE(out.find("info depth 1 multipv 3 "), std::string::npos) << out;
  Position pos = startPosition(builtinVariant("tiled-squares"));
  EXPECT_NO_THROW(parseMove(pos, bestMoveIn(out))) << out;
}

// Found by an audit (2026-11-28): after a refused `position` the search ran on the position before
// it, and answered with an action of the wrong side. Now it answers that it has no position.
TEST(EngineUci, AfterARefusedPositionGoAnswersThatThereIsNone) {
  const std::string out = uci("position startpos moves e2e4\ngo depth 1\n"
                              "position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1h1\ngo depth 1\n");
  const std::size_t first = out.find("bestmove ");
  ASSERT_NE(first, std::string::npos) << out;
  const std::size_t second = out.find("bestmove ", first + 1);
  ASSERT_NE(second, std::string::npos) << out;
  EXPECT_EQ(out.substr(second), "bestmove (none)\n") << out;
  EXPECT_NE(out.find("info string the last position command was refused; no position to search"), std::string::npos) << out;
  // A good position afterwards is searched again.
  const std::string again = uci("position startpos moves e9e4\nposition startpos moves e2e4\ngo depth 1\n");
  EXPECT_EQ(again.find("bestmove (none)"), std::string::npos) << again;
  EXPECT_NE(again.find("bestmove "), std::string::npos) << again;
}

TEST(EngineUci, FourPlayersAGameWithOneSideLeftHasNoAction) {
  const std::string out = uci("setoption name UCI_Variant value chameleon-redux-4p\n"
                              "position fen 7nK/6sR1/6sK1/8/8/8/8/8 n - - 0 1 moves out\ngo depth 2\n");
  EXPECT_NE(out.find("bestmove (none)\n"), std::string::npos) << out;
  EXPECT_EQ(out.find("a1a1"), std::string::npos) << out;
}

// Four players: the modelled rounds are named, and the action played is the one whose round scored
// best (in this middle game not the best reply search's last pv, which begins with d3d4).
TEST(EngineUci, FourPlayersTheModelledRoundsAreNamedAndTheBestOneIsPlayed) {
  const std::string out = uci("setoption name UCI_Variant value chameleon-redux-4p\n"
                              "position fen 1wP1nQ4/wRwK2nP1nKnP/1wP4nPnQ/wQwP1wP1nP2/8/1sPsPsQ1ePePeB/sPsK1sPeP1ePeK/2sQ5 "
                              "s - - 0 13\ngo nodes 60000\n");
  EXPECT_NE(out.find("info string modelled round d3d4 "), std::string::npos) << out;
  EXPECT_NE(out.find("info string modelled round d3c2 "), std::string::npos) << out;
  EXPECT_EQ(bestMoveIn(out), "d3c2") << out;
  EXPECT_NE(out.find("multipv 1 score cp 211 nodes"), std::string::npos) << "the best reply search's own choice\n" << out;
}

// Found by an audit (2026-11-28): `go searchmoves` and `go mate` were refused, and a GUI got no
// bestmove for its go. Now the search chooses among the actions named, and a mate in N is looked
// for to that depth.
TEST(EngineUci, SearchMovesAndMateInNAreAnswered) {
  const std::string only = uci("position startpos\ngo depth 3 searchmoves a2a3 h2h4\n");
  const std::string chosen = bestMoveIn(only);
  EXPECT_TRUE(chosen == "a2a3" || chosen == "h2h4") << only;
  for (std::size_t at = only.find(" pv "); at != std::string::npos; at = only.find(" pv ", at + 1))
    EXPECT_TRUE(only.compare(at + 4, 4, "a2a3") == 0 || only.compare(at + 4, 4, "h2h4") == 0) << only;
  // With MultiPV 3 and two actions named, two lines.
  const std::string two = uci("setoption name MultiPV value 3\nposition startpos\ngo depth 2 searchmoves g1f3 b1c3\n");
  EXPECT_NE(two.find("info depth 2 multipv 2 "), std::string::npos) << two;
  EXPECT_EQ(two.find("info depth 2 multipv 3 "), std::string::npos) << two;
  // Named actions end at the next word of go.
  const std::string limited = uci("position startpos\ngo searchmoves e2e4 depth 2\n");
  EXPECT_EQ(bestMoveIn(limited), "e2e4") << limited;
  EXPECT_NE(limited.find("info depth 2 "), std::string::npos) << limited;
  EXPECT_EQ(limited.find("info depth 3 "), std::string::npos) << limited;
  EXPECT_NE(uci("position startpos\ngo searchmoves e2e5\n").find("info string go: 'e2e5' is not a legal move"), std::string::npos);

  const std::string mate = uci("position fen 4k3/8/4K3/8/8/8/8/7R w - - 0 1\ngo mate 1\n");
  EXPECT_EQ(bestMoveIn(mate), "h1h8") << mate;
  EXPECT_NE(mate.find("score mate 1"), std::string::npos) << mate;
  EXPECT_EQ(mate.find("info depth 2 "), std::string::npos) << "a mate in 1 is one ply: " << mate;
}

}  // namespace
