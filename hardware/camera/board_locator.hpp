#pragma once
// Finds the board in a camera frame from its four ArUco markers (DICT_4X4_50, ids 0-3) and gives
// the homography from board cells to image pixels. The markers fix which corner is a1, so the
// board may lie at any angle. While a marker is covered (a hand, a sleeve) the last homography is
// kept as long as the markers still visible agree with it.
#include <optional>

#include <opencv2/aruco.hpp>
#include <opencv2/core.hpp>

#include "hardware/camera/board_layout.hpp"
#include "hardware/camera/lens.hpp"

namespace tessera::camera {

struct BoardLocation {
  enum class How {
    NotFound,  // too few markers, and none agreeing with an earlier location
    Fresh,     // computed from the markers of this frame
    Kept,      // a marker is covered: the last homography, confirmed by the visible markers
  };
  How how = How::NotFound;
  cv::Matx33d boardToImage = cv::Matx33d::eye();  // board cell units -> image pixels
  int markersSeen = 0;
  bool found() const { return how != How::NotFound; }
};

struct LocatorOptions {
  // Corners of seen markers must lie within this fraction of a cell of where the kept homography
  // puts them; farther means the board moved while a marker was covered.
  double agreementCells = 0.08;
  // Once the board was found, markers are searched only in small windows around where they
  // were (ArUco over a whole 1280x720 frame costs more than all the rest of a frame); windows
  // with a marker smaller than this many pixels are enlarged first, so small markers still read.
  int smallMarkerPixels = 28;
  // Outlines shorter than this many pixels a side are not looked at as markers: a marker is six
  // bits across with its border, so a smaller one cannot be read. Sensor noise in a dark room
  // makes thousands of tiny outlines, which ArUco compares pair by pair: with no floor in pixels
  // a dark, noisy 480x360 frame took 7.6 s to search (found by fuzz_camera_frame).
  int minMarkerSidePixels = 7;
  // While the markers are not where they were, the whole image is searched on every n-th frame.
  int wholeSearchEvery = 5;
  // The camera's distortion: the homography maps the board to the frame as seen without it.
  Lens lens;
};

class BoardLocator {
 public:
  explicit BoardLocator(BoardLayout layout, LocatorOptions options = {});
  BoardLocation locate(const cv::Mat& bgrOrGrey);
  void forget() { last_.reset(); }

 private:
  BoardLayout layout_;
  LocatorOptions options_;
  cv::Ptr<cv::aruco::Dictionary> dictionary_;
  cv::Ptr<cv::aruco::DetectorParameters> parameters_;
  struct Detection {
    int id;
    std::array<cv::Point2f, 4> corners;
  };
  std::vector<Detection> detectWhole(const cv::Mat& grey);
  std::vector<Detection> detectNear(const cv::Mat& grey, const cv::Matx33d& boardToImage);
  BoardLocation fromDetections(const std::vector<Detection>& found);

  std::optional<cv::Matx33d> last_;
  int framesLost_ = 0;
  cv::Mat grey_;
};

}  // namespace tessera::camera
