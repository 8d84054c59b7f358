// The club's benchmark (scripts/bench-club.sh, docs/bench/club.md): N simulated boards (the real
// referee and publisher) play through the real Mosquitto broker to `tessera hub`, each an action
// every INTERVAL ms, staggered; a page follows the hub's feed as the arbiter page does (long
// polling /feed.json). Printed: the latency from an action accepted on a board to the feed
// showing it (p50, p99, max), and the hub's CPU (share of one core) and memory.
//   tessera_club_bench [BOARDS [SECONDS [INTERVAL-MS]]]
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include <sys/resource.h>

#include "tests/hub/hub_process.hpp"
#include "tests/hub/mosquitto_broker.hpp"
#include "tests/hub/simulated_board.hpp"

namespace fs = std::filesystem;
using namespace tessera;
using namespace tessera::testing;
using Clock = std::chrono::steady_clock;

namespace {

double cpuSeconds(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(in)), {});
  const auto close = text.rfind(')');
  std::istringstream rest(text.substr(close + 2));
  std::string field;
  long utime = 0, stime = 0;
  for (int i = 3; i <= 15 && rest >> field; ++i) {
    if (i == 14) utime = std::stol(field);
    if (i == 15) stime = std::stol(field);
  }
  return static_cast<double>(utime + stime) / static_cast<double>(::sysconf(_SC_CLK_TCK));
}

long memoryKb(pid_t pid, const std::string& what) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(in, line);)
    if (line.rfind(what + ":", 0) == 0) return std::stol(line.substr(what.size() + 1));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (!mosquittoInstalled()) {
    std::cerr << "club bench: mosquitto is not installed (scripts/setup-tests.sh installs it)\n";
    return 1;
  }
  // Every simulated board holds a socket, libmosquitto's socket pair and its journal: 256 boards
  // in one process need more than the usual 1024 files.
  rlimit files{};
  ::getrlimit(RLIMIT_NOFILE, &files);
  files.rlim_cur = files.rlim_max;
  ::setrlimit(RLIMIT_NOFILE, &files);
  const int boardCount = argc > 1 ? std::atoi(argv[1]) : 64;
  const int seconds = argc > 2 ? std::atoi(argv[2]) : 20;
  const int interval = argc > 3 ? std::atoi(argv[3]) : 2000;
  const fs::path folder = fs::temp_directory_path() / ("tessera-club-bench-" + std::to_string(::getpid()));
  fs::remove_all(folder);
  fs::create_directories(folder);
  MosquittoBroker broker(folder / "broker");
  broker.start();

  const std::vector<std::string> twoPlayer = {"chess", "shifting-sands", "chameleon-redux", "desert-dust", "shifting-chess", "tiled-squares"};
  std::ostringstream round;
  std::vector<std::unique_ptr<SimulatedBoard>> boards;
  const int plies = seconds * 1000 / interval + 4;
  for (int i = 0; i < boardCount; ++i) {
    char name[16];
    std::snprintf(name, sizeof name, "b%03d", i + 1);
    const std::string variant = twoPlayer[static_cast<std::size_t>(i) % twoPlayer.size()];
    round << "board " << name << " = White " << i << " | Black " << i << " | " << variant << " | 90+30\n";
    boards.push_back(std::make_unique<SimulatedBoard>(name, builtinVariant(variant), "90+30", plies, 500u + static_cast<unsigned>(i),
                                                      folder / (std::string(name) + ".journal")));
  }
  std::ofstream(folder / "round.txt") << round.str();
  const int httpPort = freeLoopbackPort();
  HubProcess hub({"hub", "--broker", broker.url("bench"), "--out", (folder / "hub").string(), "--round", (folder / "round.txt").string(),
                  "--http", std::to_string(httpPort), "--http-address", "127.0.0.1"},
                 folder / "hub.log");
  hub.start(httpPort);

  boost::asio::io_context io;
  const auto work = boost::asio::make_work_guard(io);
  const auto address = publish::parseMqttAddress(broker.url("bench"));
  for (auto& b : boards) b->powerOn(io, address);
  io.run_for(std::chrono::seconds(2));

  // The page: when the feed first shows each board's k-th action.
  std::mutex mutex;
  std::vector<std::vector<Clock::time_point>> seen(static_cast<std::size_t>(boardCount));
  std::atomic<bool> following{true};
  long feedBytes = 0, feeds = 0;
  std::thread page([&] {
    namespace http = boost::beast::http;
    boost::asio::io_context pageIo;
    boost::asio::ip::tcp::socket socket(pageIo);
    socket.connect({boost::asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(httpPort)});
    boost::beast::flat_buffer buffer;
    long revision = 0;
    while (following) {
      http::request<http::empty_body> request(http::verb::get, "/feed.json?after=" + std::to_string(revision), 11);
      request.set(http::field::host, "127.0.0.1");
      http::write(socket, request);
      http::response<http::string_body> response;
      http::read(socket, buffer, response);
      const auto now = Clock::now();
      const auto feed = nlohmann::json::parse(response.body());
      revision = feed["revision"];
      feedBytes += static_cast<long>(response.body().size());
      ++feeds;
      std::lock_guard lock(mutex);
      for (const auto& b : feed["boards"]) {
        const std::size_t i = static_cast<std::size_t>(std::stoi(b["board"].get<std::string>().substr(1)) - 1);  // "b017"
        const std::size_t actions = b.value("actions", 0);
        while (i < seen.size() && seen[i].size() < actions) seen[i].push_back(now);
      }
    }
  });

  // The boards play, staggered.
  std::vector<std::vector<Clock::time_point>> accepted(static_cast<std::size_t>(boardCount));
  const auto start = Clock::now();
  const double cpuBefore = cpuSeconds(hub.pid());
  std::vector<Clock::time_point> next(static_cast<std::size_t>(boardCount));
  for (int i = 0; i < boardCount; ++i) next[static_cast<std::size_t>(i)] = start + std::chrono::milliseconds(interval * i / boardCount);
  while (Clock::now() - start < std::chrono::seconds(seconds)) {
    for (std::size_t i = 0; i < boards.size(); ++i) {
      if (Clock::now() < next[i] || boards[i]->done()) continue;
      const std::string wrong = boards[i]->step();
      if (!wrong.empty()) std::cerr << wrong << "\n";
      accepted[i].resize(boards[i]->session()->game().actions().size(), Clock::now());
      next[i] += std::chrono::milliseconds(interval);
    }
    io.restart();
    io.run_for(std::chrono::milliseconds(2));
  }
  const auto played = Clock::now() - start;
  const double cpuAfter = cpuSeconds(hub.pid());
  const long rss = memoryKb(hub.pid(), "VmRSS"), peak = memoryKb(hub.pid(), "VmHWM");
  io.restart();
  io.run_for(std::chrono::seconds(3));
  following = false;
  // One more change wakes the page's last wait.
  for (auto& b : boards) {
    if (b->done()) continue;
    b->step();
    break;
  }
  io.restart();
  io.run_for(std::chrono::seconds(1));
  page.join();

  std::vector<double> latencies;
  int missing = 0;
  for (std::size_t i = 0; i < boards.size(); ++i)
    for (std::size_t k = 0; k < accepted[i].size(); ++k) {
      if (k >= seen[i].size()) {
        if (missing++ < 5)
          std::cerr << "club bench: " << boards[i]->name() << "'s action " << k + 1 << " not seen (the feed showed "
                    << seen[i].size() << ")\n";
        continue;
      }
      latencies.push_back(std::chrono::duration<double, std::milli>(seen[i][k] - accepted[i][k]).count());
    }
  std::sort(latencies.begin(), latencies.end());
  const auto at = [&](double q) { return latencies.empty() ? 0.0 : latencies[static_cast<std::size_t>(q * (latencies.size() - 1))]; };
  const double wall = std::chrono::duration<double>(played).count();
  std::printf("club bench: %d boards, an action each every %d ms, %.0f s: %zu actions; action -> arbiter feed: p50 %.1f ms, "
              "p99 %.1f ms, max %.1f ms, %d not seen; hub: CPU %.1f%% of a core, RSS %ld KB (peak %ld KB); %ld feeds, %.0f KB each\n",
              boardCount, interval, wall, latencies.size() + missing, at(0.5), at(0.99), latencies.empty() ? 0.0 : latencies.back(),
              missing, 100.0 * (cpuAfter - cpuBefore) / wall, rss, peak, feeds, feeds ? feedBytes / 1024.0 / feeds : 0.0);
  for (auto& b : boards) b->powerCut();
  hub.stop(SIGTERM);
  broker.stop(SIGTERM);
  fs::remove_all(folder);
  return missing == 0 ? 0 : 1;
}
