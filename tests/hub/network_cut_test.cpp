// One board's network cut for 30 s (TESSERA_CLUB_CUT_SECONDS) while the round goes on: the board
// plays on (its actions wait in the journal), the broker gives it up (its last will: the arbiter
// sees it offline), and when the network is back it sends the rest; the hub's PGN then equals the
// board's journal, and the other board never stopped.
#include <gtest/gtest.h>

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/record/pgn.hpp"
#include "core/rules/move_text.hpp"
#include "host/record/game_journal.hpp"
#include "tests/hub/hub_process.hpp"
#include "tests/hub/hub_reading.hpp"
#include "tests/hub/mosquitto_broker.hpp"
#include "tests/hub/network_cut.hpp"
#include "tests/hub/simulated_board.hpp"

namespace tessera::testing {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> atHub(const fs::path& out, const std::string& board) {
  std::ifstream in(out / "boards" / (board + ".pgn"));
  const std::string text((std::istreambuf_iterator<char>(in)), {});
  try {
    return sansOf(*readPgn(text).game);
  } catch (const std::exception&) {
    return {};
  }
}

TEST(ClubRound, ABoardCutFromTheNetworkCatchesUpWhenItIsBack) {
  if (!mosquittoInstalled()) GTEST_SKIP() << "mosquitto is not installed (scripts/setup-tests.sh installs it)";
  const int cutSeconds = std::getenv("TESSERA_CLUB_CUT_SECONDS") ? std::atoi(std::getenv("TESSERA_CLUB_CUT_SECONDS")) : 30;
  const fs::path folder = fs::temp_directory_path() / ("tessera-cut-" + std::to_string(::getpid()));
  fs::remove_all(folder);
  fs::create_directories(folder);
  MosquittoBroker broker(folder / "broker");
  broker.start();
  NetworkCut network(broker.port());
  const int port = freeLoopbackPort();
  HubProcess hub({"hub", "--broker", broker.url("club"), "--out", (folder / "hub").string(), "--http", std::to_string(port),
                  "--http-address", "127.0.0.1"},
                 folder / "hub.log");
  hub.start(port);

  boost::asio::io_context io;
  const auto work = boost::asio::make_work_guard(io);
  const int plies = 16;
  SimulatedBoard steady("steady", builtinVariant("chess"), "none", plies, 7, folder / "steady.journal");
  SimulatedBoard remote("remote", builtinVariant("shifting-chess"), "none", plies, 8, folder / "remote.journal");
  steady.powerOn(io, publish::parseMqttAddress(broker.url("club")));
  publish::MqttAddress through = publish::parseMqttAddress(broker.url("club"));
  through.port = network.port();
  remote.powerOn(io, through);
  const auto pump = [&](int millis) {
    io.restart();
    io.run_for(std::chrono::milliseconds(millis));
  };
  pump(500);
  for (int i = 0; i < 4; ++i) {
    ASSERT_EQ(steady.step(), "");
    ASSERT_EQ(remote.step(), "");
    pump(50);
  }

  network.cut();
  bool seenOffline = false;
  const auto cutEnds = std::chrono::steady_clock::now() + std::chrono::seconds(cutSeconds);
  for (int i = 0; std::chrono::steady_clock::now() < cutEnds; ++i) {
    if (i % 10 == 0 && !steady.done()) ASSERT_EQ(steady.step(), "");
    if (i % 10 == 0 && !remote.done()) ASSERT_EQ(remote.step(), "");
    pump(200);
    const auto feed = nlohmann::json::parse(httpGet(port, "/feed.json"));
    for (const auto& a : feed["alerts"]) seenOffline = seenOffline || (a["board"] == "remote" && a["kind"] == "offline");
  }
  EXPECT_LT(atHub(folder / "hub", "remote").size(), sansOf(remote.session()->game()).size()) << "nothing was held back";
  EXPECT_EQ(atHub(folder / "hub", "steady").size(), sansOf(steady.session()->game()).size()) << "the other board stopped too";
  if (cutSeconds >= 20) EXPECT_TRUE(seenOffline) << "the arbiter never saw the board offline";

  network.restore();
  while (!steady.done() || !remote.done()) {
    if (!steady.done()) ASSERT_EQ(steady.step(), "");
    if (!remote.done()) ASSERT_EQ(remote.step(), "");
    pump(50);
  }
  const auto expected = sansOf(*GameJournal::read(remote.journal().string()).game);
  for (int i = 0; i < 150 && atHub(folder / "hub", "remote") != expected; ++i) pump(100);
  EXPECT_EQ(atHub(folder / "hub", "remote"), expected);
  EXPECT_EQ(atHub(folder / "hub", "steady"), sansOf(*GameJournal::read(steady.journal().string()).game));
  const auto feed = nlohmann::json::parse(httpGet(port, "/feed.json"));
  EXPECT_EQ(feed["boards"][0]["online"], true) << feed["boards"][0]["board"];
  steady.powerCut();
  remote.powerCut();
  hub.stop(SIGTERM);
  fs::remove_all(folder);
}

}  // namespace
}  // namespace tessera::testing
