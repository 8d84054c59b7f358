#include "qemu_board.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <stdexcept>

extern char** environ;

namespace tessera::testing {
namespace {

bool onPath(const std::string& program) {
  const char* path = std::getenv("PATH");
  if (!path) return false;
  std::string dirs = path;
  std::size_t start = 0;
  while (start <= dirs.size()) {
    const std::size_t end = dirs.find(':', start);
    const std::string dir = dirs.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (!dir.empty() && ::access((dir + "/" + program).c_str(), X_OK) == 0) return true;
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return false;
}

}  // namespace

std::optional<std::string> QemuBoard::unavailableReason(const std::string& image) {
  if (!onPath("qemu-system-arm")) return "qemu-system-arm is not installed (scripts/setup.sh installs it)";
  if (!std::filesystem::exists(image)) return "firmware image " + image + " is not built: run scripts/build-firmware.sh";
  return std::nullopt;
}

QemuBoard::QemuBoard(const std::string& image) {
  int pipeFds[2];
  if (::pipe(pipeFds) != 0) throw std::runtime_error("QemuBoard: pipe failed");
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipeFds[1], STDERR_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addclose(&actions, pipeFds[0]);
  std::vector<std::string> args{"qemu-system-arm", "-M", "netduinoplus2", "-kernel", image, "-display", "none",
                                "-monitor", "none", "-serial", "pty", "-serial", "pty"};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  const int spawned = ::posix_spawnp(&pid_, "qemu-system-arm", &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(pipeFds[1]);
  stderrPipe_ = pipeFds[0];
  if (spawned != 0) {
    pid_ = -1;
    throw std::runtime_error("QemuBoard: cannot start qemu-system-arm");
  }
  readPtyNames();
  testPort_ = ::open(testPortDevice_.c_str(), O_RDWR | O_NOCTTY | O_NONBLOCK);
  if (testPort_ < 0) throw std::runtime_error("QemuBoard: cannot open the test port " + testPortDevice_);
  termios raw{};
  ::tcgetattr(testPort_, &raw);
  ::cfmakeraw(&raw);
  ::tcsetattr(testPort_, TCSANOW, &raw);
}

QemuBoard::~QemuBoard() {
  if (testPort_ >= 0) ::close(testPort_);
  if (pid_ > 0) {
    ::kill(pid_, SIGTERM);
    ::waitpid(pid_, nullptr, 0);
  }
  if (stderrPipe_ >= 0) ::close(stderrPipe_);
}

// QEMU announces each pty on stderr: "char device redirected to /dev/pts/7 (label serial0)".
void QemuBoard::readPtyNames() {
  const std::regex announcement(R"(redirected to (/dev/pts/\d+) \(label serial([01])\))");
  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while ((protocolDevice_.empty() || testPortDevice_.empty()) && std::chrono::steady_clock::now() < end) {
    pollfd pfd{stderrPipe_, POLLIN, 0};
    if (::poll(&pfd, 1, 100) <= 0) continue;
    char buffer[512];
    const ssize_t n = ::read(stderrPipe_, buffer, sizeof buffer);
    if (n <= 0) break;  // QEMU exited
    qemuOutput_.append(buffer, static_cast<std::size_t>(n));
    for (std::sregex_iterator it(qemuOutput_.begin(), qemuOutput_.end(), announcement), last; it != last; ++it) {
      ((*it)[2] == "0" ? protocolDevice_ : testPortDevice_) = (*it)[1];
    }
  }
  if (protocolDevice_.empty() || testPortDevice_.empty()) {
    throw std::runtime_error("QemuBoard: QEMU did not announce its serial ptys; it said: " + qemuOutput_);
  }
}

void QemuBoard::waitUntilReady(std::chrono::milliseconds limit) {
  const auto end = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < end) {
    sendSensors({});
    for (auto line = nextLine(std::chrono::milliseconds(100)); line; line = nextLine(std::chrono::milliseconds(10))) {
      if (*line == "OK") {
        while (nextLine(std::chrono::milliseconds(50))) {  // answers to earlier attempts
        }
        return;
      }
    }
  }
  throw std::runtime_error("QemuBoard: the firmware's test port did not answer on " + testPortDevice_);
}

void QemuBoard::sendSensors(const SensorRows& rows) {
  std::string line = "S";
  char digits[4];
  for (std::uint16_t row : rows) {
    std::snprintf(digits, sizeof digits, "%03X", row & 0x0FFF);
    line += digits;
  }
  line += "\n";
  if (::write(testPort_, line.data(), line.size()) != static_cast<ssize_t>(line.size())) {
    throw std::runtime_error("QemuBoard: writing to the test port failed");
  }
}

std::optional<std::string> QemuBoard::nextLine(std::chrono::milliseconds limit) {
  const auto end = std::chrono::steady_clock::now() + limit;
  while (true) {
    const std::size_t newline = pending_.find('\n');
    if (newline != std::string::npos) {
      std::string line = pending_.substr(0, newline);
      pending_.erase(0, newline + 1);
      return line;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - std::chrono::steady_clock::now());
    if (left.count() <= 0) return std::nullopt;
    pollfd pfd{testPort_, POLLIN, 0};
    if (::poll(&pfd, 1, static_cast<int>(left.count())) <= 0) continue;
    char buffer[1024];
    const ssize_t n = ::read(testPort_, buffer, sizeof buffer);
    if (n > 0) pending_.append(buffer, static_cast<std::size_t>(n));
  }
}

}  // namespace tessera::testing
