#include "host/session/uci_engine.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <thread>

#include "core/text/visible_text.hpp"

extern char** environ;

namespace tessera::session {
namespace {

using Clock = std::chrono::steady_clock;

bool sameName(const std::string& a, const std::string& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

// How long an engine may take beyond its limit before it counts as hung: generous, since the
// machine may be busy and a fixed-node or fixed-depth search has no time limit of its own.
std::chrono::milliseconds patienceFor(const SearchLimits& limits) {
  if (limits.millis > 0 && limits.nodes == 0 && limits.depth >= kMaxSearchDepth)
    return std::chrono::milliseconds(limits.millis * 3 + 10000);
  return std::chrono::minutes(10);
}

}  // namespace

UciEngine::UciEngine(const UciEngineSpec& spec) : spec_(spec) {
  const std::string shown = visibleText(spec.path);
  int pair[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0)
    throw UciEngineError("cannot start the engine '" + shown + "': " + std::strerror(errno));
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pair[1], 0);
  posix_spawn_file_actions_adddup2(&actions, pair[1], 1);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  std::vector<char*> argv{const_cast<char*>(spec.path.c_str()), nullptr};
  pid_t pid = -1;
  const bool searchPath = spec.path.find('/') == std::string::npos;
  const int failed = searchPath ? posix_spawnp(&pid, spec.path.c_str(), &actions, nullptr, argv.data(), environ)
                                : posix_spawn(&pid, spec.path.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(pair[1]);
  if (failed != 0) {
    close(pair[0]);
    throw UciEngineError("cannot start the engine '" + shown + "': " + std::strerror(failed));
  }
  pid_ = pid;
  fd_ = pair[0];
  const std::size_t slash = spec.path.rfind('/');
  name_ = spec.path.substr(slash == std::string::npos ? 0 : slash + 1);
  try {
    send("uci");
    const auto deadline = Clock::now() + std::chrono::seconds(10);
    for (;;) {
      const auto line = readLine(deadline);
      if (!line) throw UciEngineError("'" + shown + "' is no UCI engine: no 'uciok' within 10 s of 'uci'");
      if (*line == "uciok") break;
      if (line->rfind("id name ", 0) == 0) name_ = visibleText(line->substr(8));
      if (const auto option = parseUciOptionName(*line)) optionNames_.push_back(*option);
    }
    bool limitSet = false, eloSet = false;
    for (auto& [option, value] : spec_.options) {
      const auto known = std::find_if(optionNames_.begin(), optionNames_.end(), [&](const std::string& n) { return sameName(n, option); });
      if (known == optionNames_.end())
        throw UciEngineError(name_ + " has no option '" + visibleText(option) + "' (it has: " + [&] {
          std::string all;
          for (const std::string& n : optionNames_) all += (all.empty() ? "" : ", ") + n;
          return all;
        }() + ")");
      option = *known;
      limitSet = limitSet || sameName(option, "UCI_LimitStrength");
      eloSet = eloSet || sameName(option, "UCI_Elo");
    }
    // An Elo asked for means a weakened engine: UCI engines weaken only with UCI_LimitStrength on.
    if (eloSet && !limitSet && hasOption("UCI_LimitStrength"))
      spec_.options.insert(spec_.options.begin(), {"UCI_LimitStrength", "true"});
    for (const auto& [option, value] : spec_.options) {
      send("setoption name " + option + " value " + value);
      if (sameName(option, "MultiPV")) multiPv_ = std::max(1, std::atoi(value.c_str()));
    }
    waitFor("readyok", std::chrono::seconds(10), "the options");
  } catch (...) {
    end();
    throw;
  }
}

UciEngine::~UciEngine() { end(); }

void UciEngine::end() {
  if (pid_ <= 0) return;
  try {
    send("quit");
  } catch (const UciEngineError&) {
  }
  // A moment to quit by itself, then it is ended.
  const auto deadline = Clock::now() + std::chrono::milliseconds(500);
  int status = 0;
  while (waitpid(pid_, &status, WNOHANG) == 0) {
    if (Clock::now() > deadline) {
      kill(pid_, SIGKILL);
      waitpid(pid_, &status, 0);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  close(fd_);
  pid_ = -1;
  fd_ = -1;
}

std::string UciEngine::description() const {
  std::string text = name_;
  for (const auto& [option, value] : spec_.options) text += ", " + option + "=" + value;
  return text;
}

bool UciEngine::hasOption(const std::string& name) const {
  return std::any_of(optionNames_.begin(), optionNames_.end(), [&](const std::string& n) { return sameName(n, name); });
}

void UciEngine::send(const std::string& line) {
  const std::string text = line + "\n";
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::send(fd_, text.data() + done, text.size() - done, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw UciEngineError(name_ + " has stopped (its input is closed)");
    done += static_cast<std::size_t>(n);
  }
}

std::optional<std::string> UciEngine::readLine(Clock::time_point deadline) {
  for (;;) {
    const std::size_t end = buffer_.find('\n');
    if (end != std::string::npos) {
      std::string line = buffer_.substr(0, end);
      buffer_.erase(0, end + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return std::nullopt;
    pollfd p{fd_, POLLIN, 0};
    const int ready = poll(&p, 1, static_cast<int>(std::min<long long>(left, 100)));
    if (ready < 0 && errno != EINTR) throw UciEngineError(name_ + ": " + std::strerror(errno));
    if (ready <= 0) continue;
    char chunk[4096];
    const ssize_t n = read(fd_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw UciEngineError(name_ + " has stopped (its output is closed)");
    buffer_.append(chunk, static_cast<std::size_t>(n));
    if (buffer_.size() > (1 << 20)) throw UciEngineError(name_ + " sends a line longer than a megabyte");
  }
}

void UciEngine::waitFor(const std::string& word, std::chrono::milliseconds patience, const std::string& what) {
  send("isready");
  const auto deadline = Clock::now() + patience;
  for (;;) {
    const auto line = readLine(deadline);
    if (!line)
      throw UciEngineError(name_ + " did not answer 'isready' within " + std::to_string(patience.count() / 1000) +
                           " s after " + what);
    if (*line == word) return;
  }
}

void UciEngine::newGame() {
  send("ucinewgame");
  waitFor("readyok", std::chrono::seconds(30), "'ucinewgame'");
}

UciEngine::Thought UciEngine::think(const std::string& positionCommand, const SearchLimits& limits, int lines,
                                    const std::atomic<bool>* cancel) {
  const int wanted = hasOption("MultiPV") ? std::max(1, lines) : 1;
  if (wanted != multiPv_) {
    send("setoption name MultiPV value " + std::to_string(wanted));
    multiPv_ = wanted;
  }
  send(positionCommand);
  send(uciGoCommand(limits));
  Thought thought;
  thought.lines.resize(static_cast<std::size_t>(wanted));
  std::vector<bool> seen(static_cast<std::size_t>(wanted), false);
  const auto deadline = Clock::now() + patienceFor(limits);
  bool stopped = false;
  auto stopAt = deadline;
  for (;;) {
    // Read in short waits so that a cancel is heard soon.
    const auto line = readLine(std::min(stopAt, Clock::now() + std::chrono::milliseconds(50)));
    if (!line) {
      const bool cancelled = cancel && cancel->load();
      if (!stopped && (cancelled || Clock::now() >= deadline)) {
        send("stop");
        stopped = true;
        stopAt = Clock::now() + std::chrono::seconds(5);
      } else if (stopped && Clock::now() >= stopAt) {
        throw UciEngineError(name_ + " gave no bestmove, even 5 s after 'stop'");
      }
      continue;
    }
    if (line->rfind("bestmove", 0) == 0) {
      thought.best = parseUciBestMove(*line);
      break;
    }
    if (auto info = parseUciInfo(*line)) {
      if (info->multiPv >= 1 && info->multiPv <= wanted) {
        seen[static_cast<std::size_t>(info->multiPv - 1)] = true;
        thought.lines[static_cast<std::size_t>(info->multiPv - 1)] = std::move(*info);
      }
    }
  }
  // Lines it never reported (fewer actions than lines asked) are left out.
  std::vector<UciInfo> reported;
  for (std::size_t i = 0; i < thought.lines.size(); ++i)
    if (seen[i]) reported.push_back(std::move(thought.lines[i]));
  thought.lines = std::move(reported);
  return thought;
}

}  // namespace tessera::session
