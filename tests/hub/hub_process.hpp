#pragma once
// `tessera hub` run as its own process, as at a club night: started, killed with SIGKILL,
// started again on the same folder and HTTP port.
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fcntl.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "tests/host/tessera_program.hpp"
#include "tests/hub/child_process.hpp"
#include "tests/hub/mosquitto_broker.hpp"

namespace tessera::testing {

class HubProcess {
 public:
  HubProcess(std::vector<std::string> args, std::filesystem::path log) : args_(std::move(args)), log_(std::move(log)) {}
  ~HubProcess() { stop(SIGTERM); }

  void start(int httpPort) {
    pid_ = ::fork();
    if (pid_ == 0) {
      ::prctl(PR_SET_PDEATHSIG, SIGTERM);  // a test that crashes leaves nothing running
      const int fd = ::open(log_.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
      ::dup2(fd, 2);
      ::dup2(fd, 1);
      execTessera(args_);
      ::_exit(127);
    }
    for (int i = 0; i < 200; ++i) {
      if (portAccepts(httpPort)) return;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }
  void kill() { stop(SIGKILL); }
  pid_t pid() const { return pid_; }
  void stop(int signal) { stopChild(pid_, signal); }

 private:
  std::vector<std::string> args_;
  std::filesystem::path log_;
  pid_t pid_ = -1;
};

}  // namespace tessera::testing
