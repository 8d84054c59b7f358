#include "core/engine/search_thread.hpp"

namespace tessera {

void SearchThread::start(std::function<void()> work) {
  stop();
  cancel_ = false;
  {
    const std::lock_guard lock(guard_);
    stopRequested_ = false;
  }
  worker_ = std::thread(std::move(work));
}

void SearchThread::stop() {
  if (!worker_.joinable()) return;
  {
    const std::lock_guard lock(guard_);
    stopRequested_ = true;
  }
  cancel_ = true;
  stopSignal_.notify_all();
  worker_.join();
}

void SearchThread::join() {
  if (worker_.joinable()) worker_.join();
}

void SearchThread::waitForStop() {
  std::unique_lock lock(guard_);
  stopSignal_.wait(lock, [&] { return stopRequested_; });
}

}  // namespace tessera
