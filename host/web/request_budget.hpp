#pragma once
// How many requests (HTTP requests and WebSocket messages) each network address may send: a
// bucket per address that holds `burst` and refills `perSecond`. A phone loading the page and
// tapping away never empties it; a program sending as fast as it can is told to wait (429).
#include <chrono>
#include <string>
#include <unordered_map>

namespace tessera::web {

class RequestBudget {
 public:
  using Clock = std::chrono::steady_clock;
  RequestBudget(double perSecond, double burst) : perSecond_(perSecond), burst_(burst) {}
  // Takes one request from `address`'s bucket; false when it is empty.
  bool take(const std::string& address, Clock::time_point now);

 private:
  struct Bucket {
    double left = 0;
    Clock::time_point filled;
  };
  double perSecond_;
  double burst_;
  std::unordered_map<std::string, Bucket> buckets_;
};

}  // namespace tessera::web
