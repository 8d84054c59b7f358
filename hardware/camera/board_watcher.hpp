#pragma once
// The camera's way from frames to settled snapshots: reads each frame (BoardReader), waits for the
// board to keep still (Stabiliser), and is told by the referee what the board shows once it has
// judged a snapshot (confirm), so that the next still board is read as changes against it and the
// light over it is found knowing what lies where (BoardReader::expect).
#include <optional>

#include "hardware/camera/board_reader.hpp"
#include "hardware/camera/stabiliser.hpp"

namespace tessera::camera {

class BoardWatcher {
 public:
  explicit BoardWatcher(BoardLayout layout, ReaderOptions reader = {}, StabiliserOptions stabiliser = {})
      : reader_(std::move(layout), reader), stabiliser_(stabiliser) {}

  struct Step {
    FrameReading reading;
    std::optional<Snapshot> snapshot;
  };
  Step push(const cv::Mat& frame, double seconds);

  // The referee expects the board to show `expected` (a game begun or resumed, a board to be put
  // right) but has not seen it there: only the light is found knowing it.
  void expect(const Observation& expected);
  // The referee judged the last snapshot, and the board shows `shown` (the position as it now
  // stands): the next still boards are read as changes against this one.
  void confirm(const Observation& shown);

  BoardReader& reader() { return reader_; }
  const Stabiliser& stabiliser() const { return stabiliser_; }

 private:
  BoardReader reader_;
  Stabiliser stabiliser_;
};

}  // namespace tessera::camera
