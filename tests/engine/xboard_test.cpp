// The XBoard protocol (CECP) as XBoard and WinBoard use it: the features and variants announced,
// a game with the engine answering the user's actions, force mode, positions, takebacks, analysis,
// and bad input answered as the protocol asks. (XBoard itself drives it in
// tests/host/xboard_gui_test.cpp.)
#include <gtest/gtest.h>

#include <sstream>

#include "core/move_text.hpp"
#include "core/position_text.hpp"
#include "core/time_budget.hpp"
#include "core/xboard.hpp"
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
  // The game is as it was: Black may still make any first reply.
  gui.type("usermove c7c5");
  gui.type("ping 10");
  ASSERT_NE(gui.waitFor("pong 10", 10), std::string::npos);
  EXPECT_EQ(gui.answers().find("Illegal"), std::string::npos) << gui.answers();
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
  gui.type("sd 4");
  gui.type("usermove d2d4");
  gui.close();
  ASSERT_TRUE(gui.waitForEnd(60));
  EXPECT_NE(gui.answers().find("move "), std::string::npos) << gui.answers();
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
