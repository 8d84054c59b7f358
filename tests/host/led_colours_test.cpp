// The board's LEDs for the session's state: red squares to fix, green destinations of a lifted
// piece, blue for the engine's action.
#include <gtest/gtest.h>

#include "host/session/led_colours.hpp"
#include "session_fixture.hpp"

namespace tessera::session {
namespace {

bool same(const link::Rgb& a, const link::Rgb& b) { return a.red == b.red && a.green == b.green && a.blue == b.blue; }
std::size_t cell(int file, int rank) { return static_cast<std::size_t>(rank * 8 + file); }

TEST(LedColours, LightTheLiftedPiecesDestinationsAndTheSquaresToFix) {
  SessionFixture f("chess");
  const auto dark = ledColours(f.session);
  EXPECT_TRUE(std::all_of(dark.begin(), dark.end(), [](const link::Rgb& c) { return same(c, {}); }))
      << "all off while the board matches";
  Observation lifted = sensorView(f.session.game().position(), SensorProfile::Camera);
  lifted.at(6, 0).occupant = Occupant::Empty;  // g1 Knight
  f.session.onObservation(lifted);
  auto leds = ledColours(f.session);
  EXPECT_TRUE(same(leds[cell(5, 2)], kLedTarget));
  EXPECT_TRUE(same(leds[cell(7, 2)], kLedTarget));
  EXPECT_TRUE(same(leds[cell(6, 0)], kLedFix)) << "where the piece is missing";
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
  const auto leds = ledColours(f.session);
  EXPECT_TRUE(same(leds[cell(fileOf(m.from), rankOf(m.from))], kLedEngine));
  EXPECT_TRUE(same(leds[cell(fileOf(m.to), rankOf(m.to))], kLedEngine));
}

}  // namespace
}  // namespace tessera::session
