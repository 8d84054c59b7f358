#include "qemu_board.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <stdexcept>

#include "tests/support/stop_process.hpp"

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
  if (!onPath("qemu-system-arm")) return "qemu-system-arm is not installed (scripts/setup-tests.sh installs it)";
  if (!std::filesystem::exists(image)) return "firmware image " + image + " is not built: run scripts/build-firmware.sh";
  return std::nullopt;
}

QemuBoard::QemuBoard(const std::string& image) {
  // QEMU announces its ptys on stdout (qemu_printf) and complains on stderr: both go to an unlinked
  // file opened for appending, which QEMU can always write to and this side reads with pread().
  char outputPath[] = "/tmp/tessera-qemu-XXXXXX";
  outputFile_ = ::mkostemp(outputPath, O_APPEND | O_CLOEXEC);
  if (outputFile_ < 0) throw std::runtime_error("QemuBoard: cannot create a file for QEMU's output");
  ::unlink(outputPath);

  std::vector<std::string> args{"qemu-system-arm", "-M", "netduinoplus2", "-kernel", image, "-display", "none",
                                "-monitor", "none", "-serial", "pty", "-serial", "pty"};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);

  const pid_t parent = ::getpid();
  pid_ = ::fork();
  if (pid_ < 0) throw std::runtime_error("QemuBoard: fork failed");
  if (pid_ == 0) {
    // QEMU must not outlive the test (a crashed or killed test would leave it running, holding the
    // ptys and, before, the test runner's output pipe).
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(127);
    const int devNull = ::open("/dev/null", O_RDONLY);
    ::dup2(devNull, STDIN_FILENO);
    ::dup2(outputFile_, STDOUT_FILENO);
    ::dup2(outputFile_, STDERR_FILENO);
    ::close_range(3, ~0u, 0);
    ::execvp("qemu-system-arm", argv.data());
    ::_exit(127);
  }
  try {
    readPtyNames();
    testPort_ = ::open(testPortDevice_.c_str(), O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
    if (testPort_ < 0) throw std::runtime_error("QemuBoard: cannot open the test port " + testPortDevice_);
    termios raw{};
    ::tcgetattr(testPort_, &raw);
    ::cfmakeraw(&raw);
    ::tcsetattr(testPort_, TCSANOW, &raw);
  } catch (...) {
    stop();
    throw;
  }
}

QemuBoard::~QemuBoard() { stop(); }

void QemuBoard::stop() {
  if (testPort_ >= 0) ::close(testPort_);
  testPort_ = -1;
  if (pid_ > 0) {
    stopProcess(pid_, std::chrono::seconds(2));
  }
  pid_ = -1;
  if (outputFile_ >= 0) ::close(outputFile_);
  outputFile_ = -1;
}

std::string QemuBoard::qemuOutput() const {
  std::string output;
  char buffer[512];
  ssize_t n = 0;
  while ((n = ::pread(outputFile_, buffer, sizeof buffer, static_cast<off_t>(output.size()))) > 0) {
    output.append(buffer, static_cast<std::size_t>(n));
  }
  return output;
}

// QEMU announces each pty: "char device redirected to /dev/pts/7 (label serial0)".
void QemuBoard::readPtyNames() {
  const std::regex announcement(R"(redirected to (/dev/pts/\d+) \(label serial([01])\))");
  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (std::chrono::steady_clock::now() < end) {
    const std::string output = qemuOutput();
    for (std::sregex_iterator it(output.begin(), output.end(), announcement), last; it != last; ++it) {
      ((*it)[2] == "0" ? protocolDevice_ : testPortDevice_) = (*it)[1];
    }
    if (!protocolDevice_.empty() && !testPortDevice_.empty()) return;
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      throw std::runtime_error("QemuBoard: qemu-system-arm exited at start; it said: " + qemuOutput());
    }
    ::usleep(20'000);
  }
  throw std::runtime_error("QemuBoard: QEMU did not announce its serial ptys within 5 s; it said: " + qemuOutput());
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
    // Poll once even when the time is up, so that a zero limit still takes what has arrived.
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - std::chrono::steady_clock::now());
    pollfd pfd{testPort_, POLLIN, 0};
    const bool readable = ::poll(&pfd, 1, static_cast<int>(std::max<std::int64_t>(left.count(), 0))) > 0 &&
                          (pfd.revents & POLLIN);
    if (readable) {
      char buffer[1024];
      const ssize_t n = ::read(testPort_, buffer, sizeof buffer);
      if (n > 0) {
        pending_.append(buffer, static_cast<std::size_t>(n));
        continue;
      }
    }
    if (left.count() <= 0) return std::nullopt;
  }
}

}  // namespace tessera::testing
