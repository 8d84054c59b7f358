#include "running_tessera.hpp"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>

#include "tests/host/tessera_program.hpp"

namespace tessera::testing {

RunningTessera::RunningTessera(const std::vector<std::string>& args) {
  int fds[2];
  if (::pipe(fds) != 0) return;
  pid_ = ::fork();
  if (pid_ == 0) {
    ::dup2(fds[1], STDOUT_FILENO);
    ::dup2(fds[1], STDERR_FILENO);
    ::close(fds[0]);
    ::close(fds[1]);
    execTessera(args);
    ::_exit(127);
  }
  ::close(fds[1]);
  outputFd_ = fds[0];
  reader_ = std::thread([this] {
    std::array<char, 4096> buffer;
    for (ssize_t n; (n = ::read(outputFd_, buffer.data(), buffer.size())) > 0;) {
      std::lock_guard<std::mutex> lock(mutex_);
      output_.append(buffer.data(), static_cast<std::size_t>(n));
    }
  });
}

RunningTessera::~RunningTessera() {
  if (pid_ > 0) stop();
  if (reader_.joinable()) reader_.join();
  if (outputFd_ >= 0) ::close(outputFd_);
}

bool RunningTessera::waitFor(const std::string& text, std::chrono::seconds timeout, std::size_t from) {
  const auto end = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < end) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (output_.find(text, from) != std::string::npos) return true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

std::string RunningTessera::output() {
  std::lock_guard<std::mutex> lock(mutex_);
  return output_;
}

int RunningTessera::stop() {
  if (pid_ > 0) ::kill(pid_, SIGTERM);
  return waitForExit(std::chrono::seconds(20));
}

int RunningTessera::waitForExit(std::chrono::seconds timeout) {
  if (pid_ <= 0) return -1;
  int status = 0;
  const auto end = std::chrono::steady_clock::now() + timeout;
  pid_t done = 0;
  while ((done = ::waitpid(pid_, &status, WNOHANG)) == 0 && std::chrono::steady_clock::now() < end)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  if (done == 0) {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
    return -1;
  }
  pid_ = -1;
  if (reader_.joinable()) reader_.join();
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace tessera::testing
