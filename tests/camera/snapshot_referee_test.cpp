// The referee over a camera's settled snapshots, as a recording is refereed (`tessera replay`):
// what it accepts at once, what it waits for a second reading of the same stillness for, what it
// proposes, and what it reports. The snapshots are what a camera reads of real positions.
#include <gtest/gtest.h>

#include "core/referee/sensor_view.hpp"
#include "core/rules/game.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/position_text.hpp"
#include "hardware/camera/variant/snapshot_referee.hpp"

namespace tessera::camera {
namespace {

Observation seenAfter(const Position& pos, const char* action) {
  Position after = pos;
  after.make(parseMove(after, action));
  return sensorView(after, SensorProfile::Camera);
}

// A Tile dropped on a3 at the start of Tiled Squares: read once, a3 misread would also explain the
// board as an Anti-Tile there or no action at all (reconcile's Choose with a single exact fit), so
// the referee waits for the second reading.
Game tiledSquares() { return Game(builtinVariant("tiled-squares")); }

// A board read as changes against the last confirmed one, where a change went unseen (e2 kept its
// settled pawn): nothing explains it, but the board read afresh does, and that is played.
TEST(SnapshotReferee, WhenTheBoardReadAgainstTheSettledOneIsNoActionTheFreshReadingIsTried) {
  Game game(builtinVariant("chess"));
  SnapshotReferee referee(game);
  const Observation fresh = seenAfter(game.position(), "e2e4");
  Observation againstSettled = fresh;
  againstSettled.at(4, 1) = sensorView(game.position(), SensorProfile::Camera).at(4, 1);
  const RefereeEvent event = referee.onSnapshot({againstSettled, 1, 3.0, fresh});
  EXPECT_EQ(event.kind, RefereeEvent::Kind::Played);
  EXPECT_EQ(event.text, "e4");
  EXPECT_TRUE(event.boardShowsPosition);
  // Without the fresh reading, the same board is a mismatch naming e4.
  Game other(builtinVariant("chess"));
  SnapshotReferee alone(other);
  const RefereeEvent mismatch = alone.onSnapshot({againstSettled, 1, 3.0});
  EXPECT_EQ(mismatch.kind, RefereeEvent::Kind::Mismatch);
  EXPECT_FALSE(mismatch.boardShowsPosition);
}

TEST(SnapshotReferee, AClearActionIsPlayedAtItsTime) {
  Game game(builtinVariant("chess"));
  SnapshotReferee referee(game);
  const RefereeEvent event = referee.onSnapshot({seenAfter(game.position(), "e2e4"), 1, 12.5});
  EXPECT_EQ(event.kind, RefereeEvent::Kind::Played);
  EXPECT_EQ(event.text, "e4");
  EXPECT_DOUBLE_EQ(event.seconds, 12.5);
  ASSERT_EQ(game.actions().size(), 1u);
  // The same stillness read again: nothing new.
  EXPECT_EQ(referee.onSnapshot({sensorView(game.position(), SensorProfile::Camera), 2, 13.0}).kind,
            RefereeEvent::Kind::Unchanged);
  EXPECT_EQ(game.actions().size(), 1u);
}

// The Tile on a3 has been read once, at 3 s: the referee waits.
class TileDropReadOnce : public ::testing::Test {
 protected:
  void SetUp() override {
    const RefereeEvent first = referee.onSnapshot({onA3, 1, 3.0});
    ASSERT_EQ(first.kind, RefereeEvent::Kind::Waiting);
    EXPECT_EQ(first.text, "3 explanations");
    ASSERT_TRUE(game.actions().empty());
  }
  Game game = tiledSquares();
  SnapshotReferee referee{game};
  const Observation onA3 = seenAfter(game.position(), "T@a3");
};

TEST_F(TileDropReadOnce, ALoneMisreadIsRuledOutOnlyByTheSameReadingTwice) {
  const RefereeEvent second = referee.onSnapshot({onA3, 2, 3.5});
  EXPECT_EQ(second.kind, RefereeEvent::Kind::Played);
  EXPECT_EQ(second.text, "T@a3");
  EXPECT_DOUBLE_EQ(second.seconds, 3.5);
  EXPECT_EQ(game.actions().size(), 1u);
}

TEST_F(TileDropReadOnce, ASecondReadingThatDiffersIsNoSecondLook) {
  // The second reading sees the Tile on b3 instead: not the same reading, so neither misread is
  // ruled out and nothing is played.
  EXPECT_EQ(referee.onSnapshot({seenAfter(game.position(), "T@b3"), 2, 3.5}).kind, RefereeEvent::Kind::Waiting);
  EXPECT_TRUE(game.actions().empty());
  // A new stillness: its first reading waits even though it reads as the last one did, and its
  // second is a second look.
  EXPECT_EQ(referee.onSnapshot({onA3, 1, 7.0}).kind, RefereeEvent::Kind::Waiting);
  EXPECT_EQ(referee.onSnapshot({onA3, 2, 7.5}).kind, RefereeEvent::Kind::Played);
  EXPECT_EQ(game.actions().size(), 1u);
}

TEST_F(TileDropReadOnce, ASecondReadingWithoutAWaitingFirstOneIsNoSecondLook) {
  // The first reading of the next stillness shows the board as it was; then a second reading
  // (of another stillness, its first lost) shows the Tile again: it must not count as read twice.
  ASSERT_EQ(referee.onSnapshot({sensorView(game.position(), SensorProfile::Camera), 1, 4.0}).kind,
            RefereeEvent::Kind::Unchanged);
  EXPECT_EQ(referee.onSnapshot({onA3, 2, 5.0}).kind, RefereeEvent::Kind::Waiting);
  EXPECT_TRUE(game.actions().empty());
}

TEST(SnapshotReferee, APromotionReadTwiceIsTheProposedQueenOrLeftUnresolved) {
  const char* start = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
  for (bool take : {true, false}) {
    Game game(builtinVariant("chess"), start);
    SnapshotReferee referee(game, {0.3f, take});
    const Observation seen = seenAfter(game.position(), "b7b8q");  // a camera sees a light piece, not which
    const RefereeEvent first = referee.onSnapshot({seen, 1, 1.0});
    EXPECT_EQ(first.kind, RefereeEvent::Kind::Waiting);
    const RefereeEvent second = referee.onSnapshot({seen, 2, 1.5});
    EXPECT_EQ(second.kind, take ? RefereeEvent::Kind::Proposed : RefereeEvent::Kind::Unresolved);
    EXPECT_EQ(second.boardShowsPosition, take) << "only a choice taken leaves the board as the position stands";
    EXPECT_FALSE(first.boardShowsPosition) << "a board waiting for its second reading is not explained yet";
    if (take) {
      EXPECT_EQ(second.text, "b8=Q+");
      ASSERT_EQ(game.actions().size(), 1u);
      EXPECT_EQ(longAlgebraic(Game(builtinVariant("chess"), start).position(), game.actions()[0]), "b7b8q");
    } else {
      EXPECT_EQ(second.text, "unresolved choice of 4");
      EXPECT_TRUE(game.actions().empty());
    }
  }
}

TEST(SnapshotReferee, CellsReadLessSurelyThanTheLimitCountForNothing) {
  // e4 read with a confidence of 0.1: unknown below the referee's 0.3, so the board no longer
  // tells e2-e4 from e2-e3 (or no move there at all) and nothing is played.
  Game game(builtinVariant("chess"));
  SnapshotReferee referee(game);
  Observation seen = seenAfter(game.position(), "e2e4");
  seen.cells[3 * 8 + 4].occupantConfidence = 0.1f;
  seen.cells[2 * 8 + 4].occupantConfidence = 0.1f;
  EXPECT_NE(referee.onSnapshot({seen, 1, 1.0}).kind, RefereeEvent::Kind::Played);
  EXPECT_TRUE(game.actions().empty());
  // The same read surely enough is played.
  SnapshotReferee lenient(game, {0.05f, true});
  EXPECT_EQ(lenient.onSnapshot({seen, 1, 2.0}).kind, RefereeEvent::Kind::Played);
}

TEST(SnapshotReferee, AnEarlierPositionIsATakebackAndTheRestAMismatchNamingTheSquares) {
  Game game(builtinVariant("chess"));
  SnapshotReferee referee(game);
  ASSERT_EQ(referee.onSnapshot({seenAfter(game.position(), "e2e4"), 1, 1.0}).kind, RefereeEvent::Kind::Played);
  ASSERT_EQ(referee.onSnapshot({seenAfter(game.position(), "e7e5"), 1, 2.0}).kind, RefereeEvent::Kind::Played);
  const RefereeEvent back = referee.onSnapshot({sensorView(startPosition(builtinVariant("chess")), SensorProfile::Camera), 1, 3.0});
  EXPECT_EQ(back.kind, RefereeEvent::Kind::TakenBack);
  EXPECT_EQ(back.text, "2 back");
  EXPECT_DOUBLE_EQ(back.seconds, 3.0);
  EXPECT_TRUE(game.actions().empty());
  // Both Knights of White gone at once: no action nor earlier position explains it.
  Observation seen = sensorView(game.position(), SensorProfile::Camera);
  seen.cells[1].occupant = Occupant::Empty;
  seen.cells[6].occupant = Occupant::Empty;
  const RefereeEvent wrong = referee.onSnapshot({seen, 1, 4.0});
  EXPECT_EQ(wrong.kind, RefereeEvent::Kind::Mismatch);
  EXPECT_EQ(wrong.text, "b1 g1 ");
}

TEST(SnapshotReferee, TheRookFirstOfACastlingIsAmendedOnceTheKingFollows) {
  Game game(builtinVariant("chess"), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  SnapshotReferee referee(game);
  ASSERT_EQ(referee.onSnapshot({seenAfter(game.position(), "h1f1"), 1, 1.0}).kind, RefereeEvent::Kind::Played);
  const Position before = Game(builtinVariant("chess"), "4k3/8/8/8/8/8/8/4K2R w K - 0 1").position();
  const RefereeEvent amended = referee.onSnapshot({seenAfter(before, "e1g1"), 1, 2.0});
  EXPECT_EQ(amended.kind, RefereeEvent::Kind::Played);
  EXPECT_EQ(amended.text, "amended to O-O");
  ASSERT_EQ(game.actions().size(), 1u);
  EXPECT_EQ(longAlgebraic(before, game.actions()[0]), "e1g1");
}

// What the camera reads once `actions` (text) are played from `pos`.
Observation seenAfterAll(Position pos, std::initializer_list<const char*> actions) {
  for (const char* a : actions) pos.make(parseMove(pos, a));
  return sensorView(pos, SensorProfile::Camera);
}

TEST(SnapshotReferee, TwoActionsMadeBetweenTwoReadingsArePlayedOnceTheBoardIsReadTwice) {
  Game game(builtinVariant("chess"));
  SnapshotReferee referee(game);
  const Observation both = seenAfterAll(game.position(), {"e4", "e5"});
  EXPECT_EQ(referee.onSnapshot({both, 1, 2.0}).kind, RefereeEvent::Kind::Waiting);
  EXPECT_TRUE(game.actions().empty());
  const RefereeEvent second = referee.onSnapshot({both, 2, 2.5});
  EXPECT_EQ(second.kind, RefereeEvent::Kind::Played);
  EXPECT_EQ(second.text, "e4 e5");
  EXPECT_EQ(game.actions().size(), 2u);
}

// The Tile on a3 was read once (the question asked: a Tile, an Anti-Tile, or nothing?), and Black
// dropped a Tile on b3 before the board was read again.
TEST_F(TileDropReadOnce, TheNextStillBoardShowingTheProposalsResultTooSettlesIt) {
  const Observation next = seenAfterAll(game.position(), {"T@a3", "T@b3"});
  const RefereeEvent settled = referee.onSnapshot({next, 1, 5.0});
  EXPECT_EQ(settled.kind, RefereeEvent::Kind::Played);
  EXPECT_EQ(settled.text, "T@a3");
  ASSERT_EQ(game.actions().size(), 1u);
  EXPECT_EQ(longAlgebraic(tiledSquares().position(), game.actions()[0]), "T@a3");
  // Black's Tile, read once, is the next question; its board read twice answers it.
  EXPECT_EQ(referee.onSnapshot({next, 2, 5.5}).text, "T@b3");
  EXPECT_EQ(game.actions().size(), 2u);
}

TEST_F(TileDropReadOnce, ANextStillBoardThatContradictsTheProposalLeavesTheQuestionOpen) {
  // The first reading was wrong: White had dropped an Anti-Tile on a3. The next board shows it, and
  // Black's Tile on b3: nothing is played on the strength of the misread, and the two actions are
  // judged together: read twice, they are played as the proposal says (who dropped which, the
  // board does not tell).
  const Observation next = seenAfterAll(game.position(), {"X@a3", "T@b3"});
  const RefereeEvent event = referee.onSnapshot({next, 1, 5.0});
  EXPECT_EQ(event.kind, RefereeEvent::Kind::Waiting);
  EXPECT_TRUE(game.actions().empty());
  EXPECT_EQ(referee.onSnapshot({next, 2, 5.5}).kind, RefereeEvent::Kind::Proposed);
  EXPECT_EQ(game.actions().size(), 2u);
  EXPECT_TRUE(sameReading(sensorView(game.position(), SensorProfile::Camera), next));
}

TEST(SameReading, EveryCellsOccupantAndSurfaceAndTheBoardsSizeMustAgree) {
  const Observation a = sensorView(startPosition(builtinVariant("chess")), SensorProfile::Camera);
  EXPECT_TRUE(sameReading(a, a));
  Observation b = a;
  b.cells[63].occupantConfidence = 0.5f;  // how sure the reading was is not what it read
  EXPECT_TRUE(sameReading(a, b));
  b.cells[63].occupant = Occupant::Empty;
  EXPECT_FALSE(sameReading(a, b));
  b = a;
  b.cells[63].surface = b.cells[62].surface;
  EXPECT_FALSE(sameReading(a, b));
  // Another board's reading, even one whose cells all agree as far as they go.
  Observation wider(9, 8), taller(8, 9);
  for (std::size_t i = 0; i < a.cells.size(); ++i) wider.cells[i] = taller.cells[i] = a.cells[i];
  EXPECT_FALSE(sameReading(a, wider));
  EXPECT_FALSE(sameReading(a, taller));
  EXPECT_FALSE(sameReading(wider, a));
}

}  // namespace
}  // namespace tessera::camera
