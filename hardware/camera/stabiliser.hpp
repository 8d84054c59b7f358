#pragma once
// Turns a stream of frame readings into settled snapshots. A frame that shows motion (hands,
// arms, a sweeping shadow) or no board carries no decision and restarts the wait; once the board
// has been still for `settleSeconds`, the cells read over the still frames are voted into one
// Observation with a per-cell confidence (the share of frames that agreed, times their own
// confidence). If the board stays still for as long again, a second, independent snapshot of the
// same stillness is emitted: the referee reads the board twice to rule out a lone misread.
// Once the referee has judged a still board and says what it shows (settle), every later snapshot
// is read as changes against it: a cell that looks as it did then, whatever the light did
// meanwhile, is what the referee said it was; only the cells that changed are read afresh.
#include <optional>
#include <vector>

#include "core/observation/observation.hpp"
#include "hardware/camera/board_reader.hpp"
#include "hardware/camera/motion_detector.hpp"

namespace tessera::camera {

struct StabiliserOptions {
  double settleSeconds = 0.5;
  MotionOptions motion;
  ChangeOptions change;
};

struct Snapshot {
  Observation observation;
  int reading = 1;  // 1: first reading after the board settled; 2: the second of the same stillness
  double seconds = 0.0;
  // Every cell as read from this stillness's frames alone, not as changes against the settled board
  // (the same as `observation` until the referee settled one): a referee that cannot explain
  // `observation` tries this, in case a change went unseen.
  Observation fresh{};
};

class Stabiliser {
 public:
  explicit Stabiliser(StabiliserOptions options = {}) : options_(options) {}
  std::optional<Snapshot> push(const FrameReading& reading, double seconds);
  bool still() const { return stillSince_.has_value(); }
  // The board, still now, shows `shown` (the referee judged the last snapshot and the position it
  // stands at): later snapshots are read as changes against how the board looks now. False, and
  // nothing kept, when the board is not still or `shown` is of another size.
  bool settle(const Observation& shown);
  // Forgets what settle() kept: every cell is read afresh.
  void unsettle() { settled_.reset(); }
  bool settled() const { return settled_.has_value(); }

 private:
  void restart();
  // The median change of brightness of the cells around `cell`.
  float neighboursGain(const std::vector<float>& gains, int cell) const;
  void vote(const Observation& cells);
  Observation tally() const;
  Observation againstSettled(Observation fresh) const;

  StabiliserOptions options_;
  cv::Mat previous_, stillReference_;
  std::optional<double> stillSince_;
  int readingsGiven_ = 0;
  int framesVoted_ = 0;
  int files_ = 0, ranks_ = 0;
  std::vector<std::array<float, 5>> occupantVotes_;
  std::vector<std::array<float, 12>> surfaceVotes_;
  // Sums of the cells' looks over this stillness, and over this reading's frames.
  std::vector<CellSignature> stillLooks_, readingLooks_;
  int stillLookFrames_ = 0, readingLookFrames_ = 0;
  struct Settled {
    Observation shown;
    std::vector<CellSignature> looks;
  };
  std::optional<Settled> settled_;
};

}  // namespace tessera::camera
