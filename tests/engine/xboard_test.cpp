// The XBoard protocol (CECP) as XBoard and WinBoard use it: the features and variants announced,
// a game with the engine answering the user's actions, force mode, positions, takebacks, analysis,
// and bad input answered as the protocol asks. (XBoard itself drives it in
// tests/host/xboard_gui_test.cpp.)
#include <gtest/gtest.h>

#include <chrono>
#include <sstream>
#include <thread>

#include "core/engine/time_budget.hpp"
#include "core/protocol/xboard.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/position_text.hpp"
#include "tests/engine/engine_conversation.hpp"

using namespace tessera;
using tessera::testing::EngineConversation;

namespace {

std::string xboard(const std::string& commands) {
  std::istringstream in(commands);
  std::ostringstream out;
  runXboard(in, out);
  return out.str();
}

// The text after `prefix` on the line where it first occurs after `from` ("" if none).
std::string wordAfter(const std::string& text, const std::string& prefix, std::size_t from = 0) {
  const std::size_t at = text.find(prefix, from);
  if (at == std::string::npos) return "";
  const std::size_t start = at + prefix.size();
  return text.substr(start, text.find_first_of(" \n", start) - start);
}

// The first action of the first thinking line ("depth score time nodes line") after `from`.
std::string firstThinkingAction(const std::string& text, std::size_t from) {
  std::istringstream lines(text.substr(from));
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::string depth, score, time, nodes, first;
    if (words >> depth >> score >> time >> nodes >> first && depth.find_first_not_of("0123456789") == std::string::npos)
      return first;
  }
  return "";
}

// The thinking lines in `text` from `from` to `to`, their times (the third number) left out.
std::string thinkingWithoutTimes(const std::string& text, std::size_t from, std::size_t to) {
  std::istringstream lines(text.substr(from, to - from));
  std::string kept;
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::string depth, score, time, rest;
    if (!(words >> depth >> score >> time) || depth.find_first_not_of("0123456789") != std::string::npos) continue;
    std::getline(words, rest);
    kept += depth + " " + score + rest + "\n";
  }
  return kept;
}

bool legalIn(const std::string& variant, const std::string& action, const std::string& moves = "") {
  Position pos = startPosition(builtinVariant(variant));
  std::istringstream played(moves);
  for (std::string m; played >> m;) pos.make(parseMove(pos, m));
  try {
    parseMove(pos, action);
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

TEST(EngineXboard, AnnouncesTheVariantsXBoardCanShow) {
  const std::string out = xboard("xboard\nprotover 2\n");
  EXPECT_NE(out.find("feature myname=\"Tessera\""), std::string::npos) << out;
  EXPECT_NE(out.find("variants=\"normal,desert-dust\""), std::string::npos) << out;
  for (const char* f : {"setboard=1", "usermove=1", "ping=1", "analyze=1", "time=1", "done=1"})
    EXPECT_NE(out.find(f), std::string::npos) << f;
}

TEST(EngineXboard, AnswersTheUsersActionWithItsOwnAsBlack) {
  const std::string out = xboard("xboard\nprotover 2\nnew\nlevel 40 1 0\npost\ntime 4000\notim 4000\nusermove e2e4\n");
  const std::string reply = wordAfter(out, "\nmove ");
  ASSERT_FALSE(reply.empty()) << out;
  Position pos = startPosition(builtinVariant("chess"));
  pos.make(parseMove(pos, "e2e4"));
  const Move m = parseMove(pos, reply);
  EXPECT_EQ(pos.at(m.from) ? pieceSide(pos.at(m.from)) : -1, 1) << "a Black piece moves: " << reply;
  // Thinking output: depth, score, time, nodes and a line that starts with the action played.
  EXPECT_NE(out.find("\n1 "), std::string::npos) << out;
}

TEST(EngineXboard, ForceModeOnlyRecordsActionsUntilGo) {
  const std::string out = xboard("new\nforce\nusermove e2e4\nusermove e7e5\nusermove g1f3\nping 7\n");
  EXPECT_EQ(out.find("move "), std::string::npos) << out;
  EXPECT_NE(out.find("pong 7"), std::string::npos);
  // `go` makes the engine play the side to act, here Black after 1. e4 e5 2. Nf3.
  const std::string played = xboard("new\nforce\nusermove e2e4\nusermove e7e5\nusermove g1f3\nsd 3\ngo\n");
  const std::string reply = wordAfter(played, "move ");
  Position pos = startPosition(builtinVariant("chess"));
  for (const char* m : {"e2e4", "e7e5", "g1f3"}) pos.make(parseMove(pos, m));
  EXPECT_NO_THROW(parseMove(pos, reply)) << played;
}

TEST(EngineXboard, MatesFromASetBoardAndSaysTheResult) {
  const std::string out = xboard("new\nforce\nsetboard 4k3/8/4K3/8/8/8/8/7R w - - 0 1\nsd 3\ngo\n");
  EXPECT_NE(out.find("move h1h8\n1-0 {White wins by checkmate}"), std::string::npos) << out;
}

// Found by an audit (2026-11-28): `go` in a finished position was met with silence, and the GUI
// waited for an action that could not come.
TEST(EngineXboard, GoInAGameThatIsOverSaysTheResult) {
  EXPECT_NE(xboard("xboard\nprotover 2\nforce\nsetboard 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo\n").find("1/2-1/2 {stalemate}\n"),
            std::string::npos);
  EXPECT_NE(xboard("xboard\nprotover 2\nforce\nsetboard 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\ngo\n").find("1-0 {White wins by checkmate}\n"),
            std::string::npos);
  EXPECT_NE(xboard("force\nsetboard 7k/8/6K1/8/8/8/8/R7 w - - 100 80\ngo\n").find("1/2-1/2 {fifty-move rule}\n"), std::string::npos);
}

// Thinking lines give mates as XBoard shows them: 100000 and the actions to mate, negative when
// the engine is the one mated.
TEST(EngineXboard, ThinkingShowsMatesForAndAgainstTheEngine) {
  const std::string mating = xboard("new\nforce\npost\nsetboard 4k3/8/4K3/8/8/8/8/7R w - - 0 1\nsd 3\ngo\n");
  EXPECT_NE(mating.find("\n3 100001 "), std::string::npos) << mating;
  // White's only actions are the a-pawn's, and either lets Black mate with Qg2.
  const std::string mated = xboard("new\nforce\npost\nsetboard 8/8/8/8/8/5kq1/P7/7K w - - 0 1\nsd 3\ngo\n");
  EXPECT_NE(mated.find("\n3 -100001 "), std::string::npos) << mated;
  EXPECT_NE(mated.find(" g3g2\nmove a2a"), std::string::npos) << mated;
}

// A blank line (a GUI may send one) is no command, and the session goes on.
TEST(EngineXboard, ABlankLineIsPassedOver) {
  const std::string out = xboard("new\n\n   \nping 4\n");
  EXPECT_NE(out.find("pong 4"), std::string::npos) << out;
  EXPECT_EQ(out.find("Error"), std::string::npos) << out;
}

// What XBoard sends about itself, the opponent and the display is heard without an error and
// without ending the session: the facts the engine has no use for, post and nopost, a move-now
// with nothing to move, a hint.
TEST(EngineXboard, TheGuisOwnCommandsAreHeardQuietly) {
  const std::string out = xboard(
      "xboard\nprotover 2\naccepted setboard\nrejected colors\nhard\neasy\nrandom\ncomputer\nname Bob\n"
      "rating 2000 1800\nics -\n.\ndraw\ncores 2\npost\n?\nnew\nforce\nusermove e2e4\nhint\nnopost\n"
      "time 4000\notim 4000\nsd 2\ngo\nping 5\n");
  EXPECT_EQ(out.find("Error"), std::string::npos) << out;
  EXPECT_NE(out.find("Hint: "), std::string::npos) << out;
  EXPECT_EQ(out.find('{'), std::string::npos) << "no result while the game goes on: " << out;
  // After nopost the engine's thinking is not shown, only its action.
  EXPECT_NE(out.find("\nmove "), std::string::npos) << out;
  EXPECT_EQ(out.find("\n1 ", out.find("Hint: ")), std::string::npos) << out;
  EXPECT_NE(out.find("pong 5"), std::string::npos) << out;
}

// `new` after another game: orthodox chess from the start, out of force mode, the engine Black
// again, and no depth limit left from before.
TEST(EngineXboard, NewStartsChessAgainWithTheEngineAsBlack) {
  const std::string out = xboard(
      "variant desert-dust\nforce\nusermove f4f6\nsd 2\nplayother\nforce\nnew\npost\nusermove e2e4\n");
  EXPECT_EQ(out.find("Illegal"), std::string::npos) << out;
  EXPECT_TRUE(legalIn("chess", wordAfter(out, "\nmove "), "e2e4")) << out;
  EXPECT_NE(out.find("\n3 "), std::string::npos) << "searched deeper than the old sd 2: " << out;
}

// `new` forgets what earlier searches learned: the same search after it runs node for node as the
// first, while one repeated without it (after `remove`) uses the table.
TEST(EngineXboard, NewForgetsWhatEarlierSearchesLearned) {
  EngineConversation gui(runXboard, "quit");
  std::size_t from = 0;
  auto search = [&](const std::string& before) {
    gui.type(before);
    gui.type("post");
    gui.type("sd 4");
    gui.type("usermove e2e4");
    const std::size_t at = gui.waitFor("move ", 60, from);
    EXPECT_NE(at, std::string::npos) << gui.answers();
    const std::string text = gui.answers();
    const std::string lines = thinkingWithoutTimes(text, from, at);
    from = text.find('\n', at) + 1;
    return lines;
  };
  const std::string first = search("new");
  ASSERT_NE(first.find("4 "), std::string::npos) << first;
  EXPECT_EQ(search("new"), first);
  EXPECT_NE(search("remove"), first) << "a search repeated without new should use the table";
  // `memory` sets up a table of the size asked for, empty.
  EXPECT_EQ(search("memory 16\nremove"), first);
}

// Analysis goes on through a new game, an action taken back, a position set up and a variant
// chosen, each from the position they leave. (Each new analysis begins again at depth 1, the way to
// tell its lines from the last one's.)
TEST(EngineXboard, AnalysisFollowsANewGameATakebackAPositionAndAVariant) {
  EngineConversation gui(runXboard, "quit");
  gui.type("force");
  gui.type("setboard 4k3/8/4K3/8/8/8/8/7R w - - 0 1");
  gui.type("analyze");
  ASSERT_NE(gui.waitFor("1 100001 ", 10), std::string::npos) << gui.answers();
  // The first action of the next analysis's lines after `command`.
  auto analysisAfter = [&gui](const std::string& command) {
    const std::size_t from = gui.answers().size() - 1;  // "\n1 " starts at the last line's newline
    gui.type(command);
    const std::size_t first = gui.waitFor("\n1 ", 30, from);
    EXPECT_NE(first, std::string::npos) << command << ": " << gui.answers();
    return first == std::string::npos ? "" : firstThinkingAction(gui.answers(), first + 1);
  };
  EXPECT_TRUE(legalIn("chess", analysisAfter("new"))) << gui.answers();
  EXPECT_TRUE(legalIn("chess", analysisAfter("usermove e2e4"), "e2e4")) << gui.answers();
  const std::string afterUndo = analysisAfter("undo");
  EXPECT_TRUE(legalIn("chess", afterUndo) && !legalIn("chess", afterUndo, "e2e4")) << gui.answers();
  EXPECT_EQ(analysisAfter("setboard 4k3/8/4K3/8/8/8/8/7R w - - 0 1"), "h1h8") << gui.answers();
  EXPECT_TRUE(legalIn("desert-dust", analysisAfter("variant desert-dust"))) << gui.answers();
}

// A game the fifty-move rule has ended is not analysed (found by the audit of 2026-11-28: the
// analysis suggested actions in it); the analysis starts again with a position that goes on.
TEST(EngineXboard, AGameOverIsNotAnalysed) {
  EngineConversation gui(runXboard, "quit");
  gui.type("force");
  gui.type("setboard 7k/8/6K1/8/8/8/8/R7 w - - 100 80");
  gui.type("analyze");
  gui.type("ping 1");
  ASSERT_NE(gui.waitFor("pong 1", 10), std::string::npos);
  // An analysis under way would have printed its first depths within milliseconds.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(gui.answers(), "pong 1\n");
  gui.type("setboard 4k3/8/4K3/8/8/8/8/7R w - - 0 1");
  EXPECT_NE(gui.waitFor("1 100001 ", 10), std::string::npos) << gui.answers();
}

// playother: out of force mode, the engine takes the side not to act and answers the user's action.
TEST(EngineXboard, PlayotherTakesTheSideNotToAct) {
  const std::string out = xboard("new\nforce\nusermove e2e4\nplayother\nsd 2\nusermove e7e5\n");
  EXPECT_TRUE(legalIn("chess", wordAfter(out, "move "), "e2e4 e7e5")) << out;
}

// A version 1 GUI sends the user's action bare, and the engine answers it.
TEST(EngineXboard, ABareActionIsPlayed) {
  const std::string out = xboard("new\nsd 2\ne2e4\n");
  EXPECT_EQ(out.find("Error"), std::string::npos) << out;
  EXPECT_TRUE(legalIn("chess", wordAfter(out, "move "), "e2e4")) << out;
}

// The user's action that ends the game is answered with the result; one after the end is refused
// and not played; and there is no hint in a finished game.
TEST(EngineXboard, TheUsersActionEndsTheGameAndNoneIsTakenAfterIt) {
  EXPECT_NE(xboard("force\nsetboard 4k3/8/4K3/8/8/8/8/7R w - - 0 1\nusermove h1h8\n").find("1-0 {White wins by checkmate}\n"),
            std::string::npos);
  // Drawn by the fifty-move rule; a1a2 would be an action, but the game is over.
  const std::string out = xboard("force\nsetboard 7k/8/6K1/8/8/8/8/R7 w - - 100 80\nusermove a1a2\nhint\nping 1\n");
  EXPECT_NE(out.find("Illegal move (the game is over): a1a2\n"), std::string::npos) << out;
  EXPECT_EQ(out.find("Error"), std::string::npos) << "said once, as XBoard expects: " << out;
  EXPECT_EQ(out.find("1/2-1/2"), std::string::npos) << "nothing was played to end it again: " << out;
  EXPECT_EQ(out.find("Hint"), std::string::npos) << out;
  EXPECT_NE(out.find("pong 1"), std::string::npos) << out;
}

TEST(EngineXboard, LinesEndingInCarriageReturnAreRead) {
  const std::string out = xboard("new\r\nforce\r\nsetboard 4k3/8/4K3/8/8/8/8/7R w - - 0 1\r\nsd 3\r\ngo\r\n");
  EXPECT_EQ(out.find("Illegal position"), std::string::npos) << out;
  EXPECT_NE(out.find("move h1h8\n1-0 {White wins by checkmate}"), std::string::npos) << out;
}

TEST(EngineXboard, AHintIsALegalActionForTheUser) {
  // After 1. e4 in force mode the user plays Black; the hint is a Black action.
  const std::string out = xboard("new\nforce\nusermove e2e4\nhint\n");
  const std::string hint = wordAfter(out, "Hint: ");
  Position pos = startPosition(builtinVariant("chess"));
  pos.make(parseMove(pos, "e2e4"));
  EXPECT_NO_THROW(parseMove(pos, hint)) << out;
  // While it is the engine's turn (it plays Black after `new`) there is no hint to give. (A second
  // to think: at `sd 2` it could be done before the hint was read, and the test failed now and then.)
  const std::string busy = xboard("new\nst 1\nusermove e2e4\nhint\n");
  EXPECT_NE(busy.find("Error (command not legal now): hint"), std::string::npos) << busy;
}

TEST(EngineXboard, TakesBackWithUndoAndRemove) {
  // After remove the user's e2e4 and the engine's reply are gone: d2d4 is White's first action again.
  const std::string out = xboard("new\nforce\nusermove e2e4\nusermove e7e5\nremove\nusermove d2d4\nusermove d7d5\n"
                                 "undo\nusermove g8f6\nundo\nundo\nundo\nping 1\n");
  EXPECT_EQ(out.find("Illegal move"), std::string::npos) << out;
  EXPECT_NE(out.find("Error (no action to take back): undo"), std::string::npos) << out;
  EXPECT_NE(out.find("pong 1"), std::string::npos);
}

TEST(EngineXboard, BytesThatAreNoTextAreNamedNotEchoed) {
  const std::string out = xboard("new\nforce\nusermove e2\x01\nfrob\tnicate\xff\nping 3\n");
  EXPECT_NE(out.find("Illegal move: e2\\x01\n"), std::string::npos) << out;
  EXPECT_NE(out.find("Error (unknown command): frob\\x09nicate\\xFF\n"), std::string::npos) << out;
  EXPECT_EQ(out.find_first_of("\t\x01\xff"), std::string::npos) << out;
  EXPECT_NE(out.find("pong 3"), std::string::npos);
}

TEST(EngineXboard, BadInputIsAnsweredAsTheProtocolAsksAndTheGameGoesOn) {
  const std::string out = xboard(
      "new\nforce\nusermove e2e5\nusermove zz\nfrobnicate\nsetboard garbage\nlevel 40 x 0\nsd many\ntime soon\n"
      "variant nonsense\nvariant chameleon-redux-4p\nvariant shifting-chess\nusermove e2e4\nping 2\n");
  EXPECT_NE(out.find("Illegal move: e2e5"), std::string::npos) << out;
  EXPECT_NE(out.find("Illegal move: zz"), std::string::npos) << out;
  EXPECT_NE(out.find("Error (unknown command): frobnicate"), std::string::npos) << out;
  EXPECT_EQ(out.find("Illegal move: frobnicate"), std::string::npos) << out;
  EXPECT_NE(out.find("tellusererror Illegal position: "), std::string::npos) << out;
  EXPECT_NE(out.find("Error (the base time must be a number, got 'x'): level 40 x 0"), std::string::npos) << out;
  EXPECT_NE(out.find("Error ('sd' must be a number, got 'many'): sd many"), std::string::npos) << out;
  EXPECT_NE(out.find("Error ('time' must be a number, got 'soon'): time soon"), std::string::npos) << out;
  EXPECT_NE(out.find("Error (unknown variant 'nonsense'"), std::string::npos) << out;
  EXPECT_NE(out.find("Error (chameleon-redux-4p has 4 sides; the XBoard protocol knows two)"), std::string::npos) << out;
  EXPECT_NE(out.find("Error (shifting-chess's board has terrain XBoard cannot show; use tessera uci)"),
            std::string::npos)
      << out;
  // After all that, still chess from the start: e2e4 is legal and answered by nothing (force mode).
  EXPECT_EQ(out.find("Illegal move: e2e4"), std::string::npos) << out;
  EXPECT_NE(out.find("pong 2"), std::string::npos);
}

TEST(EngineXboard, DesertDustIsSetUpForXBoardWithItsPiecesMoves) {
  const std::string out = xboard("protover 2\nnew\nvariant desert-dust\nforce\nusermove f4f6\nusermove e9e7\nping 1\n");
  // The board size, our letters on XBoard's piece types (the Grand Vizier, the Melek's castling
  // partner, on XBoard's Rook, so that XBoard keeps the castling rights KQkq; the Raven, T and Y on
  // types XBoard does not use), the start without the empty holdings.
  EXPECT_NE(out.find("setup (PNBVQFEACWMOHRJTY.LSUKpnbvqfeacwmohrjty.lsuk) 12x12+0_fairy "
                     "vuhbeqkebhuv/ytorannaroty/clwmfjjfmwlc/ppppsssspppp/12/12/12/12/PPPPSSSSPPPP/CLWMFJJFMWLC/"
                     "YTORANNAROTY/VUHBEQKEBHUV w KQkq - 0 1\n"),
            std::string::npos)
      << out;
  // Riders as XBoard writes them: the Sheik's Dabbabarider DD as D0, the Raven's Nightrider NN as N0.
  EXPECT_NE(out.find("piece F& FCD0\n"), std::string::npos) << out;
  EXPECT_NE(out.find("piece R& RN0\n"), std::string::npos) << out;
  EXPECT_NE(out.find("piece P& ifmnDfmWfceF\n"), std::string::npos) << out;
  EXPECT_EQ(out.find("Illegal"), std::string::npos) << "the Scorpion's and Pawn's double steps: " << out;
  // XBoard passes castling on as the Melek's move, or as O-O, after a setboard with KQkq.
  const std::string castled = xboard(
      "new\nvariant desert-dust\nforce\n"
      "setboard vuhbeqk4v/ytorannaroty/clwmfjjfmwlc/ppppsssspppp/12/12/12/12/PPPPSSSSPPPP/CLWMFJJFMWLC/YTORANNAROTY/"
      "VUHBEQK4V w KQkq - 0 1\nusermove g1k1\nusermove O-O\nping 1\n");
  EXPECT_EQ(castled.find("Illegal"), std::string::npos) << castled;
  // XBoard knows orthodox chess itself: no setup for it.
  EXPECT_EQ(xboard("protover 2\nnew\nvariant normal\nping 1\n").find("setup"), std::string::npos);
}

TEST(EngineXboard, MoveNowPlaysAtOnceAndPingIsAnsweredWhileThinking) {
  EngineConversation gui(runXboard, "quit");
  gui.type("new");
  gui.type("st 600");  // ten minutes an action
  gui.type("post");
  gui.type("usermove e2e4");
  ASSERT_NE(gui.waitFor("\n3 ", 30), std::string::npos) << gui.answers();
  gui.type("ping 5");
  ASSERT_NE(gui.waitFor("pong 5", 10), std::string::npos) << "ping unanswered while thinking";
  EXPECT_EQ(gui.answers().find("move "), std::string::npos);
  gui.type("?");
  const std::size_t at = gui.waitFor("move ", 10);
  ASSERT_NE(at, std::string::npos) << gui.answers();
  Position pos = startPosition(builtinVariant("chess"));
  pos.make(parseMove(pos, "e2e4"));
  EXPECT_NO_THROW(parseMove(pos, wordAfter(gui.answers(), "move ", at))) << gui.answers();
}

TEST(EngineXboard, ForceWhileThinkingPlaysNothing) {
  EngineConversation gui(runXboard, "quit");
  gui.type("new");
  gui.type("st 600");
  gui.type("post");
  gui.type("usermove e2e4");
  ASSERT_NE(gui.waitFor("\n2 ", 30), std::string::npos) << gui.answers();
  gui.type("force");
  gui.type("ping 9");
  ASSERT_NE(gui.waitFor("pong 9", 10), std::string::npos);
  EXPECT_EQ(gui.answers().find("move "), std::string::npos) << gui.answers();
  // The search has stopped: no more thinking lines (a search going on would print its next
  // depths within milliseconds).
  const std::size_t stopped = gui.answers().size();
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(gui.answers().size(), stopped) << gui.answers();
  // The game is as it was: Black may still make any first reply.
  gui.type("usermove c7c5");
  gui.type("ping 10");
  ASSERT_NE(gui.waitFor("pong 10", 10), std::string::npos);
  EXPECT_EQ(gui.answers().find("Illegal"), std::string::npos) << gui.answers();
  // Nor is Black's search played later: asked to act now, the engine plays White's action.
  gui.type("sd 2");
  gui.type("go");
  const std::size_t at = gui.waitFor("move ", 30);
  ASSERT_NE(at, std::string::npos) << gui.answers();
  const std::string text = gui.answers();
  Position pos = startPosition(builtinVariant("chess"));
  for (const char* m : {"e2e4", "c7c5"}) pos.make(parseMove(pos, m));
  EXPECT_NO_THROW(parseMove(pos, wordAfter(text, "move ", at))) << text;
}

TEST(EngineXboard, QuitEndsTheSessionEvenWhileThinking) {
  EngineConversation gui(runXboard);
  gui.type("new");
  gui.type("st 600");
  gui.type("post");
  gui.type("usermove e2e4");
  ASSERT_NE(gui.waitFor("\n2 ", 30), std::string::npos) << gui.answers();
  gui.type("quit");
  EXPECT_TRUE(gui.waitForEnd(10)) << gui.answers();
  EXPECT_EQ(gui.answers().find("Error"), std::string::npos) << gui.answers();
}

// The engine thinks by its own clock (`time`), not the opponent's (`otim`): with 10 ms left it
// answers at once, though the opponent has hours.
TEST(EngineXboard, TheEnginesOwnClockSetsItsTime) {
  EngineConversation gui(runXboard, "quit");
  gui.type("new");
  gui.type("level 40 5 0");
  gui.type("time 1");
  gui.type("otim 100000000");
  gui.type("usermove e2e4");
  EXPECT_NE(gui.waitFor("move ", 30), std::string::npos) << gui.answers();
}

// `st` comes before the clock: with an hour left and ten milliseconds an action, it answers at once.
TEST(EngineXboard, TimePerActionComesBeforeTheClock) {
  EngineConversation gui(runXboard, "quit");
  gui.type("new");
  gui.type("level 40 60 0");
  gui.type("time 360000");
  gui.type("st 0.01");
  gui.type("usermove e2e4");
  EXPECT_NE(gui.waitFor("move ", 30), std::string::npos) << gui.answers();
}

// A wrong command while the engine thinks about its action stops that search, and the engine then
// thinks again: it still answers the user's action, once.
TEST(EngineXboard, AWrongCommandWhileThinkingDoesNotSilenceTheEngine) {
  for (const char* wrong : {"sd many", "setboard garbage", "usermove e7e5x", "frobnicate", "level 40 x 0"}) {
    const std::string out = xboard(std::string("new\nsd 3\nusermove e2e4\n") + wrong + "\n");
    const std::size_t at = out.find("move ");
    ASSERT_NE(at, std::string::npos) << wrong << ": " << out;
    EXPECT_TRUE(legalIn("chess", wordAfter(out, "move "), "e2e4")) << wrong << ": " << out;
    EXPECT_EQ(out.find("move ", at + 1), std::string::npos) << wrong << ": " << out;
  }
}

// After `result` the game is over for the engine: it answers no more actions until `new`.
TEST(EngineXboard, AfterResultTheEngineDoesNotPlay) {
  const std::string out = xboard("new\nsd 1\nresult 0-1 {White resigns}\nusermove e2e4\nping 1\n");
  EXPECT_EQ(out.find("move "), std::string::npos) << out;
  EXPECT_NE(out.find("pong 1"), std::string::npos) << out;
}

// The user's action that draws (the fiftieth action without a capture or a Pawn's) ends the game
// on the engine's turn: the result, and no action from the engine.
TEST(EngineXboard, ADrawByTheUsersActionLeavesTheEngineNothingToPlay) {
  const std::string out =
      xboard("new\nforce\nsetboard 7k/8/6K1/8/8/8/8/R7 w - - 99 80\nplayother\nsd 2\nusermove a1a2\nping 1\n");
  EXPECT_NE(out.find("1/2-1/2 {fifty-move rule}"), std::string::npos) << out;
  EXPECT_FALSE(out.starts_with("move ") || out.find("\nmove ") != std::string::npos) << out;
  EXPECT_NE(out.find("pong 1"), std::string::npos) << out;
}

TEST(EngineXboard, AnalyzesUntilExitAndFollowsTheUsersActions) {
  EngineConversation gui(runXboard, "quit");
  gui.type("new");
  gui.type("force");
  gui.type("setboard 4k3/8/4K3/8/8/8/8/7R w - - 0 1");
  gui.type("analyze");
  // Mate in one: XBoard's mate score is 100000 plus the actions to mate.
  ASSERT_NE(gui.waitFor(" 100001 ", 10), std::string::npos) << gui.answers();
  gui.type("usermove h1h7");  // not the mate: Black to act, and the analysis is of Black's position
  const std::size_t from = gui.answers().size();
  gui.type("ping 3");
  ASSERT_NE(gui.waitFor("pong 3", 10), std::string::npos);
  ASSERT_NE(gui.waitFor("\n4 ", 10, from), std::string::npos) << gui.answers();
  gui.type("exit");
  gui.type("ping 4");
  ASSERT_NE(gui.waitFor("pong 4", 10), std::string::npos);
  const std::string text = gui.answers();
  EXPECT_EQ(text.find("move "), std::string::npos) << "analysis plays nothing: " << text;
  // After exit the engine plays again when asked to.
  gui.type("sd 2");
  gui.type("go");
  EXPECT_NE(gui.waitFor("move ", 30), std::string::npos) << gui.answers();
  // Lines after the user's action start with a Black action.
  Position pos = parsePosition(builtinVariant("chess"), "4k3/8/4K3/8/8/8/8/7R w - - 0 1");
  pos.make(parseMove(pos, "h1h7"));
  const std::size_t line = text.find("\n4 ", from);
  std::istringstream words(text.substr(line + 1, text.find('\n', line + 1) - line - 1));
  std::string depth, score, time, nodes, first;
  words >> depth >> score >> time >> nodes >> first;
  EXPECT_NO_THROW(parseMove(pos, first)) << text;
}

TEST(EngineXboard, TheEndOfInputLetsTheEnginesActionFinish) {
  EngineConversation gui(runXboard, "quit");
  gui.type("new");
  gui.type("post");
  gui.type("sd 7");
  gui.type("usermove d2d4");
  gui.close();
  ASSERT_TRUE(gui.waitForEnd(60));
  EXPECT_NE(gui.answers().find("move "), std::string::npos) << gui.answers();
  EXPECT_NE(gui.answers().find("\n7 "), std::string::npos) << "searched to its depth: " << gui.answers();
}

// The share of the clock one action may take (both protocols): never more than half of what is
// left, so that the engine does not lose on time when little is left.
TEST(TimeBudget, AShareOfTheClockAndNeverMoreThanHalfOfIt) {
  EXPECT_EQ(millisForAction(60'000, 0, 30), 2'000);
  EXPECT_EQ(millisForAction(60'000, 2'000, 30), 3'000);
  EXPECT_EQ(millisForAction(60'000, 0, 1), 30'000);
  EXPECT_EQ(millisForAction(1'000, 5'000, 30), 500);
  EXPECT_EQ(millisForAction(0, 0, 30), 1);
}

}  // namespace
