#pragma once
// Time as the scanner sees it: a monotonic "now" and a way to wait. SteadyScanClock is the real
// one; ManualClock is advanced by hand (and by sleeping) so tests control time exactly.
#include <chrono>

namespace tessera::gpio {

class ScanClock {
 public:
  virtual ~ScanClock() = default;
  // Time since an arbitrary fixed start, on the same clock as libgpiod event timestamps
  // (CLOCK_MONOTONIC) for the real clock.
  virtual std::chrono::nanoseconds now() const = 0;
  virtual void sleepFor(std::chrono::nanoseconds duration) = 0;
};

class SteadyScanClock final : public ScanClock {
 public:
  std::chrono::nanoseconds now() const override;
  void sleepFor(std::chrono::nanoseconds duration) override;
};

class ManualClock final : public ScanClock {
 public:
  std::chrono::nanoseconds now() const override { return now_; }
  // Sleeping just moves time on.
  void sleepFor(std::chrono::nanoseconds duration) override { now_ += duration; }
  void advance(std::chrono::nanoseconds duration) { now_ += duration; }

 private:
  std::chrono::nanoseconds now_{0};
};

}  // namespace tessera::gpio
