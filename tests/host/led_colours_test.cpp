// The board's LEDs for the session's state: red squares to fix, green destinations of a lifted
// piece, blue for the engine's action.
#include <gtest/gtest.h>

#include "host/views/led_colours.hpp"
#include "session_fixture.hpp"

namespace tessera::session {
namespace {

bool same(const link::Rgb& a, const link::Rgb& b) { return a.red == b.red && a.green == b.green && a.blue == b.blue; }
std::size_t cell(int file, int rank) { return static_cast<std::size_t>(rank * 8 + file); }

TEST(LedColours, LightTheLiftedPiecesDestinationsAndTheSquaresToFix) {
  SessionFixture f("chess");
  const auto dark = views::ledColours(f.session);
  EXPECT_TRUE(std::all_of(dark.begin(), dark.end(), [](const link::Rgb& c) { return same(c, {}); }))
      << "all off while the board matches";
  Observation lifted = sensorView(f.session.game().position(), SensorProfile::Camera);
  lifted.at(6, 0).occupant = Occupant::Empty;  // g1 Knight
  f.session.onObservation(lifted);
  auto leds = views::ledColours(f.session);
  EXPECT_TRUE(same(leds[cell(5, 2)], views::kLedTarget));
  EXPECT_TRUE(same(leds[cell(7, 2)], views::kLedTarget));
  EXPECT_TRUE(same(leds[cell(6, 0)], views::kLedFix)) << "where the piece is missing";
  EXPECT_TRUE(same(leds[cell(4, 2)], {}));
}

TEST(LedColours, ShowTheEngineAction) {
  SessionOptions o;
  o.mode = PlayMode::Engine;
  o.engineSide = 0;
  o.engineMillis = 30;
  SessionFixture f("chess", o);
  ASSERT_TRUE(f.session.engineAction().has_value());
  const Move m = *f.session.engineAction();
  const auto leds = views::ledColours(f.session);
  EXPECT_TRUE(same(leds[cell(fileOf(m.from), rankOf(m.from))], views::kLedEngine));
  EXPECT_TRUE(same(leds[cell(fileOf(m.to), rankOf(m.to))], views::kLedEngine));
}

TEST(LedColours, ShowEverySquareTheEnginesActionChanges) {
  SessionOptions o;
  o.mode = PlayMode::Engine;
  o.engineMillis = 50;
  o.startPosition = "8/8/R7/4k3/1N1Pp3/2P5/8/5R1K b - d3 0 1";  // exd3 e.p. is Black's only action
  SessionFixture passant("chess", o);
  ASSERT_TRUE(passant.session.engineAction().has_value());
  auto leds = views::ledColours(passant.session);
  EXPECT_TRUE(same(leds[cell(4, 3)], views::kLedEngine) && same(leds[cell(3, 2)], views::kLedEngine));  // e4, d3
  EXPECT_TRUE(same(leds[cell(3, 3)], views::kLedEngine)) << "d4, the Pawn taken";

  o.engineSide = 0;
  o.startPosition = "8/8/8/8/8/5N2/1pp1PP2/2k1K2R w K - 0 1";  // O-O is mate, Rf1 is not
  SessionFixture castling("chess", o);
  ASSERT_TRUE(castling.session.engineAction().has_value());
  ASSERT_EQ(castling.session.engineAction()->kind, MoveKind::Castle);
  leds = views::ledColours(castling.session);
  for (int file : {4, 5, 6, 7}) EXPECT_TRUE(same(leds[cell(file, 0)], views::kLedEngine)) << "e1 g1 and the Rook's h1 f1";
}

TEST(LedColours, ShowThePiecesOfASideWithNoLegalActionToTakeOff) {
  SessionOptions o;
  o.startPosition = "1wKwPwQ4/4wP1eK1/3wPeP2eQ/1sP1eQ4/8/3sP4/2sK5/2eQ5 s - - 11 74";  // South: b5 c2 d3
  for (const PlayMode mode : {PlayMode::Referee, PlayMode::Engine}) {
    o.mode = mode;
    o.engineSide = 0;
    o.engineMillis = 50;
    SessionFixture f("chameleon-redux-4p", o);
    const auto leds = views::ledColours(f.session);
    EXPECT_TRUE(same(leds[cell(1, 4)], views::kLedEngine)) << "b5";
    EXPECT_TRUE(same(leds[cell(2, 1)], views::kLedEngine)) << "c2";
    EXPECT_TRUE(same(leds[cell(3, 2)], views::kLedEngine)) << "d3";
    EXPECT_TRUE(same(leds[cell(3, 4)], {})) << "d5, East's Queen";
  }
}

}  // namespace
}  // namespace tessera::session
