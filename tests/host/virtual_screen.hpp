#pragma once
// A virtual X screen (Xvfb) for tests of programs with windows; its framebuffer is the file
// `dir`/Xvfb_screen0. Stopped with the object.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

namespace tessera::testing {

struct VirtualScreen {
  std::string display;
  pid_t pid = -1;
  explicit VirtualScreen(const std::filesystem::path& dir) : display(":" + std::to_string(50 + ::getpid() % 200)) {
    pid = ::fork();
    if (pid == 0) {
      const int null = ::open("/dev/null", O_WRONLY);
      ::dup2(null, 1);
      ::dup2(null, 2);
      ::execl("/usr/bin/Xvfb", "Xvfb", display.c_str(), "-screen", "0", "800x900x24", "-fbdir", dir.c_str(),
              "-nolisten", "tcp", static_cast<char*>(nullptr));
      ::_exit(127);
    }
    for (int i = 0; i < 100 && !ready(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  bool ready() const { return std::filesystem::exists("/tmp/.X11-unix/X" + display.substr(1)); }
  ~VirtualScreen() {
    ::kill(pid, SIGTERM);
    ::waitpid(pid, nullptr, 0);
  }
};

}  // namespace tessera::testing
