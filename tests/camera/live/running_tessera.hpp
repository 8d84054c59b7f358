#pragma once
// The tessera program running while a test goes on: its standard output and error collected as they
// come, waited on for a line, and stopped as systemd stops the service (SIGTERM).
#include <sys/types.h>

#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace tessera::testing {

class RunningTessera {
 public:
  explicit RunningTessera(const std::vector<std::string>& args);
  ~RunningTessera();
  RunningTessera(const RunningTessera&) = delete;
  RunningTessera& operator=(const RunningTessera&) = delete;

  // Whether the output has said `text` (from character `from` on) within `timeout`.
  bool waitFor(const std::string& text, std::chrono::seconds timeout, std::size_t from = 0);
  std::string output();
  // SIGTERM, as `systemctl stop` sends it; the exit status (-1 if it had to be killed).
  int stop();
  // The exit status once it ends by itself (-1 if it had not within `timeout`, and was killed).
  int waitForExit(std::chrono::seconds timeout);

 private:
  pid_t pid_ = -1;
  int outputFd_ = -1;
  std::mutex mutex_;
  std::string output_;
  std::thread reader_;
};

}  // namespace tessera::testing
