// The colour spaces cells are compared in: which divide by the paper's white, and CIELAB's known
// values (white, black, the primaries' hues), so that a distance between two cells means the same
// in every space.
#include <gtest/gtest.h>

#include "hardware/camera/colour_space.hpp"

namespace tessera::camera {
namespace {

TEST(ColourSpace, OnlyTheWhiteSpacesDivideByThePapersWhite) {
  EXPECT_FALSE(dividesByWhite(ColourSpace::CameraRgb));
  EXPECT_FALSE(dividesByWhite(ColourSpace::CameraLab));
  EXPECT_TRUE(dividesByWhite(ColourSpace::WhiteRgb));
  EXPECT_TRUE(dividesByWhite(ColourSpace::WhiteLab));
  EXPECT_EQ(colourSpaceName(ColourSpace::WhiteLab), "white-lab");
  EXPECT_EQ(colourSpaceName(ColourSpace::CameraRgb), "camera-rgb");
}

TEST(ColourSpace, LabGivesWhiteBlackAndThePrimariesTheirKnownValues) {
  const cv::Vec3f white = labFromBgr({1, 1, 1}), black = labFromBgr({0, 0, 0});
  EXPECT_NEAR(white[0], 100.0f, 0.1f);
  EXPECT_NEAR(white[1], 0.0f, 0.2f);
  EXPECT_NEAR(white[2], 0.0f, 0.2f);
  EXPECT_NEAR(black[0], 0.0f, 0.1f);
  // sRGB red, green and blue (BGR order): L*, a*, b* to a unit.
  const cv::Vec3f red = labFromBgr({0, 0, 1}), green = labFromBgr({0, 1, 0}), blue = labFromBgr({1, 0, 0});
  EXPECT_NEAR(red[0], 53.2f, 1.0f);
  EXPECT_NEAR(red[1], 80.1f, 1.0f);
  EXPECT_NEAR(red[2], 67.2f, 1.0f);
  EXPECT_NEAR(green[0], 87.7f, 1.0f);
  EXPECT_NEAR(green[1], -86.2f, 1.0f);
  EXPECT_NEAR(blue[2], -107.9f, 1.0f);
  // A mid grey: L* 53.4 for sRGB 0.5.
  EXPECT_NEAR(labFromBgr({0.5f, 0.5f, 0.5f})[0], 53.4f, 0.5f);
  // RGB spaces keep the values, scaled to 0..100 like L*.
  EXPECT_EQ(toColourSpace(ColourSpace::WhiteRgb, {0.25f, 0.5f, 1.0f}), cv::Vec3f(25, 50, 100));
  EXPECT_EQ(toColourSpace(ColourSpace::CameraLab, {1, 1, 1}), white);
}

TEST(ColourSpace, GlareBeyondOneAndAHalfTimesThePaperIsReadAsThat) {
  // A reflection brighter than the white paper divided by it: capped, so one glaring cell cannot
  // lie arbitrarily far from every colour.
  EXPECT_EQ(labFromBgr({3, 3, 3}), labFromBgr({1.5f, 1.5f, 1.5f}));
  EXPECT_GT(labFromBgr({1.5f, 1.5f, 1.5f})[0], labFromBgr({1, 1, 1})[0]);
}

}  // namespace
}  // namespace tessera::camera
