#pragma once
// The real Mosquitto broker for the club's tests: started on a free loopback port with a config
// written for the test (persistence in a scratch folder; optionally the shipped ACL and password
// files), killed with SIGKILL and started again on the same port. Tests skip when Debian's
// `mosquitto` is not installed (scripts/setup-tests.sh installs it).
#include <netinet/in.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <thread>

#include "tests/hub/child_process.hpp"

namespace tessera::testing {

inline const char* kMosquitto = "/usr/sbin/mosquitto";

inline bool mosquittoInstalled() { return ::access(kMosquitto, X_OK) == 0; }

// A loopback port no one listens on now.
inline int freeLoopbackPort() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = 0;
  ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
  socklen_t size = sizeof a;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &size);
  ::close(fd);
  return ntohs(a.sin_port);
}

inline bool portAccepts(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = htons(static_cast<unsigned short>(port));
  const bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
  ::close(fd);
  return ok;
}

class MosquittoBroker {
 public:
  // `extraConfig`: lines added to the config (password_file, acl_file ...).
  explicit MosquittoBroker(std::filesystem::path folder, std::string extraConfig = "")
      : folder_(std::move(folder)), port_(freeLoopbackPort()) {
    std::filesystem::create_directories(folder_ / "data");
    std::ofstream conf(folder_ / "mosquitto.conf");
    conf << "listener " << port_ << " 127.0.0.1\n"
         << "persistence true\npersistence_location " << (folder_ / "data").string() << "/\n"
         << "autosave_interval 1\n"
         << "log_dest file " << (folder_ / "mosquitto.log").string() << "\n"
         << "log_type error\nlog_type warning\nlog_type notice\nlog_type information\n"
         << "max_queued_messages 100000\n";
    if (::geteuid() == 0) conf << "user root\n";
    if (extraConfig.empty()) conf << "allow_anonymous true\n";
    conf << extraConfig;
  }
  ~MosquittoBroker() { stop(SIGTERM); }

  int port() const { return port_; }
  std::string url(const std::string& prefix, const std::string& credentials = "") const {
    return "mqtt://" + (credentials.empty() ? "" : credentials + "@") + "127.0.0.1:" + std::to_string(port_) + "/" + prefix;
  }
  std::string log() const {
    std::ifstream in(folder_ / "mosquitto.log");
    return std::string(std::istreambuf_iterator<char>(in), {});
  }

  void start() {
    pid_ = ::fork();
    if (pid_ == 0) {
      ::prctl(PR_SET_PDEATHSIG, SIGTERM);  // a test that crashes leaves nothing running
      const std::string conf = (folder_ / "mosquitto.conf").string();
      ::execl(kMosquitto, kMosquitto, "-c", conf.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
    for (int i = 0; i < 100; ++i) {
      if (portAccepts(port_)) return;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    throw std::runtime_error("mosquitto did not start listening on port " + std::to_string(port_) + ":\n" + log());
  }
  // SIGKILL: the broker dies as in a power cut, with what it had not saved.
  void kill() { stop(SIGKILL); }
  // Waits for the broker's next save of its database (every second here): what it holds now (the
  // hub's session and its queue, the retained messages) then survives kill(). Mosquitto writes a
  // new file and renames it over the old one, so a new modification time is a finished save.
  void waitForSave() {
    const std::filesystem::path db = folder_ / "data" / "mosquitto.db";
    const auto written = [&] {
      std::error_code ec;
      const auto t = std::filesystem::last_write_time(db, ec);
      return ec ? std::filesystem::file_time_type::min() : t;
    };
    const auto before = written();
    for (int i = 0; i < 100; ++i) {
      if (written() != before) return;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    throw std::runtime_error("mosquitto did not save its database within 5 s:\n" + log());
  }
  void stop(int signal) { stopChild(pid_, signal); }

 private:
  std::filesystem::path folder_;
  int port_;
  pid_t pid_ = -1;
};

}  // namespace tessera::testing
