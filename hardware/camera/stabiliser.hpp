#pragma once
// Turns a stream of frame readings into settled snapshots. A frame that shows motion (hands,
// arms, a sweeping shadow) or no board carries no decision and restarts the wait; once the board
// has been still for `settleSeconds`, the cells read over the still frames are voted into one
// Observation with a per-cell confidence (the share of frames that agreed, times their own
// confidence). If the board stays still for as long again, a second, independent snapshot of the
// same stillness is emitted: the referee reads the board twice to rule out a lone misread.
#include <optional>
#include <vector>

#include "core/observation/observation.hpp"
#include "hardware/camera/board_reader.hpp"
#include "hardware/camera/motion_detector.hpp"

namespace tessera::camera {

struct StabiliserOptions {
  double settleSeconds = 0.5;
  MotionOptions motion;
};

struct Snapshot {
  Observation observation;
  int reading = 1;  // 1: first reading after the board settled; 2: the second of the same stillness
  double seconds = 0.0;
};

class Stabiliser {
 public:
  explicit Stabiliser(StabiliserOptions options = {}) : options_(options) {}
  std::optional<Snapshot> push(const FrameReading& reading, double seconds);
  bool still() const { return stillSince_.has_value(); }

 private:
  void restart();
  void vote(const Observation& cells);
  Observation tally() const;

  StabiliserOptions options_;
  cv::Mat previous_, stillReference_;
  std::optional<double> stillSince_;
  int readingsGiven_ = 0;
  int framesVoted_ = 0;
  int files_ = 0, ranks_ = 0;
  std::vector<std::array<float, 5>> occupantVotes_;
  std::vector<std::array<float, 12>> surfaceVotes_;
};

}  // namespace tessera::camera
