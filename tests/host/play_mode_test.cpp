// How a game is played, as `tessera play --mode` and `--engine-side` name it.
#include <gtest/gtest.h>

#include <stdexcept>

#include "core/rules/variant.hpp"
#include "host/session/play_mode.hpp"

namespace tessera::session {
namespace {

TEST(PlayMode, EachModeIsReadByTheNameItIsWrittenWith) {
  for (const PlayMode mode : {PlayMode::Referee, PlayMode::Engine, PlayMode::Hints})
    EXPECT_EQ(parsePlayMode(playModeName(mode)), mode) << playModeName(mode);
  EXPECT_EQ(playModeName(PlayMode::Referee), "referee");
  EXPECT_EQ(playModeName(PlayMode::Engine), "engine");
  EXPECT_EQ(playModeName(PlayMode::Hints), "hints");
  for (const char* wrong : {"", "Engine", "hint", "referees"}) EXPECT_FALSE(parsePlayMode(wrong).has_value()) << wrong;
}

TEST(PlayMode, TheEnginesSideIsNamedInAnyCaseAndIsBlackUnlessSaid) {
  EXPECT_EQ(engineSideNamed(builtinVariant("chess"), ""), 1);
  EXPECT_EQ(engineSideNamed(builtinVariant("chess"), "White"), 0);
  EXPECT_EQ(engineSideNamed(builtinVariant("chess"), "black"), 1);
  EXPECT_EQ(engineSideNamed(builtinVariant("chameleon-redux-4p"), "EAST"), 3);
  const auto refusal = [](const char* variant, const char* name) {
    try {
      engineSideNamed(builtinVariant(variant), name);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(refusal("chess", "north"), "--engine-side must be white or black in Orthodox chess, not 'north'");
  EXPECT_EQ(refusal("chameleon-redux-4p", "black"),
            "--engine-side must be south, west, north or east in Chameleon Chess Redux, four players, not 'black'");
}

}  // namespace
}  // namespace tessera::session
