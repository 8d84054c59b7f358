// The session at the table: settled boards become actions in the record and the journal; the
// players' commands, engine mode and the second reading work as a player would expect.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "core/record/pgn.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/position_text.hpp"
#include "host/record/game_journal.hpp"
#include "host/session/action_text.hpp"
#include "host/session/session_commands.hpp"
#include "host/web/state_json.hpp"
#include "record_moves.hpp"
#include "session_fixture.hpp"

namespace tessera::session {
namespace {

using K = SessionEvent::Kind;

// A legal action other than `action` (given in SAN), for a player who does not follow the engine.
std::string anotherAction(Position pos, const std::string& action) {
  MoveList legal;
  generateLegal(pos, legal);
  for (const Move& m : legal)
    if (san(pos, m) != action) return san(pos, m);
  return action;
}

TEST(RefereeSession, TurnsSettledBoardsIntoTheRecord) {
  SessionFixture f("chess");
  for (const char* san : {"e4", "e5", "Nf3", "Nc6", "Bb5"}) f.play(san);
  EXPECT_EQ(recordSan(f.session.game()), (std::vector<std::string>{"e4", "e5", "Nf3", "Nc6", "Bb5"}));
  EXPECT_EQ(f.count(K::Action), 5);
  EXPECT_EQ(f.lastText(K::Action), "3. Bb5");
  EXPECT_EQ(movesOfRecord(f.session.pgn()), "1. e4 e5 2. Nf3 Nc6 3. Bb5 *");
}

TEST(RefereeSession, TheRecordGivesEachActionItsThinkingTime) {
  SessionFixture f("chess");
  f.play("e4");
  f.play("e5");
  // Played at once here, so each took no time to speak of.
  EXPECT_NE(f.session.pgn().find("1. e4 {[%emt 0:00:00]} 1... e5 {[%emt 0:00:00]} *"), std::string::npos)
      << f.session.pgn();
  SessionOptions replay;
  replay.recordTimes = false;  // a recording replayed faster than real time
  SessionFixture fast("chess", replay);
  fast.play("e4");
  EXPECT_NE(fast.session.pgn().find("\n1. e4 *"), std::string::npos) << fast.session.pgn();
}

TEST(RefereeSession, AResumedGamesRecordKeepsTheJournaledTimes) {
  const std::string journal = journalWithTimes("times.journal", "chess", {{"e4", 65000L}, {"c5", 3723000L}});
  SessionOptions o;
  o.journalPath = journal;
  SessionFixture f("chess", o);
  EXPECT_NE(f.session.pgn().find("1. e4 {[%emt 0:01:05]} 1... c5 {[%emt 1:02:03]} *"), std::string::npos)
      << f.session.pgn();
  f.play("Nf3");
  f.session.takeBack();
  f.play("Nc3");
  EXPECT_EQ(movesOfRecord(f.session.pgn()), "1. e4 c5 2. Nc3 *");
  EXPECT_NE(f.session.pgn().find("1... c5 {[%emt 1:02:03]} 2. Nc3 {[%emt 0:00:00]} *"), std::string::npos)
      << f.session.pgn();
  std::filesystem::remove(journal);
}

// Found by an audit (2026-11-28): a journal of another variant's game was resumed under the
// chosen one's board and camera, or failed later on the first board read.
TEST(RefereeSession, AJournalOfAnotherVariantsGameIsRefusedAtTheStart) {
  const std::string journal = tempPath("other-variant.journal");
  std::filesystem::remove(journal);
  { GameJournal j = GameJournal::create(journal, Game(builtinVariant("chess"))); }
  SessionOptions o;
  o.journalPath = journal;
  try {
    SessionFixture f("desert-dust", o);
    ADD_FAILURE() << "a chess journal went on as desert-dust";
  } catch (const JournalError& e) {
    EXPECT_NE(std::string(e.what()).find("its game is chess, not the desert-dust chosen"), std::string::npos) << e.what();
  }
  SessionFixture chess("chess", o);
  EXPECT_NE(chess.lastText(K::GameStarted).find("resumed"), std::string::npos);
  std::filesystem::remove(journal);
}

// Found by the same audit: a journal cut off by a power cut while it was being started blocked
// every start after it. A new game now starts in it, with a warning.
TEST(RefereeSession, AJournalCutOffAtItsStartGivesWayToANewGame) {
  const std::string journal = tempPath("cut-at-start.journal");
  std::ofstream(journal, std::ios::binary) << "tessera-journal 1 #";
  SessionOptions o;
  o.journalPath = journal;
  SessionFixture f("chess", o);
  EXPECT_NE(f.lastText(K::GameStarted).find("new game"), std::string::npos);
  EXPECT_NE(f.lastText(K::Message).find("was cut off while its game was being started"), std::string::npos)
      << f.lastText(K::Message);
  EXPECT_EQ(GameJournal::read(journal).game->actions().size(), 0u) << "a whole journal now";
  std::filesystem::remove(journal);
}

TEST(RefereeSession, ResumesFromItsJournalAfterARestart) {
  const std::string journal = tempPath("session.journal");
  std::filesystem::remove(journal);
  SessionOptions o;
  o.journalPath = journal;
  {
    SessionFixture f("desert-dust", o);
    MoveList moves;
    Position& pos = f.session.game().position();
    for (int i = 0; i < 4; ++i) {
      generateLegal(pos, moves);
      Position after = pos;
      after.make(moves[0]);
      f.session.onObservation(sensorView(after, SensorProfile::Camera));
    }
    ASSERT_EQ(f.session.game().actions().size(), 4u);
  }  // the process dies here
  SessionFixture resumed("desert-dust", o);
  EXPECT_EQ(resumed.session.game().actions().size(), 4u);
  EXPECT_NE(resumed.lastText(K::GameStarted).find("resumed"), std::string::npos);
  // And it goes on where it stopped: the board unchanged is no event, a next action is recorded.
  resumed.session.onObservation(sensorView(resumed.session.game().position(), SensorProfile::Camera));
  EXPECT_EQ(resumed.count(K::Mismatch), 0);
  std::filesystem::remove(journal);
}

// Written from the mutation run of the session (2026-12-04): a cell read less surely than the
// session's least confidence (a hand's shadow, a glare) is not believed: the board still matches.
TEST(RefereeSession, ACellReadUnsurelyIsNotBelieved) {
  SessionFixture f("chess");
  Observation seen = sensorView(f.session.game().position(), SensorProfile::Camera);
  seen.at(4, 1).occupant = Occupant::Empty;  // e2 read empty, but hardly surely
  seen.at(4, 1).occupantConfidence = 0.1f;
  f.session.onObservation(seen);
  f.session.onObservation(seen);
  EXPECT_EQ(f.count(K::Mismatch), 0) << f.lastText(K::Mismatch);
  EXPECT_TRUE(f.session.differing().empty());
  EXPECT_FALSE(f.session.liftedFrom().has_value());
  // Read surely, it is a Pawn lifted.
  seen.at(4, 1).occupantConfidence = 0.9f;
  f.session.onObservation(seen);
  EXPECT_EQ(f.lastText(K::Mismatch), "piece lifted from e2");
}

TEST(RefereeSession, ReadsACaptureTwiceBeforeAcceptingIt) {
  SessionFixture f("chess");
  f.play("e4", SensorProfile::Occupancy);
  f.play("d5", SensorProfile::Occupancy);
  const Observation capture = f.boardAfter("exd5", SensorProfile::Occupancy);
  f.session.onObservation(capture);
  EXPECT_EQ(f.session.game().actions().size(), 2u) << "one reading could be a misread e4: wait";
  EXPECT_EQ(f.count(K::Choose), 0);
  f.session.onObservation(capture);
  EXPECT_EQ(f.lastText(K::Action), "2. exd5");
}

TEST(RefereeSession, AsksWhichPieceAPawnPromotedToAndTakesTheChoice) {
  SessionOptions o;
  o.startPosition = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
  SessionFixture f("chess", o);
  f.play("a8=Q");
  ASSERT_EQ(f.count(K::Choose), 1);
  const auto texts = f.session.choiceTexts();
  ASSERT_EQ(texts.size(), 4u);
  EXPECT_EQ(texts[static_cast<std::size_t>(f.session.proposedChoice())], "1. a8=Q+");
  const auto knight = std::find(texts.begin(), texts.end(), "1. a8=N");
  ASSERT_NE(knight, texts.end());
  f.session.choose(static_cast<int>(knight - texts.begin()));
  EXPECT_EQ(recordSan(f.session.game()), std::vector<std::string>{"a8=N"});
  EXPECT_TRUE(f.session.pendingChoices().empty());
}

// Written from the mutation run of the session (2026-12-04): the question names each choice by the
// number a player answers with, from 1; and with no player at hand (a recording, the demo) the
// proposed choice is taken and said to be.
TEST(RefereeSession, AChoiceIsAskedByNumberOrTakenAsProposedWithNoPlayerAtHand) {
  SessionOptions o;
  o.startPosition = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
  SessionFixture f("chess", o);
  Observation lifted = sensorView(f.session.game().position(), SensorProfile::Camera);
  lifted.at(0, 6).occupant = Occupant::Empty;  // the Pawn in the hand first
  f.session.onObservation(lifted);
  ASSERT_EQ(f.lastText(K::Mismatch), "piece lifted from a7");
  f.play("a8=Q");
  const auto texts = f.session.choiceTexts();
  ASSERT_EQ(texts.size(), 4u);
  EXPECT_EQ(f.lastText(K::Choose), "which was it? 1) " + texts[0] + " 2) " + texts[1] + " 3) " + texts[2] + " 4) " + texts[3]);
  EXPECT_EQ(f.session.message(), f.lastText(K::Choose)) << "the question is what the display shows";
  const int asked = f.count(K::Choose);
  f.play("a8=Q");
  EXPECT_EQ(f.count(K::Choose), asked) << "asked once, not at every reading";

  o.autoChoose = true;
  SessionFixture unattended("chess", o);
  unattended.play("a8=Q");
  EXPECT_EQ(recordSan(unattended.session.game()), std::vector<std::string>{"a8=Q+"});
  EXPECT_TRUE(unattended.session.pendingChoices().empty());
  EXPECT_EQ(unattended.lastText(K::Choose), "several explanations, took 1. a8=Q+");
  EXPECT_EQ(unattended.session.game().position().sideToMove(), 1);
}

TEST(RefereeSession, AgainstTheEngineAcceptsOnlyTheAnnouncedActionUnlessOverridden) {
  SessionOptions o;
  o.mode = PlayMode::Engine;
  o.engineMillis = 50;
  SessionFixture f("chess", o);
  f.play("e4");
  ASSERT_TRUE(f.session.engineAction().has_value());
  EXPECT_EQ(f.count(K::EngineAction), 1);
  Position pos = f.session.game().position();
  const std::string announced = san(pos, *f.session.engineAction());
  const std::string other = anotherAction(pos, announced);
  f.play(other);
  EXPECT_EQ(f.count(K::Unexpected), 1);
  EXPECT_EQ(f.session.game().actions().size(), 1u) << "the other action is not recorded";
  // Putting the piece back and making the engine's action is accepted.
  f.session.onObservation(sensorView(f.session.game().position(), SensorProfile::Camera));
  EXPECT_EQ(f.count(K::Restored), 1);
  f.play(announced);
  EXPECT_EQ(recordSan(f.session.game()).back(), announced);
  EXPECT_FALSE(f.session.engineAction().has_value()) << "no engine's action on show in the player's turn";
  // Next time the player overrides the engine.
  f.play("d4");
  Position now = f.session.game().position();
  const std::string next = san(now, *f.session.engineAction());
  // Whatever the engine chose in its 50 ms (under load, even 1... h5), the player does otherwise.
  const std::string instead = anotherAction(now, next);
  ASSERT_NE(instead, next);
  f.play(instead);
  ASSERT_TRUE(f.session.unexpectedAction().has_value());
  f.session.overrideEngine();
  EXPECT_EQ(recordSan(f.session.game()).back(), instead);
}

// Found by an audit of playing against the engine (2026-11-29): with four players only South and
// West could be the engine's, and neither the page nor the record said which side the engine was.
TEST(RefereeSession, AgainstTheEngineThePageAndTheRecordNameTheEnginesSide) {
  SessionOptions o;
  o.mode = PlayMode::Engine;
  o.engineMillis = 20;
  o.engineSide = engineSideNamed(builtinVariant("chameleon-redux-4p"), "North");
  SessionFixture f("chameleon-redux-4p", o);
  EXPECT_EQ(o.engineSide, 2);
  EXPECT_EQ(nlohmann::json::parse(web::stateJson(f.session))["engineSide"], "North");
  const std::string record = f.session.pgn();
  EXPECT_NE(record.find("[North \"Tessera\"]"), std::string::npos) << record;
  EXPECT_NE(record.find("[South \"?\"]"), std::string::npos) << record;
  // Refereeing people, no side is the engine's.
  SessionFixture people("chess");
  EXPECT_EQ(nlohmann::json::parse(web::stateJson(people.session))["engineSide"], "");
  EXPECT_EQ(people.session.pgn().find("Tessera"), std::string::npos);
}

TEST(RefereeSession, ShowsTheDestinationsOfALiftedPieceAndGuidesBackAfterAMismatch) {
  SessionFixture f("chess");
  Observation lifted = sensorView(f.session.game().position(), SensorProfile::Camera);
  lifted.at(6, 0).occupant = Occupant::Empty;  // the g1 Knight in the air
  f.session.onObservation(lifted);
  ASSERT_TRUE(f.session.liftedFrom().has_value());
  EXPECT_EQ(squareName(*f.session.liftedFrom()), "g1");
  Observation wrong = sensorView(f.session.game().position(), SensorProfile::Camera);
  wrong.at(3, 1).occupant = Occupant::Empty;  // d2 and e2 both lifted: nothing explains it
  wrong.at(4, 1).occupant = Occupant::Empty;
  f.session.onObservation(wrong);
  EXPECT_FALSE(f.session.liftedFrom().has_value());
  EXPECT_EQ(f.session.differing().size(), 2u);
  EXPECT_NE(f.lastText(K::Mismatch).find("d2 e2"), std::string::npos);
  EXPECT_NE(f.lastText(K::Mismatch).find("put the White P on d2; put the White P on e2"), std::string::npos)
      << f.lastText(K::Mismatch);
}

TEST(RefereeSession, TakesBackResignsAndStartsANewGame) {
  SessionFixture f("chess");
  f.play("e4");
  f.play("e5");
  f.session.takeBack();
  EXPECT_EQ(recordSan(f.session.game()), std::vector<std::string>{"e4"});
  f.session.resign();
  EXPECT_EQ(f.session.result().token, "1-0");
  EXPECT_EQ(f.count(K::Result), 1);
  f.session.newGame();
  EXPECT_TRUE(f.session.game().actions().empty());
  EXPECT_FALSE(f.session.result().finished());
  f.session.hint();
  EXPECT_FALSE(f.session.hintMoves().empty());
}

// Found by a second audit (2026-11-28): after a mate the players set the pieces up again, and each
// piece put back was a takeback, until the game was undone to its start and its record written empty.
TEST(RefereeSession, PiecesSetUpAgainAfterAFinishedGameStartTheNextGameAndKeepTheLast) {
  const std::string journal = tempPath("again.journal");
  const std::string record = tempPath("again.pgn");
  for (const char* old : {"", ".previous"}) {
    std::filesystem::remove(journal + old);
    std::filesystem::remove(record + old);
  }
  SessionOptions o;
  o.journalPath = journal;
  o.recordPath = record;
  SessionFixture f("chess", o);
  for (const char* san : {"f3", "e5", "g4", "Qh4#"}) f.play(san);
  ASSERT_EQ(f.session.result().token, "0-1");
  std::ofstream(record) << f.session.pgn();  // as the table writes it
  // The Queen goes back first: the position one action back, which is not taken back unasked.
  Position oneBack = f.session.game().position();
  oneBack.unmake();
  f.session.onObservation(sensorView(oneBack, SensorProfile::Camera));
  f.session.onObservation(sensorView(oneBack, SensorProfile::Camera));
  EXPECT_EQ(f.session.result().token, "0-1");
  EXPECT_EQ(f.session.game().actions().size(), 4u);
  ASSERT_EQ(f.session.choiceTexts(), std::vector<std::string>{"take back 1 action"});
  EXPECT_NE(f.lastText(K::Choose).find("the board shows the position 1 action back, and the game is over (0-1 checkmate)"),
            std::string::npos)
      << f.lastText(K::Choose);
  // Then every piece is at its start: the next game begins, the finished one is kept.
  const Observation start = sensorView(startPosition(builtinVariant("chess")), SensorProfile::Camera);
  const int asked = f.count(K::Choose);
  f.session.onObservation(start);
  f.session.onObservation(start);
  EXPECT_TRUE(f.session.game().actions().empty());
  EXPECT_FALSE(f.session.result().finished());
  EXPECT_TRUE(f.told("the pieces are set up for a new game"));
  EXPECT_EQ(f.count(K::Choose), asked) << "and the new game is not asked to be taken back: " << f.lastText(K::Choose);
  EXPECT_TRUE(f.session.pendingChoices().empty()) << f.session.choiceTexts().front();
  EXPECT_EQ(GameJournal::recover(journal + ".previous").game->result().token, "0-1");
  std::ifstream kept(record + ".previous");
  const std::string keptRecord((std::istreambuf_iterator<char>(kept)), std::istreambuf_iterator<char>());
  EXPECT_EQ(movesOfRecord(keptRecord), "1. f3 e5 2. g4 Qh4# 0-1");
  EXPECT_NE(f.lastText(K::Message).find("the last game is kept as " + journal + ".previous and " + record + ".previous"),
            std::string::npos)
      << f.lastText(K::Message);
  for (const char* old : {"", ".previous"}) {
    std::filesystem::remove(journal + old);
    std::filesystem::remove(record + old);
  }
}

// The same audit: a takeback of many actions made on the board was taken at once, so the pieces set
// up again mid-game, or a board set up differently while the program was down, undid the game.
TEST(RefereeSession, ATakebackOnTheBoardOfMoreThanTwoActionsOrBeforeTheBoardMatchedIsAskedAbout) {
  SessionFixture f("chess");
  for (const char* san : {"e4", "e5", "Nf3", "Nc6"}) f.play(san);
  const Observation start = sensorView(startPosition(builtinVariant("chess")), SensorProfile::Camera);
  f.session.onObservation(start);
  f.session.onObservation(start);
  EXPECT_EQ(f.session.game().actions().size(), 4u);
  ASSERT_EQ(f.session.choiceTexts(), std::vector<std::string>{"take back 4 actions"});
  f.session.confirm();
  EXPECT_TRUE(f.session.game().actions().empty());
  // One or two actions back, done in front of the device, is a takeback at once, as before.
  for (const char* san : {"d4", "d5", "c4"}) f.play(san);
  Position twoBack = f.session.game().position();
  twoBack.unmake();
  twoBack.unmake();
  f.session.onObservation(sensorView(twoBack, SensorProfile::Camera));
  f.session.onObservation(sensorView(twoBack, SensorProfile::Camera));
  EXPECT_EQ(recordSan(f.session.game()), std::vector<std::string>{"d4"});
  EXPECT_EQ(f.count(K::Takeback), 2);

  const std::string journal = journalOf("resumed-reset.journal", "chess", {"e4", "e5"});
  SessionOptions o;
  o.journalPath = journal;
  SessionFixture resumed("chess", o);  // the pieces were set up again while the program was down
  resumed.session.onObservation(start);
  resumed.session.onObservation(start);
  EXPECT_EQ(resumed.session.game().actions().size(), 2u);
  EXPECT_EQ(resumed.session.choiceTexts(), std::vector<std::string>{"take back 2 actions"});
  // Put right, the board matches and nothing is left to ask.
  resumed.session.onObservation(sensorView(resumed.session.game().position(), SensorProfile::Camera));
  EXPECT_TRUE(resumed.session.pendingChoices().empty());
  EXPECT_EQ(resumed.lastText(K::Restored), "board matches the game again");
  std::filesystem::remove(journal);
}

// The same audit: after Take back the pieces still stood as before it, and nothing said which to
// put back; the board is not that action played again either.
// Written from the mutation run of the session (2026-12-04): a board that has matched the game once,
// by an action read or by the game's own position read after a restart, takes one action back at once.
TEST(RefereeSession, ATakebackOnTheBoardIsTakenAtOnceOnceTheBoardHasMatched) {
  // A sensor board reports each change once: e4 read once is an action, and the board matched.
  SessionFixture f("chess");
  f.session.onObservation(f.boardAfter("e4", SensorProfile::Occupancy));
  ASSERT_EQ(f.session.game().actions().size(), 1u);
  f.session.onObservation(sensorView(startPosition(builtinVariant("chess")), SensorProfile::Occupancy));  // e4 put back
  EXPECT_TRUE(f.session.game().actions().empty()) << f.lastText(K::Choose);
  EXPECT_TRUE(f.session.pendingChoices().empty());

  const std::string journal = journalOf("matched-after-restart.journal", "chess", {"e4", "e5"});
  SessionOptions o;
  o.journalPath = journal;
  SessionFixture resumed("chess", o);
  const Observation now = sensorView(resumed.session.game().position(), SensorProfile::Camera);
  resumed.session.onObservation(now);
  resumed.session.onObservation(now);
  Position oneBack = resumed.session.game().position();
  oneBack.unmake();
  resumed.session.onObservation(sensorView(oneBack, SensorProfile::Camera));
  resumed.session.onObservation(sensorView(oneBack, SensorProfile::Camera));
  EXPECT_EQ(recordSan(resumed.session.game()), std::vector<std::string>{"e4"}) << resumed.lastText(K::Choose);
  std::filesystem::remove(journal);
}

// The same run: castling carried out Rook first is read as a Rook move, then amended to the castling
// when the King follows, on a camera and on a sensor board alike.
TEST(RefereeSession, CastlingCarriedOutRookFirstIsAmendedToTheCastling) {
  for (const SensorProfile profile : {SensorProfile::Camera, SensorProfile::Occupancy}) {
    SessionFixture f("chess");
    for (const char* san : {"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"}) f.play(san, profile);
    Position pos = f.session.game().position();
    const Observation rookMoved = f.boardAfter("Rf1", profile);
    f.session.onObservation(rookMoved);
    f.session.onObservation(rookMoved);
    ASSERT_EQ(recordSan(f.session.game()).back(), "Rf1");
    pos.make(parseMove(pos, "O-O"));
    const Observation castled = sensorView(pos, profile);
    f.session.onObservation(castled);
    f.session.onObservation(castled);
    EXPECT_EQ(f.session.game().actions().size(), 7u);
    EXPECT_EQ(recordSan(f.session.game()).back(), "O-O") << f.lastText(K::Mismatch);
    EXPECT_EQ(f.lastText(K::Action), "amended: 4. O-O");
    EXPECT_EQ(f.count(K::Takeback), 0) << f.lastText(K::Takeback);
    EXPECT_EQ(f.session.game().position().sideToMove(), 1);
    // And the game goes on from the castling.
    f.play("Nf6", profile);
    EXPECT_EQ(movesOfRecord(f.session.pgn()), "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 *");
  }
  // The program restarted between the Rook and the King: a sensor board reports the castling once,
  // which matches the game; the castling undone on the board next is taken back without asking.
  const std::string journal = tempPath("rook-first.journal");
  std::filesystem::remove(journal);
  SessionOptions o;
  o.journalPath = journal;
  {
    SessionFixture first("chess", o);
    for (const char* san : {"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "Rf1"}) first.play(san, SensorProfile::Occupancy);
  }
  SessionFixture resumed("chess", o);
  Position beforeCastling = resumed.session.game().position();
  beforeCastling.unmake();
  Position castled = beforeCastling;
  castled.make(parseMove(castled, "O-O"));
  resumed.session.onObservation(sensorView(castled, SensorProfile::Occupancy));
  ASSERT_EQ(recordSan(resumed.session.game()).back(), "O-O");
  const RecoveredGame journaled = GameJournal::read(journal);
  EXPECT_EQ(recordSan(*journaled.game), recordSan(resumed.session.game())) << "the journal holds the castling, not Rf1";
  resumed.session.onObservation(sensorView(beforeCastling, SensorProfile::Occupancy));
  resumed.session.onObservation(sensorView(beforeCastling, SensorProfile::Occupancy));  // a takeback is read twice
  EXPECT_EQ(resumed.session.game().actions().size(), 6u) << resumed.events.back().text;
  EXPECT_TRUE(resumed.session.pendingChoices().empty());
  std::filesystem::remove(journal);
}

TEST(RefereeSession, TakeBackByCommandSaysWhichPiecesToPutBack) {
  SessionFixture f("chess");
  for (const char* san : {"e4", "e5", "Nf3", "Nc6", "Bc4"}) f.play(san);
  const Observation before = sensorView(f.session.game().position(), SensorProfile::Camera);
  f.session.onObservation(before);
  f.session.takeBack();
  EXPECT_EQ(f.session.game().actions().size(), 4u);
  EXPECT_EQ(f.session.differing().size(), 2u);
  EXPECT_NE(f.lastText(K::Mismatch).find("(f1 c4): move the piece on c4 back to f1"), std::string::npos) << f.lastText(K::Mismatch);
  f.session.onObservation(before);
  f.session.onObservation(before);
  EXPECT_EQ(f.session.game().actions().size(), 4u) << "the Bishop still on c4 is not 3. Bc4 again";
  f.session.onObservation(sensorView(f.session.game().position(), SensorProfile::Camera));
  EXPECT_TRUE(f.session.differing().empty());
  f.play("Bb5");
  EXPECT_EQ(recordSan(f.session.game()).back(), "Bb5");
}

// The same audit: against the engine, Resign had the side to act resign, the engine while it thought.
TEST(RefereeSession, AgainstTheEngineResignIsThePlayersAndTheEnginesActionGoesWithTheGame) {
  SessionOptions o;
  o.mode = PlayMode::Engine;
  o.engineMillis = 20;
  SessionFixture f("chess", o);  // the engine plays Black
  f.play("e4");
  ASSERT_TRUE(f.session.engineAction().has_value());
  EXPECT_EQ(f.session.resigningSide(), std::optional<int>(0));
  f.session.resign();
  EXPECT_EQ(f.session.result().token, "0-1");
  EXPECT_EQ(f.session.result().reason, "White resigns");
  EXPECT_FALSE(f.session.engineAction().has_value()) << "no engine action to show once the game is over";
  EXPECT_EQ(f.session.resigningSide(), std::nullopt);
  SessionFixture referee("chess");
  referee.play("e4");
  EXPECT_EQ(referee.session.resigningSide(), std::optional<int>(1));
  SessionFixture four("chameleon-redux-4p");
  EXPECT_EQ(four.session.resigningSide(), std::nullopt);
  four.session.resign();
  EXPECT_EQ(four.lastText(K::Message), "no resignation with four players: a side leaves when it cannot act");
}

// Mended 2026-11-29: Take back after a Resign or Draw tapped by mistake took back an action with
// it, and before any action could not withdraw it at all.
TEST(RefereeSession, TakeBackWithdrawsAResignationOrAnAgreedDrawAlone) {
  SessionFixture f("chess");
  f.play("e4");
  f.play("e5");
  f.session.resign();
  ASSERT_EQ(f.session.result().reason, "White resigns");
  f.session.takeBack();
  EXPECT_FALSE(f.session.result().finished());
  EXPECT_EQ(recordSan(f.session.game()), (std::vector<std::string>{"e4", "e5"})) << "no action taken back";
  EXPECT_EQ(f.lastText(K::Takeback), "took back the resignation (White resigns)");
  EXPECT_EQ(f.lastText(K::Result), "the game goes on");
  EXPECT_EQ(f.session.resigningSide(), std::optional<int>(0)) << "White is still to act, and may resign";
  EXPECT_EQ(movesOfRecord(f.session.pgn()), "1. e4 e5 *");
  f.play("Nf3");
  EXPECT_EQ(recordSan(f.session.game()).back(), "Nf3");

  SessionFixture fresh("chess");  // before any action
  fresh.session.agreeDraw();
  ASSERT_EQ(fresh.session.result().token, "1/2-1/2");
  fresh.session.takeBack();
  EXPECT_FALSE(fresh.session.result().finished());
  EXPECT_EQ(fresh.lastText(K::Takeback), "took back the agreed draw");
  fresh.play("d4");
  EXPECT_EQ(recordSan(fresh.session.game()), std::vector<std::string>{"d4"});

  // A result by the rules is no player's word: Take back takes the mating action back, as before.
  SessionFixture mated("chess");
  for (const char* san : {"f3", "e5", "g4", "Qh4#"}) mated.play(san);
  mated.session.takeBack();
  EXPECT_EQ(recordSan(mated.session.game()), (std::vector<std::string>{"f3", "e5", "g4"}));

  // Against the engine, the player's resignation withdrawn while the engine was to act: it
  // announces its action again.
  SessionOptions o;
  o.mode = PlayMode::Engine;
  o.engineMillis = 20;
  SessionFixture engine("chess", o);
  engine.play("e4");
  engine.session.resign();
  ASSERT_FALSE(engine.session.engineAction().has_value());
  engine.session.takeBack();
  EXPECT_EQ(engine.session.game().actions().size(), 1u);
  EXPECT_TRUE(engine.session.engineAction().has_value());
  EXPECT_EQ(engine.count(K::EngineAction), 2);
}

// The same mend: a resignation withdrawn is journaled, so that a game recovered after a power cut
// goes on, its turn's time as before the resignation.
TEST(RefereeSession, AWithdrawnResignationStaysWithdrawnThroughARestartWithItsTurnsTime) {
  using namespace std::chrono_literals;
  const SessionOptions o = clockedAndJournaled("withdrawn.journal", "1+0");
  const std::string& journal = o.journalPath;
  {
    // Black thought 20 s before resigning; the power went then.
    Game g(builtinVariant("chess"));
    GameJournal j = GameJournal::create(journal, g);
    j.recordTimeControl("1+0");
    const Move e4 = parseMove(g.position(), "e4");
    j.recordAction(g.position(), e4, 1000);
    g.play(e4);
    j.recordResignation(1, 20000);
  }
  {
    SessionFixture f("chess", o);
    ASSERT_EQ(f.session.result().reason, "Black resigns");
    f.session.takeBack();
    EXPECT_FALSE(f.session.result().finished());
    EXPECT_EQ(f.session.clock().running(), 1) << "Black's clock runs again";
    const auto now = GameClock::Clock::now();
    EXPECT_LE(f.session.clock().remaining(1, now), 40s) << "the 20 s before the resignation still count";
    EXPECT_GE(f.session.clock().remaining(1, now), 39s);
    EXPECT_GE(f.session.clock().turnSoFar(now), 20s) << "in Black's turn: its action's time will hold them";
  }  // and the power goes again
  {
    SessionFixture f("chess", o);
    EXPECT_FALSE(f.session.result().finished()) << "the game goes on, not resigned";
    EXPECT_EQ(f.session.game().actions().size(), 1u);
    EXPECT_EQ(f.session.resigningSide(), std::optional<int>(1));
    const auto now = GameClock::Clock::now();
    EXPECT_LE(f.session.clock().remaining(1, now), 40s);
    EXPECT_GE(f.session.clock().remaining(1, now), 39s);
    f.play("e5");
    // The turn's time is the action's, before the resignation too.
    EXPECT_NE(f.session.pgn().find("1... e5 {[%emt 0:00:20]} *"), std::string::npos) << f.session.pgn();
  }
  SessionFixture f("chess", o);
  const auto now = GameClock::Clock::now();
  EXPECT_LE(f.session.clock().remaining(1, now), 40s) << "the 20 s are e5's now";
  EXPECT_GE(f.session.clock().remaining(1, now), 39s);
  std::filesystem::remove(journal);
}

// Mended 2026-11-29: against the engine, Draw was agreed at once. The engine now weighs the offer:
// it accepts when its search finds it no better off, and declines saying how it scores for itself.
TEST(RefereeSession, AgainstTheEngineADrawOfferIsWeighedByTheEngine) {
  SessionOptions o;
  o.mode = PlayMode::Engine;  // the engine plays Black
  o.engineMillis = 20;
  o.journalPath = tempPath("declined.journal");
  std::filesystem::remove(o.journalPath);
  o.startPosition = "3qk3/8/8/8/8/8/8/4K3 w - - 0 1";  // Black, the engine, has a Queen more
  SessionFixture better("chess", o);
  better.session.agreeDraw();
  EXPECT_FALSE(better.session.result().finished());
  const std::string declined = better.lastText(K::Message);
  EXPECT_EQ(declined.rfind("the engine declines the draw: it scores +", 0), 0u) << declined;
  EXPECT_NE(declined.find(" for itself"), std::string::npos) << declined;
  better.play("Kf2");
  EXPECT_EQ(better.session.game().actions().size(), 1u) << "the game goes on";
  EXPECT_TRUE(better.session.engineAction().has_value());
  {
    std::ifstream in(o.journalPath);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(text.find("\ndraw"), std::string::npos) << "a declined offer is no draw: " << text;
  }
  std::filesystem::remove(o.journalPath);

  o.journalPath = tempPath("accepted.journal");
  std::filesystem::remove(o.journalPath);
  o.startPosition = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";  // now White, the player, has the Queen
  SessionFixture worse("chess", o);
  worse.session.agreeDraw();
  EXPECT_EQ(worse.session.result().token, "1/2-1/2");
  EXPECT_EQ(worse.session.result().reason, "draw agreed");
  EXPECT_TRUE(worse.told("the engine accepts the draw"));
  EXPECT_EQ(GameJournal::read(o.journalPath).game->result().reason, "draw agreed") << "an accepted draw is journaled";
  std::filesystem::remove(o.journalPath);

  // The engine to act, with a mate in one: it says so.
  o.journalPath.clear();
  o.startPosition = "r6k/8/8/8/8/8/5PPP/6K1 b - - 0 1";
  SessionFixture mating("chess", o);
  ASSERT_TRUE(mating.session.engineAction().has_value());
  mating.session.agreeDraw();
  EXPECT_EQ(mating.lastText(K::Message), "the engine declines the draw: it mates in 1");
  EXPECT_FALSE(mating.session.result().finished());
  EXPECT_TRUE(mating.session.engineAction().has_value()) << "its action still stands";

  // Two players: both tapped it, the game is drawn at once, whatever the position.
  SessionOptions referee;
  referee.startPosition = "3qk3/8/8/8/8/8/8/4K3 w - - 0 1";
  SessionFixture players("chess", referee);
  players.session.agreeDraw();
  EXPECT_EQ(players.session.result().reason, "draw agreed");
}

// Found by an audit (2026-11-28): a second New game (two phones, or a double tap) renamed the
// fresh, empty journal over the one kept of the game just finished, and nothing held that game.
TEST(RefereeSession, NewGameKeepsEveryFinishedGamesJournal) {
  const std::string journal = tempPath("kept.journal");
  for (const char* old : {"", ".previous", ".previous.2", ".previous.3"}) std::filesystem::remove(journal + old);
  SessionOptions o;
  o.journalPath = journal;
  SessionFixture f("chess", o);
  const auto playFirst = [&] {
    MoveList moves;
    generateLegal(f.session.game().position(), moves);
    Position after = f.session.game().position();
    after.make(moves[0]);
    f.session.onObservation(sensorView(after, SensorProfile::Camera));
  };
  playFirst();
  playFirst();
  f.session.newGame();
  EXPECT_EQ(GameJournal::recover(journal + ".previous").game->actions().size(), 2u);
  EXPECT_NE(f.lastText(K::Message).find("kept as " + journal + ".previous"), std::string::npos) << f.lastText(K::Message);
  f.session.newGame();  // the second tap
  EXPECT_EQ(f.lastText(K::Message), "the game is new already: no action yet");
  EXPECT_EQ(GameJournal::recover(journal + ".previous").game->actions().size(), 2u);
  EXPECT_FALSE(std::filesystem::exists(journal + ".previous.2"));
  playFirst();
  f.session.newGame();
  EXPECT_EQ(GameJournal::recover(journal + ".previous.2").game->actions().size(), 1u);
  EXPECT_EQ(GameJournal::recover(journal + ".previous").game->actions().size(), 2u);
  for (const char* old : {"", ".previous", ".previous.2"}) std::filesystem::remove(journal + old);
}

// Found by the same audit: words a command does not take were dropped, so "resign black" with
// White to act had White resign.
TEST(RefereeSession, ACommandWithAWordItDoesNotTakeIsRefused) {
  SessionFixture f("chess");
  EXPECT_EQ(session::runCommand(f.session, "resign black"), "'resign' takes no word 'black'");
  EXPECT_FALSE(f.session.result().finished());
  EXPECT_EQ(session::runCommand(f.session, "hint please"), "'hint' takes no word 'please'");
  EXPECT_EQ(session::runCommand(f.session, "choose 1abc"), "choose needs the number of a choice, from 1");
  for (const char* noNumber : {"choose", "choose 0", "choose -1", "choose x"})
    EXPECT_EQ(session::runCommand(f.session, noNumber), "choose needs the number of a choice, from 1") << noNumber;
  EXPECT_EQ(session::runCommand(f.session, "castle"), "unknown command 'castle'");
  EXPECT_EQ(session::runCommand(f.session, "choose 1 2"), "'choose' takes no word '2'");
  EXPECT_EQ(session::runCommand(f.session, "show e2 e4"), "'show' takes no word 'e4'");
  EXPECT_EQ(session::runCommand(f.session, "show e2"), "");
  EXPECT_EQ(session::runCommand(f.session, "resign"), "");
  EXPECT_EQ(f.session.result().token, "0-1");
}

TEST(RefereeSession, ASideOutOfTimeLosesAndTheClocksSurviveARestart) {
  using namespace std::chrono_literals;
  const SessionOptions o = clockedAndJournaled("clock.journal", "1+2");
  const std::string& journal = o.journalPath;
  {
    SessionFixture f("chess", o);
    f.play("e4");
    f.play("e5");
    const std::string shown = f.session.clock().text(f.session.game().variant(), GameClock::Clock::now());
    EXPECT_EQ(shown, "White 1:01  Black 1:01") << "each got its two seconds back";
    f.session.checkClock(GameClock::Clock::now() + 30s);
    EXPECT_FALSE(f.session.result().finished());
    f.session.checkClock(GameClock::Clock::now() + 63s);
    EXPECT_EQ(f.session.result().token, "0-1");
    EXPECT_EQ(f.session.result().reason, "White loses on time");
    EXPECT_EQ(f.count(K::Result), 1);
    f.play("Nf3");
    EXPECT_EQ(f.session.game().actions().size(), 2u) << "no action after the flag fell";
  }
  SessionFixture resumed("chess", o);
  EXPECT_EQ(resumed.session.result().reason, "White loses on time") << "the loss on time is in the journal";
  // A takeback (the arbiter's call) undoes the loss on time; the clocks keep the journaled times.
  resumed.session.takeBack();
  EXPECT_FALSE(resumed.session.result().finished());
  const auto now = GameClock::Clock::now();
  EXPECT_GE(resumed.session.clock().remaining(1, now), 61s);
  EXPECT_LE(resumed.session.clock().remaining(1, now), 62s);
  std::filesystem::remove(journal);
}

// Found by an audit of playing against the engine (2026-11-29): with a time control the engine
// always thought its --engine-ms (and lost on time with 0.1+0 and 5000 ms), its clock ran until the
// player had carried its action out (10 s journaled for a 200 ms search), and a restart between the
// announcement and the action let the engine think again and name another action.
TEST(RefereeSession, AgainstTheEngineItsClockStopsWhenItAnnouncesAndARestartAnnouncesTheSameAction) {
  using namespace std::chrono_literals;
  SessionOptions o = clockedAndJournaled("engine-clock.journal", "0.1+0");  // six seconds each
  o.mode = PlayMode::Engine;
  o.engineMillis = 5000;
  std::string announced;
  {
    SessionFixture f("chess", o);
    f.play("e4");
    ASSERT_TRUE(f.session.engineAction().has_value());
    announced = san(f.session.game().position(), *f.session.engineAction());
    // Six seconds left: a share of them (200 ms), not the five seconds asked for.
    EXPECT_GE(f.session.clock().remaining(1, GameClock::Clock::now()), 5s) << "the engine thought its --engine-ms";
    EXPECT_EQ(f.session.clock().running(), 0) << "White's clock runs while White carries the engine's action out";
    const auto frozen = f.session.clock().remaining(1, GameClock::Clock::now());
    std::this_thread::sleep_for(300ms);
    EXPECT_EQ(f.session.clock().remaining(1, GameClock::Clock::now()), frozen) << "the engine's clock stopped";
    EXPECT_LT(f.session.clock().remaining(0, GameClock::Clock::now()), 6s);
  }  // the power goes before the action is on the board
  const std::vector<std::string> lines = journalPayloads(o.journalPath);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back().rfind("engine ", 0), 0u) << lines.back();
  SessionFixture resumed("chess", o);
  ASSERT_TRUE(resumed.session.engineAction().has_value()) << "announced again at once, without thinking";
  EXPECT_EQ(san(resumed.session.game().position(), *resumed.session.engineAction()), announced);
  EXPECT_EQ(resumed.count(K::EngineAction), 1);
  EXPECT_NE(resumed.lastText(K::EngineAction).find(announced), std::string::npos);
  resumed.play(announced);
  EXPECT_EQ(recordSan(resumed.session.game()).back(), announced);
  // The action's time is the engine's thinking, not the minutes its carrying out took.
  const std::vector<std::string> after = journalPayloads(o.journalPath);
  const std::string engineLine = after[after.size() - 2], actionLine = after.back();
  ASSERT_EQ(actionLine.rfind("action ", 0), 0u) << actionLine;
  EXPECT_EQ(actionLine.substr(actionLine.find(" t=")), engineLine.substr(engineLine.find(" t="))) << engineLine << " / " << actionLine;
  std::filesystem::remove(o.journalPath);
}

// Found by the second audit (2026-11-28, evening): after a kill -9 the side to act had its time of
// the turn back (only finished actions were journaled), and a game restarted without
// --time-control went on with clocks counting up.
TEST(RefereeSession, APowerCutGivesBackAtMostAFewSecondsAndTheTimeControlComesBack) {
  using namespace std::chrono_literals;
  const SessionOptions o = clockedAndJournaled("cut.journal", "1+2");
  {
    SessionFixture f("chess", o);
    f.play("e4");
    for (int second = 1; second <= 21; ++second) f.session.checkClock(GameClock::Clock::now() + std::chrono::seconds(second));
    EXPECT_NE(f.session.pgn().find("[TimeControl \"60+2\"]"), std::string::npos) << f.session.pgn();
  }  // the power goes here, Black 21 s into its turn
  SessionOptions restarted = o;
  restarted.timeControl = {};  // started again without --time-control
  SessionFixture resumed("chess", restarted);
  EXPECT_NE(resumed.lastText(K::Message).find("its game is played with the time control 1+2, which it goes on with (not none)"),
            std::string::npos)
      << resumed.lastText(K::Message);
  const auto now = GameClock::Clock::now();
  EXPECT_LE(resumed.session.clock().remaining(1, now), 40s) << "Black's 20 s journaled are spent";
  EXPECT_GE(resumed.session.clock().remaining(1, now), 38s);
  EXPECT_GE(resumed.session.clock().remaining(0, now), 61s);
  // Resigning ends the turn: its time is journaled with it and counts after a restart too.
  resumed.session.checkClock(now + 7s);
  resumed.session.resign();
  EXPECT_EQ(resumed.session.result().reason, "Black resigns");
}

TEST(RefereeSession, TheTurnThatEndsTheGameKeepsItsTimeThroughARestart) {
  using namespace std::chrono_literals;
  const SessionOptions o = clockedAndJournaled("ended.journal", "1+0");
  const std::string& journal = o.journalPath;
  // White's time is what it took to play e4 here: more than a second on a loaded emulator, where
  // the test read "White 0:59" against the "White 1:00" it expected. The restart must keep it.
  const auto started = GameClock::Clock::now();
  GameClock::Clock::duration whiteTook{};
  {
    SessionFixture f("chess", o);
    f.play("e4");
    whiteTook = GameClock::Clock::now() - started;
    f.session.checkClock(GameClock::Clock::now() + 61s);  // Black's flag falls
    EXPECT_EQ(f.session.result().reason, "Black loses on time");
  }
  SessionFixture resumed("chess", o);
  EXPECT_EQ(resumed.session.result().reason, "Black loses on time");
  const auto later = GameClock::Clock::now() + 30s;  // the clocks stay stopped
  const std::string clocks = resumed.session.clock().text(resumed.session.game().variant(), later);
  EXPECT_NE(clocks.find("Black 0:00"), std::string::npos) << clocks;
  EXPECT_LE(resumed.session.clock().remaining(0, later), 60s) << clocks;
  EXPECT_GE(resumed.session.clock().remaining(0, later), 60s - whiteTook - 1s) << clocks;
  std::filesystem::remove(journal);
}

// Found by the camera audit (2026-11-28, evening): `play --pgn FILE` wrote an empty record over an
// earlier game's at start, before any action.
TEST(RefereeSession, ANewGameKeepsTheRecordItWouldWriteOver) {
  const std::string record = tempPath("earlier.pgn");
  std::filesystem::remove(record + ".previous");
  std::ofstream(record) << "[Event \"earlier\"]\n\n1. e4 *\n";
  SessionOptions o;
  o.recordPath = record;
  SessionFixture f("chess", o);
  EXPECT_FALSE(std::filesystem::exists(record));
  std::ifstream kept(record + ".previous");
  const std::string text((std::istreambuf_iterator<char>(kept)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("[Event \"earlier\"]"), std::string::npos);
  EXPECT_EQ(f.lastText(K::Message), record + " held a game already: it is kept as " + record + ".previous");
  std::filesystem::remove(record + ".previous");
}

// The same audit: a recording replayed faster than real time journaled the program's time as the
// players' (`t=99`), where its record rightly had none.
TEST(RefereeSession, ARecordingReplayedFastJournalsNoThinkingTimes) {
  const std::string journal = tempPath("fast.journal");
  std::filesystem::remove(journal);
  SessionOptions o;
  o.journalPath = journal;
  o.recordTimes = false;
  {
    SessionFixture f("chess", o);
    f.play("e4");
    f.session.checkClock(GameClock::Clock::now() + std::chrono::seconds(6));  // a slow machine's 6 s
  }
  std::ifstream in(journal);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("action e2e4 #"), std::string::npos) << text;
  EXPECT_EQ(text.find("thinking"), std::string::npos) << text;
  std::filesystem::remove(journal);
}

}  // namespace
}  // namespace tessera::session
