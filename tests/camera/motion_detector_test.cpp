// Motion between two readings of the board, on block means made up directly so that exactly which
// blocks changed is known: a change of light over the whole board is no motion, a hand is, and a
// hand under a change of light is counted block for block.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "hardware/camera/motion_detector.hpp"

namespace tessera::camera {
namespace {

cv::Mat texturedBoard(unsigned seed) {
  cv::Mat blocks(24, 24, CV_32FC3);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> grey(60.0f, 200.0f);
  for (int y = 0; y < blocks.rows; ++y)
    for (int x = 0; x < blocks.cols; ++x) blocks.at<cv::Vec3f>(y, x) = cv::Vec3f(grey(rng), grey(rng), grey(rng));
  return blocks;
}

// The light grows from 80% at the left edge to 125% at the right, warmer in red than in blue.
cv::Mat underOtherLight(const cv::Mat& blocks) {
  cv::Mat out = blocks.clone();
  for (int y = 0; y < out.rows; ++y)
    for (int x = 0; x < out.cols; ++x) {
      const float t = static_cast<float>(x) / (out.cols - 1);
      const float gain = 0.8f + 0.45f * t;
      cv::Vec3f& v = out.at<cv::Vec3f>(y, x);
      v = cv::Vec3f(v[0] * gain * 0.95f, v[1] * gain, v[2] * gain * 1.05f);
    }
  return out;
}

// A hand over the blocks from (x0, y0) to (x1, y1), exclusive: skin-coloured, much brighter in red.
void handOver(cv::Mat& blocks, int x0, int y0, int x1, int y1) {
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) blocks.at<cv::Vec3f>(y, x) = cv::Vec3f(120.0f + (x % 3) * 10, 150.0f, 230.0f);
}

TEST(MotionDetector, TheSameBoardAndAChangeOfLightAreNoMotion) {
  const cv::Mat before = texturedBoard(1);
  const MotionOptions options;
  EXPECT_EQ(changedBlocks(before, before, options), 0);
  EXPECT_EQ(changedBlocks(before, underOtherLight(before), options), 0);
}

TEST(MotionDetector, AHandUnderAChangeOfLightIsCountedBlockForBlock) {
  // Fitted with the hand's blocks, the light's plane would tilt, and blocks beside the hand would
  // count as changed (here: 70 instead of 36) or blocks under it would not.
  const cv::Mat before = texturedBoard(2);
  cv::Mat after = underOtherLight(before);
  handOver(after, 0, 0, 6, 6);
  EXPECT_EQ(changedBlocks(before, after, MotionOptions{}), 36);
  // One block alone, which the stabiliser takes for noise.
  cv::Mat one = underOtherLight(before);
  handOver(one, 20, 3, 21, 4);
  EXPECT_EQ(changedBlocks(before, one, MotionOptions{}), 1);
  // A hand over a quarter of the board tilts even the first fit so far that most blocks count as
  // changed: motion all the same.
  cv::Mat quarter = underOtherLight(before);
  handOver(quarter, 0, 0, 12, 12);
  EXPECT_GE(changedBlocks(before, quarter, MotionOptions{}), 144);
}

TEST(MotionDetector, ReadingsThatCannotBeComparedSaySo) {
  const cv::Mat board = texturedBoard(3);
  const MotionOptions options;
  EXPECT_EQ(changedBlocks(cv::Mat(), board, options), -1);
  EXPECT_EQ(changedBlocks(board, cv::Mat(), options), -1);
  EXPECT_EQ(changedBlocks(board, board(cv::Rect(0, 0, 24, 20)).clone(), options), -1);  // another board's size
  cv::Mat grey;
  cv::extractChannel(board, grey, 0);
  EXPECT_EQ(changedBlocks(board, grey, options), -1);
}

}  // namespace
}  // namespace tessera::camera
