#pragma once
// The camera as the session's input, on the event loop: one frame per step through the camera
// pipeline (hardware/camera: locate, classify, stabilise); settled snapshots go to the session,
// and what the session then takes the board to show goes back to the camera (BoardWatcher), which
// reads the next still board as changes against it.
// A camera that is missing or unplugged is reported once and retried; the loop never blocks on it
// for longer than one read.
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "core/rules/variant.hpp"
#include "hardware/camera/board_watcher.hpp"
#include "hardware/camera/frame_source.hpp"
#include "host/session/referee_session.hpp"

namespace tessera::inputs {

struct CameraInputHandlers {
  std::function<void(const std::string& problem)> onProblem;  // the source is unavailable (once per problem)
  std::function<void()> onFinished;                             // a recording ended
};

class CameraInput {
 public:
  // `realTime`: a recording is played at its frame rate (for a person watching); otherwise as
  // fast as the pipeline goes.
  CameraInput(boost::asio::io_context& io, std::unique_ptr<camera::FrameSource> source, const Variant& variant,
              bool realTime, session::RefereeSession& session, CameraInputHandlers handlers,
              camera::ReaderOptions reader = {});
  void start();
  void stop() { stopped_ = true; timer_.cancel(); }

  long frames() const { return frames_; }
  long unreadable() const { return unreadable_; }
  long snapshots() const { return snapshots_; }
  std::string describe() const { return source_->describe(); }

 private:
  void step();
  void process(const camera::Frame& frame);
  void after(std::chrono::steady_clock::duration wait);

  boost::asio::io_context& io_;
  boost::asio::steady_timer timer_;
  std::unique_ptr<camera::FrameSource> source_;
  camera::BoardWatcher watcher_;
  session::RefereeSession& session_;
  bool realTime_;
  CameraInputHandlers handlers_;
  std::chrono::steady_clock::time_point startedAt_;
  std::string lastProblem_;
  bool stopped_ = false;
  long frames_ = 0, unreadable_ = 0, snapshots_ = 0;
};

}  // namespace tessera::inputs
