#pragma once
// Ends a program a club test started (the broker, the hub): sends it `signal` and waits for it, so
// that nothing is left running and its port is free again. `pid` becomes -1; nothing when it is.
#include <signal.h>
#include <sys/wait.h>

namespace tessera::testing {

inline void stopChild(pid_t& pid, int signal) {
  if (pid <= 0) return;
  ::kill(pid, signal);
  ::waitpid(pid, nullptr, 0);
  pid = -1;
}

}  // namespace tessera::testing
