#pragma once
// Ends a child process that a test started: SIGTERM, then SIGKILL if it has not exited within
// `grace`. Some programs cannot act on SIGTERM: QEMU with its guest blocked on a full pty, and
// XBoard, whose SIGTERM handler allocates memory and so deadlocks when the signal arrives during
// a malloc (seen 2026-12-02: XBoard hung in GameEnds, called from ExitEvent in the handler).
// With `wholeGroup`, the SIGKILL goes to the child's process group, so that what it started
// (XBoard's engines) goes too; the child must then lead its own group (setpgid).
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>

namespace tessera::testing {

// True if the child ended on SIGTERM within the grace time, false if it had to be killed.
inline bool stopProcess(pid_t pid, std::chrono::milliseconds grace, bool wholeGroup = false) {
  ::kill(pid, SIGTERM);
  const auto end = std::chrono::steady_clock::now() + grace;
  pid_t done = 0;
  while ((done = ::waitpid(pid, nullptr, WNOHANG)) == 0 && std::chrono::steady_clock::now() < end) {
    ::usleep(10'000);
  }
  if (done != 0) return true;
  ::kill(wholeGroup ? -pid : pid, SIGKILL);
  ::waitpid(pid, nullptr, 0);
  return false;
}

}  // namespace tessera::testing
