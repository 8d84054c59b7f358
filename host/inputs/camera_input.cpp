#include "camera_input.hpp"

#include <boost/asio/post.hpp>

#include "core/referee/sensor_view.hpp"
#include "hardware/camera/variant/variant_layout.hpp"

namespace tessera::inputs {
namespace {

camera::ReaderOptions readerOptionsFor(const Variant& variant, camera::ReaderOptions o) {
  o.reportSides = variant.sides == 2;
  return o;
}

}  // namespace

CameraInput::CameraInput(boost::asio::io_context& io, std::unique_ptr<camera::FrameSource> source,
                         const Variant& variant, bool realTime, session::RefereeSession& session,
                         CameraInputHandlers handlers, camera::ReaderOptions reader)
    : io_(io),
      timer_(io),
      source_(std::move(source)),
      watcher_(camera::layoutForVariant(variant), readerOptionsFor(variant, reader)),
      session_(session),
      realTime_(realTime),
      handlers_(std::move(handlers)) {}

void CameraInput::start() {
  startedAt_ = std::chrono::steady_clock::now();
  watcher_.expect(sensorView(session_.game().position(), SensorProfile::Camera));
  boost::asio::post(io_, [this] { step(); });
}

void CameraInput::after(std::chrono::steady_clock::duration wait) {
  timer_.expires_after(wait);
  timer_.async_wait([this](const boost::system::error_code& ec) {
    if (!ec && !stopped_) step();
  });
}

void CameraInput::step() {
  if (stopped_) return;
  camera::FrameRead r = source_->read();
  switch (r.status) {
    case camera::FrameRead::Status::Finished:
      if (handlers_.onFinished) handlers_.onFinished();
      return;
    case camera::FrameRead::Status::Unavailable:
      if (r.problem != lastProblem_ && handlers_.onProblem) handlers_.onProblem(r.problem);
      lastProblem_ = r.problem;
      after(std::chrono::milliseconds(500));
      return;
    case camera::FrameRead::Status::Frame: break;
  }
  if (!lastProblem_.empty() && handlers_.onProblem) handlers_.onProblem("");
  lastProblem_.clear();
  if (realTime_) {
    const auto due = startedAt_ + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                      std::chrono::duration<double>(r.frame.seconds));
    const auto now = std::chrono::steady_clock::now();
    if (due > now) {
      // Hold the frame until its time, then process it and go on.
      auto frame = std::make_shared<camera::Frame>(std::move(r.frame));
      timer_.expires_at(due);
      timer_.async_wait([this, frame](const boost::system::error_code& ec) {
        if (ec || stopped_) return;
        process(*frame);
        boost::asio::post(io_, [this] { step(); });
      });
      return;
    }
  }
  process(r.frame);
  // post, not a loop: web clients and timers get their turn between frames.
  boost::asio::post(io_, [this] { step(); });
}

void CameraInput::process(const camera::Frame& frame) {
  ++frames_;
  const camera::BoardWatcher::Step step = watcher_.push(frame.image, frame.seconds);
  if (!step.reading.readable) ++unreadable_;
  if (!step.snapshot) return;
  ++snapshots_;
  session_.onObservation(step.snapshot->observation, &step.snapshot->fresh);
  const Observation shown = sensorView(session_.game().position(), SensorProfile::Camera);
  if (session_.boardShowsGame()) watcher_.confirm(shown);
  else watcher_.expect(shown);
}

}  // namespace tessera::inputs
