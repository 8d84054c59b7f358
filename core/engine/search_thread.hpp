#pragma once
// A search on a thread of its own, so that a protocol's reader stays free to hear `stop`, `?`,
// `isready` or `ping` while the engine thinks (the UCI and the XBoard sessions both need this).
#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace tessera {

class SearchThread {
 public:
  SearchThread() = default;
  SearchThread(const SearchThread&) = delete;
  SearchThread& operator=(const SearchThread&) = delete;
  ~SearchThread() { stop(); }

  // Runs `work` on its own thread, stopping first whatever still runs. A search started there
  // takes cancelFlag() as its SearchLimits::cancel.
  void start(std::function<void()> work);
  // Cancels the search and waits for the thread to end (the work may still answer, as UCI's
  // bestmove does).
  void stop();
  // Waits for the work to end on its own.
  void join();
  const std::atomic<bool>* cancelFlag() const { return &cancel_; }
  // For work that must not answer before it is told to (UCI's `go infinite`): blocks until stop().
  void waitForStop();

 private:
  std::thread worker_;
  std::atomic<bool> cancel_{false};
  std::mutex guard_;
  std::condition_variable stopSignal_;
  bool stopRequested_ = false;
};

}  // namespace tessera
