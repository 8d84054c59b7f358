#include "hardware/camera/board_watcher.hpp"

namespace tessera::camera {

BoardWatcher::Step BoardWatcher::push(const cv::Mat& frame, double seconds) {
  Step step;
  step.reading = reader_.read(frame);
  step.snapshot = stabiliser_.push(step.reading, seconds);
  return step;
}

void BoardWatcher::expect(const Observation& expected) { reader_.expect(expected); }

void BoardWatcher::confirm(const Observation& shown) {
  reader_.expect(shown);
  stabiliser_.settle(shown);
}

}  // namespace tessera::camera
