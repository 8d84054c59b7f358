// The XBetza parser: what each construct of the Desert Dust line and the orthodox pieces means.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "core/rules/xbetza.hpp"

using namespace tessera;

namespace {

// Landing offsets of all templates when the board is empty and 8 squares of room in every
// direction; rides are cut at 3 steps to keep the sets short.
std::set<std::pair<int, int>> targets(const PieceMoves& pm, bool moves = true, bool captures = true) {
  std::set<std::pair<int, int>> out;
  for (const MoveTemplate& t : pm.templates) {
    if (!((moves && t.canMove) || (captures && t.canCapture))) continue;
    const int n = t.range == 0 ? 3 : t.range;
    for (int k = 1; k <= n; ++k) out.insert({t.start.dx + t.step.dx * k, t.start.dy + t.step.dy * k});
  }
  return out;
}

using Set = std::set<std::pair<int, int>>;

TEST(XBetzaAtoms, LeapersLandOnTheirEightOrFourSquares) {
  EXPECT_EQ(targets(parseXBetza("W")), (Set{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}));
  EXPECT_EQ(targets(parseXBetza("F")), (Set{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}));
  EXPECT_EQ(targets(parseXBetza("N")).size(), 8u);
  EXPECT_EQ(targets(parseXBetza("C")), (Set{{1, 3}, {3, 1}, {-1, 3}, {-3, 1}, {1, -3}, {3, -1}, {-1, -3}, {-3, -1}}));
  EXPECT_EQ(targets(parseXBetza("Z")).count({3, 2}), 1u);
  EXPECT_EQ(targets(parseXBetza("G")), (Set{{3, 3}, {3, -3}, {-3, 3}, {-3, -3}}));
  EXPECT_EQ(targets(parseXBetza("K")).size(), 8u);
}

TEST(XBetzaAtoms, DoubledAtomRidesAndDigitLimitsRange) {
  const PieceMoves nn = parseXBetza("NN");
  ASSERT_EQ(nn.templates.size(), 8u);
  for (const MoveTemplate& t : nn.templates) EXPECT_EQ(t.range, 0);
  const PieceMoves w2 = parseXBetza("W2");
  for (const MoveTemplate& t : w2.templates) EXPECT_EQ(t.range, 2);
  EXPECT_EQ(parseXBetza("R").templates.size(), 4u);
  EXPECT_EQ(parseXBetza("Q").templates.size(), 8u);
}

TEST(XBetzaModifiers, PawnStringMeansStepDoubleStepCaptureAndEnPassant) {
  const PieceMoves p = parseXBetza("ifmnDfmWfceF");
  ASSERT_EQ(p.templates.size(), 4u);
  const MoveTemplate& dbl = p.templates[0];
  EXPECT_TRUE(dbl.initialOnly);
  EXPECT_TRUE(dbl.canMove);
  EXPECT_FALSE(dbl.canCapture);
  EXPECT_TRUE(dbl.createsEnPassant);
  EXPECT_EQ(dbl.step, (Offset{0, 2}));
  ASSERT_EQ(dbl.passes.size(), 1u);  // non-jumping: the square between must be empty
  EXPECT_EQ(dbl.passes[0], (Offset{0, 1}));
  EXPECT_EQ(p.templates[1].step, (Offset{0, 1}));
  EXPECT_FALSE(p.templates[1].canCapture);
  for (int i : {2, 3}) {
    EXPECT_FALSE(p.templates[i].canMove);
    EXPECT_TRUE(p.templates[i].canCapture);
    EXPECT_TRUE(p.templates[i].enPassant);
    EXPECT_EQ(p.templates[i].step.dy, 1);
  }
}

TEST(XBetzaModifiers, FsOnAnObliqueAtomIsTheTwoWideForwardMoves) {
  EXPECT_EQ(targets(parseXBetza("mfsN")), (Set{{2, 1}, {-2, 1}}));
  EXPECT_EQ(targets(parseXBetza("ffN")), (Set{{1, 2}, {-1, 2}}));
}

// On an oblique atom a doubled direction is the narrow pair (ff: the two most forward), a direction
// with its cross direction the wide pair (fs, lv), and two directions the one octant pair (fl).
TEST(XBetzaModifiers, EveryDirectionPairOnAnObliqueAtom) {
  EXPECT_EQ(targets(parseXBetza("fN")), (Set{{1, 2}, {-1, 2}, {2, 1}, {-2, 1}}));
  EXPECT_EQ(targets(parseXBetza("bN")), (Set{{1, -2}, {-1, -2}, {2, -1}, {-2, -1}}));
  EXPECT_EQ(targets(parseXBetza("lN")), (Set{{-1, 2}, {-1, -2}, {-2, 1}, {-2, -1}}));
  EXPECT_EQ(targets(parseXBetza("rN")), (Set{{1, 2}, {1, -2}, {2, 1}, {2, -1}}));
  EXPECT_EQ(targets(parseXBetza("vN")), (Set{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}}));
  EXPECT_EQ(targets(parseXBetza("sN")), (Set{{2, 1}, {-2, 1}, {2, -1}, {-2, -1}}));
  EXPECT_EQ(targets(parseXBetza("bbN")), (Set{{1, -2}, {-1, -2}}));
  EXPECT_EQ(targets(parseXBetza("bsN")), (Set{{2, -1}, {-2, -1}}));
  EXPECT_EQ(targets(parseXBetza("llN")), (Set{{-2, 1}, {-2, -1}}));
  EXPECT_EQ(targets(parseXBetza("lvN")), (Set{{-1, 2}, {-1, -2}}));
  EXPECT_EQ(targets(parseXBetza("rrN")), (Set{{2, 1}, {2, -1}}));
  EXPECT_EQ(targets(parseXBetza("rvN")), (Set{{1, 2}, {1, -2}}));
  EXPECT_EQ(targets(parseXBetza("flN")), (Set{{-1, 2}, {-2, 1}}));
  EXPECT_EQ(targets(parseXBetza("brN")), (Set{{1, -2}, {2, -1}}));
  // Two pairs in one string: the narrow moves forward and backward.
  EXPECT_EQ(targets(parseXBetza("ffbbN")), (Set{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}}));
}

// m, c and e on the final leg of a path say what the whole path may do.
TEST(XBetzaLegs, TheFinalLegSaysWhetherThePathMovesOrCaptures) {
  EXPECT_EQ(targets(parseXBetza("afsmW"), true, false).size(), 8u);
  EXPECT_TRUE(targets(parseXBetza("afsmW"), false, true).empty());
  EXPECT_EQ(targets(parseXBetza("afscW"), false, true).size(), 8u);
  EXPECT_TRUE(targets(parseXBetza("afscW"), true, false).empty());
  EXPECT_EQ(targets(parseXBetza("afsW"), true, false), targets(parseXBetza("afsW"), false, true));
  for (const MoveTemplate& t : parseXBetza("afseW").templates) {
    EXPECT_TRUE(t.enPassant);
    EXPECT_FALSE(t.canMove);
  }
  for (const MoveTemplate& t : parseXBetza("afsiW").templates) EXPECT_TRUE(t.initialOnly);
}

// What a path of legs may not be, each refused with what is wrong.
TEST(XBetzaErrors, PathsOfLegsThatCannotBeAreRefused) {
  const auto why = [](const char* s) -> std::string {
    try {
      parseXBetza(s);
    } catch (const XBetzaError& e) {
      return e.what();
    }
    return "accepted";
  };
  const auto says = [&](const char* s, const char* what) {
    EXPECT_NE(why(s).find(what), std::string::npos) << s << ": " << why(s);
  };
  says("eafsW", "e, i and n belong on the final leg");
  says("iafsW", "e, i and n belong on the final leg");
  says("nafsW", "e, i and n belong on the final leg");
  says("afspW", "'p' and 'y' cannot be on the final leg");
  says("afsyW", "'p' and 'y' cannot be on the final leg");
  says("afsN", "multi-leg paths are supported on the W and F atoms only");
  says("afsD", "multi-leg paths are supported on the W and F atoms only");
  says("afsK", "multi-leg paths are supported on the W and F atoms only");
  says("afsWW", "multi-leg paths are supported on the W and F atoms only");
  says("afsW2", "multi-leg paths are supported on the W and F atoms only");
  says("W0", "a range of 0");
  EXPECT_EQ(why("afsF").find("multi-leg"), std::string::npos) << why("afsF");
}

// A later leg's turn, from each of the four first steps: fr and fl a half right angle (a W step
// then a diagonal one: the Knight's moves, four each), br and bl three (back beside the start).
TEST(XBetzaLegs, EveryTurnOfALaterLeg) {
  EXPECT_EQ(targets(parseXBetza("afrW")), (Set{{1, 2}, {2, -1}, {-1, -2}, {-2, 1}}));
  EXPECT_EQ(targets(parseXBetza("aflW")), (Set{{-1, 2}, {2, 1}, {1, -2}, {-2, -1}}));
  EXPECT_EQ(targets(parseXBetza("afsW")).size(), 8u);
  const Set besideTheStart{{1, 0}, {0, -1}, {-1, 0}, {0, 1}};
  EXPECT_EQ(targets(parseXBetza("abrW")), besideTheStart);
  EXPECT_EQ(targets(parseXBetza("ablW")), besideTheStart);
  EXPECT_EQ(parseXBetza("abrW").templates.size(), 4u);
  EXPECT_EQ(parseXBetza("absW").templates.size(), 8u);  // two paths to each square
  EXPECT_EQ(targets(parseXBetza("alW")), (Set{{-1, 1}, {1, 1}, {1, -1}, {-1, -1}}));
  EXPECT_EQ(targets(parseXBetza("arW")), (Set{{1, 1}, {1, -1}, {-1, -1}, {-1, 1}}));
  EXPECT_EQ(targets(parseXBetza("afW")), (Set{{0, 2}, {2, 0}, {0, -2}, {-2, 0}}));  // straight on
}

TEST(XBetzaModifiers, DirectionsOnOrthogonalAndDiagonalAtoms) {
  EXPECT_EQ(targets(parseXBetza("vW")), (Set{{0, 1}, {0, -1}}));
  EXPECT_EQ(targets(parseXBetza("sW")), (Set{{1, 0}, {-1, 0}}));
  EXPECT_EQ(targets(parseXBetza("fW")), (Set{{0, 1}}));
  EXPECT_EQ(targets(parseXBetza("bW")), (Set{{0, -1}}));
  EXPECT_EQ(targets(parseXBetza("lW")), (Set{{-1, 0}}));
  EXPECT_EQ(targets(parseXBetza("rW")), (Set{{1, 0}}));
  EXPECT_EQ(targets(parseXBetza("lF")), (Set{{-1, 1}, {-1, -1}}));
  EXPECT_EQ(targets(parseXBetza("fF")), (Set{{1, 1}, {-1, 1}}));
  EXPECT_EQ(targets(parseXBetza("frF")), (Set{{1, 1}}));
  EXPECT_EQ(targets(parseXBetza("mfR")), (Set{{0, 1}, {0, 2}, {0, 3}}));
}

TEST(XBetzaModifiers, MoveOnlyAndCaptureOnlySplit) {
  const PieceMoves satrap = parseXBetza("mWmDcFcA");
  EXPECT_EQ(targets(satrap, true, false).size(), 8u);
  EXPECT_EQ(targets(satrap, false, true), (Set{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}, {2, 2}, {2, -2}, {-2, 2}, {-2, -2}}));
}

TEST(XBetzaLegs, SnakeStepsThenSlidesDiagonallyOutward) {
  const PieceMoves snake = parseXBetza("vWvyafsW");
  // vW: two steps; vyafsW: four bent rides.
  ASSERT_EQ(snake.templates.size(), 6u);
  int bent = 0;
  for (const MoveTemplate& t : snake.templates) {
    if (t.passes.empty()) continue;
    ++bent;
    ASSERT_EQ(t.passes.size(), 1u);
    EXPECT_EQ(t.conditions[0], PassCondition::Empty);
    EXPECT_EQ(t.range, 0);
    EXPECT_EQ(t.start, t.passes[0]);
    EXPECT_EQ(std::abs(t.step.dx), 1);
    EXPECT_EQ(t.step.dy, t.start.dy);  // outward: away from the start along the file
  }
  EXPECT_EQ(bent, 4);
}

TEST(XBetzaLegs, AstrologerPassesTwoSquaresOfAnyContentThenTheEmptyCamelSquare) {
  const PieceMoves a = parseXBetza("CmpafmpafsyafW");
  int bent = 0;
  for (const MoveTemplate& t : a.templates) {
    if (t.passes.empty()) continue;
    ++bent;
    ASSERT_EQ(t.passes.size(), 3u);
    EXPECT_EQ(t.conditions[0], PassCondition::Either);
    EXPECT_EQ(t.conditions[1], PassCondition::Either);
    EXPECT_EQ(t.conditions[2], PassCondition::Empty);
    const Offset camel = t.passes[2];
    EXPECT_TRUE((std::abs(camel.dx) == 1 && std::abs(camel.dy) == 3) || (std::abs(camel.dx) == 3 && std::abs(camel.dy) == 1));
    EXPECT_EQ(t.start, camel);
    // The ride goes on in the direction of the Camel's diagonal leg.
    EXPECT_EQ(t.step.dx, camel.dx - t.passes[1].dx);
    EXPECT_EQ(t.step.dy, camel.dy - t.passes[1].dy);
    EXPECT_EQ(t.range, 0);
  }
  EXPECT_EQ(bent, 8);
}

TEST(XBetzaCastling, IsO4GivesTheCastlingDistance) {
  const PieceMoves k = parseXBetza("KisO4");
  EXPECT_EQ(k.castlingDistance, 4);
  EXPECT_EQ(k.templates.size(), 8u);
}

TEST(XBetzaErrors, NamePositionOfWhatCannotBeRead) {
  auto positionOf = [](const char* s) -> std::size_t {
    try {
      parseXBetza(s);
    } catch (const XBetzaError& e) {
      return e.position();
    }
    return 0;
  };
  EXPECT_EQ(positionOf("WX"), 2u);      // unknown atom
  EXPECT_EQ(positionOf("WqF"), 2u);     // unknown modifier
  EXPECT_EQ(positionOf("Wmf"), 4u);     // modifiers with nothing after them
  EXPECT_EQ(positionOf("O"), 1u);       // castling needs a distance
  EXPECT_EQ(positionOf("FffW"), 4u);    // 'ff' selects no move of an orthogonal atom
  EXPECT_THROW(parseXBetza(""), XBetzaError);
  EXPECT_THROW(parseXBetza("caW"), XBetzaError);  // locust capture on a non-final leg
  // Each leg multiplies the paths (found by fuzzing: 2 GB for a 120-leg string).
  EXPECT_EQ(positionOf("mpafsyafW"), 0u);
  try {
    parseXBetza("mpafaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaafW");
    FAIL() << "accepted a string of 50 legs";
  } catch (const XBetzaError& e) {
    EXPECT_NE(std::string(e.what()).find("too many legs"), std::string::npos) << e.what();
  }
  try {
    parseXBetza("KAQx");
    FAIL() << "accepted an unknown modifier at the end";
  } catch (const XBetzaError& e) {
    EXPECT_NE(std::string(e.what()).find("position 4"), std::string::npos) << e.what();
  }
}

}  // namespace
