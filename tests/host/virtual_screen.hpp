#pragma once
// A virtual X screen (Xvfb) for tests of programs with windows; its framebuffer is the file
// `dir`/Xvfb_screen0. Stopped with the object.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <string>

namespace tessera::testing {

struct VirtualScreen {
  std::string display;
  pid_t pid = -1;
  // Xvfb picks a free display number itself and writes it on a pipe: tests running side by side
  // never share a screen.
  explicit VirtualScreen(const std::filesystem::path& dir) {
    int numberPipe[2];
    if (::pipe(numberPipe) != 0) return;
    pid = ::fork();
    if (pid == 0) {
      ::close(numberPipe[0]);
      const int null = ::open("/dev/null", O_WRONLY);
      ::dup2(null, 1);
      ::dup2(null, 2);
      const std::string fd = std::to_string(numberPipe[1]);
      ::execl("/usr/bin/Xvfb", "Xvfb", "-displayfd", fd.c_str(), "-screen", "0", "800x900x24", "-fbdir", dir.c_str(),
              "-nolisten", "tcp", static_cast<char*>(nullptr));
      ::_exit(127);
    }
    ::close(numberPipe[1]);
    // Up to 30 s for the number, so that an Xvfb that hangs on start fails the test with ready()
    // false instead of holding it until CTest's timeout.
    std::string number;
    char c = 0;
    pollfd waiting{numberPipe[0], POLLIN, 0};
    while (::poll(&waiting, 1, 30'000) == 1 && ::read(numberPipe[0], &c, 1) == 1 && c != '\n') number += c;
    ::close(numberPipe[0]);
    if (!number.empty()) display = ":" + number;
  }
  bool ready() const { return !display.empty() && std::filesystem::exists("/tmp/.X11-unix/X" + display.substr(1)); }
  ~VirtualScreen() {
    if (pid <= 0) return;
    ::kill(pid, SIGTERM);
    ::waitpid(pid, nullptr, 0);
  }
};

}  // namespace tessera::testing
