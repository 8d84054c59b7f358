// Display frames land as numbered PNG files, and latest.png always holds the newest.
#include <gtest/gtest.h>

#include <unistd.h>

#include <opencv2/imgcodecs.hpp>

#include "host/views/display/png_frame_writer.hpp"

namespace tessera::display {
namespace {

TEST(PngFrameWriter, WritesNumberedFramesAndTheLatest) {
  const auto dir = std::filesystem::temp_directory_path() / ("tessera-frames-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  PngFrameWriter writer(dir / "nested");
  const cv::Mat red(40, 60, CV_8UC3, cv::Scalar(0, 0, 255)), blue(40, 60, CV_8UC3, cv::Scalar(255, 0, 0));
  EXPECT_EQ(writer.write(red).filename(), "frame-00001.png");
  EXPECT_EQ(writer.write(blue).filename(), "frame-00002.png");
  const cv::Mat first = cv::imread((dir / "nested" / "frame-00001.png").string());
  const cv::Mat latest = cv::imread((dir / "nested" / "latest.png").string());
  ASSERT_FALSE(first.empty());
  ASSERT_FALSE(latest.empty());
  EXPECT_EQ(first.at<cv::Vec3b>(10, 10), cv::Vec3b(0, 0, 255));
  EXPECT_EQ(latest.at<cv::Vec3b>(10, 10), cv::Vec3b(255, 0, 0));
  std::filesystem::remove_all(dir);
  EXPECT_THROW(PngFrameWriter("/proc/no-such-place/frames"), std::runtime_error);
}

TEST(PngFrameWriter, KeepsOnlyTheLatestWhenAskedTo) {
  const auto dir = std::filesystem::temp_directory_path() / ("tessera-latest-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  PngFrameWriter writer(dir, false);
  for (int i = 0; i < 3; ++i) writer.write(cv::Mat(20, 20, CV_8UC3, cv::Scalar(0, 80 * i, 0)));
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) files += entry.is_regular_file();
  EXPECT_EQ(files, 1);
  EXPECT_EQ(cv::imread((dir / "latest.png").string()).at<cv::Vec3b>(5, 5), cv::Vec3b(0, 160, 0));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tessera::display
