#pragma once
// Before a game: does the camera see the board well enough to referee it? Frames of the board set
// up as a known position go through the same reader and stabiliser as in play. The check counts
// the frames the board was found in, measures the markers, notes whether the board kept still long
// enough to be read, and names every cell read otherwise than the position has it, with advice a
// person at the table can act on (`tessera calibrate`).
#include <optional>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "core/rules/position.hpp"
#include "hardware/camera/board_reader.hpp"
#include "hardware/camera/lens_estimate.hpp"
#include "hardware/camera/stabiliser.hpp"

namespace tessera::camera {

// Markers smaller than this are found in some frames and missed in others (docs/camera.md).
constexpr double kSmallestReliableMarkerPixels = 18.0;

struct ViewCheckReport {
  int frames = 0;
  int located = 0;           // frames in which the board was found
  int allMarkersSeen = 0;    // frames in which all four markers were seen
  double markerPixels = 0;   // the smallest marker side seen, in pixels; 0 if never located
  bool settled = false;      // the board kept still long enough for a reading, as in play
  // The lens's distortion as measured from the sheet's straight lines (when it was not given), on
  // the first frames the board was found in; the cells are read through it from then on.
  std::optional<LensEstimate> lens;
  // What the light over the still board is like, when worth saying (a shadow and its cells, a
  // lamp's fall-off, overexposed white: light_survey.hpp); none of these alone makes it not ready.
  std::vector<std::string> light;
  std::vector<std::string> wrongCells;  // "e4: light piece on light square, expected nothing on light square"
  std::vector<std::string> unsureCells; // read right, but less surely than the referee needs
  std::vector<std::string> advice;      // what to change, one sentence each
  bool ready() const { return settled && wrongCells.empty() && unsureCells.empty() && advice.empty(); }
};

class ViewCheck {
 public:
  // `expected`: how the board is set up in front of the camera (usually the variant's start).
  // `minConfidence`: the referee's; cells read less surely count as unsure.
  // `lens`: the camera's distortion, if known; nothing: measured from the first frames.
  ViewCheck(const Variant& variant, const Position& expected, float minConfidence, std::optional<Lens> lens = std::nullopt);
  void push(const cv::Mat& frame, double seconds);
  ViewCheckReport report() const;
  // The last frame the board was found in, its grid drawn over it: green cells read right, red
  // ones wrong, amber ones unsure. Empty if the board was never found.
  cv::Mat picture() const;

  // The cell's state against the position: right, wrong or unsure (read right, less surely than
  // `minConfidence`). Once the board kept still, for the last reading (`snapshot`); nothing before.
  enum class CellState { Right, Wrong, Unsure };
  std::optional<CellState> cellState(int file, int rank) const;
  const std::optional<Observation>& snapshot() const { return snapshot_; }

 private:
  CellState judge(int file, int rank, std::string* why) const;  // `why`: the text saying how it is wrong
  void measureLens(const cv::Mat& frame);

  Observation expected_;
  float minConfidence_;
  ReaderOptions readerOptions_;
  BoardReader reader_;
  int lensTries_ = 0;  // frames the lens is still to be measured on (0: given or measured)
  Stabiliser stabiliser_;
  ViewCheckReport counts_;
  std::optional<Observation> snapshot_;
  cv::Mat lastFrame_;
  cv::Matx33d lastBoardToImage_;
};

}  // namespace tessera::camera
