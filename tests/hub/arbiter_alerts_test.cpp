// What the arbiter sees (the hub's feed, which the arbiter page draws): a board stuck on a
// mismatch, a board gone quiet, a board that left, each as an alert with the board's state; and the
// pages themselves served.
#include <gtest/gtest.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <nlohmann/json.hpp>

#include "tests/host/headless_browser.hpp"
#include "tests/hub/hub_process.hpp"
#include "tests/hub/hub_reading.hpp"
#include "tests/hub/mosquitto_broker.hpp"
#include "tests/hub/simulated_board.hpp"

namespace tessera::testing {
namespace {

namespace fs = std::filesystem;

// The alerts of the feed, as "board kind".
std::vector<std::string> alerts(int port) {
  std::vector<std::string> out;
  const auto feed = nlohmann::json::parse(httpGet(port, "/feed.json"));
  for (const auto& a : feed["alerts"])
    out.push_back(a["board"].get<std::string>() + " " + a["kind"].get<std::string>());
  return out;
}

bool has(const std::vector<std::string>& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

TEST(ArbiterFeed, AlertsForAMismatchAQuietBoardAndABoardThatLeft) {
  if (!mosquittoInstalled()) GTEST_SKIP() << "mosquitto is not installed (scripts/setup-tests.sh installs it)";
  const fs::path folder = fs::temp_directory_path() / ("tessera-alerts-" + std::to_string(::getpid()));
  fs::remove_all(folder);
  fs::create_directories(folder);
  MosquittoBroker broker(folder / "broker");
  broker.start();
  const int port = freeLoopbackPort();
  HubProcess hub({"hub", "--broker", broker.url("club"), "--out", (folder / "hub").string(), "--http", std::to_string(port),
                  "--http-address", "127.0.0.1", "--quiet-after", "2", "--mismatch-after", "0"},
                 folder / "hub.log");
  hub.start(port);
  boost::asio::io_context io;
  const auto work = boost::asio::make_work_guard(io);
  const auto address = publish::parseMqttAddress(broker.url("club"));
  SimulatedBoard quiet("quiet", builtinVariant("chess"), "none", 4, 1, folder / "quiet.journal");
  SimulatedBoard wrong("wrong", builtinVariant("shifting-sands"), "none", 4, 2, folder / "wrong.journal");
  quiet.powerOn(io, address);
  wrong.powerOn(io, address);
  const auto pump = [&](int millis) {
    io.restart();
    io.run_for(std::chrono::milliseconds(millis));
  };
  pump(300);
  ASSERT_EQ(quiet.step(), "");
  ASSERT_EQ(wrong.step(), "");
  // A piece knocked over on `wrong`: its board shows what no action explains.
  Position knocked = wrong.session()->game().position();
  for (int sq = 0; sq < knocked.variant().size.files * knocked.variant().size.ranks; ++sq)
    if (knocked.at(static_cast<Square>(sq))) {
      knocked.clear(static_cast<Square>(sq));
      break;
    }
  const Observation seen = sensorView(knocked, SensorProfile::Camera);
  wrong.session()->onObservation(seen);
  wrong.session()->onObservation(seen);
  std::vector<std::string> now;
  for (int i = 0; i < 40 && !(has(now, "wrong mismatch") && has(now, "quiet quiet")); ++i) {
    pump(100);
    now = alerts(port);
  }
  EXPECT_TRUE(has(now, "wrong mismatch")) << httpGet(port, "/feed.json");
  EXPECT_TRUE(has(now, "quiet quiet")) << httpGet(port, "/feed.json");
  const auto feed = nlohmann::json::parse(httpGet(port, "/feed.json"));
  EXPECT_EQ(feed["boards"][1]["state"], "mismatch");
  EXPECT_EQ(feed["boards"][0]["last"], "1. " + nlohmann::json::parse(httpGet(port, "/board/quiet.json"))["moves"][0]["san"].get<std::string>());

  // The arbiter page and a spectator page, drawn by a real browser (when there is one).
  if (const std::string chromium = HeadlessBrowser::find(); !chromium.empty()) {
    HeadlessBrowser arbiter(chromium, "http://127.0.0.1:" + std::to_string(port) + "/");
    EXPECT_EQ(arbiter.waitFor("document.querySelectorAll('.card').length", "2"), "2");
    EXPECT_EQ(arbiter.waitFor("document.querySelector('.card.mismatch h3').textContent.startsWith('wrong')", "true"), "true");
    EXPECT_EQ(arbiter.waitFor("document.getElementById('alerts').textContent.includes('wrong: mismatch')", "true"), "true");
    EXPECT_EQ(arbiter.waitFor("document.querySelectorAll('.card svg circle').length > 40", "true"), "true");  // the pieces
    HeadlessBrowser spectator(chromium, "http://127.0.0.1:" + std::to_string(port) + "/board/quiet");
    EXPECT_EQ(spectator.waitFor("document.getElementById('moves').textContent.startsWith('1. ')", "true"), "true");
  }

  // `quiet` leaves (its program stops): the arbiter sees it offline.
  quiet.powerCut();
  for (int i = 0; i < 40 && !has(now, "quiet offline"); ++i) {
    pump(100);
    now = alerts(port);
  }
  EXPECT_TRUE(has(now, "quiet offline")) << httpGet(port, "/feed.json");
  // The pages: the arbiter's, a spectator's, and a board that is not there.
  EXPECT_NE(httpGet(port, "/").find("Alerts"), std::string::npos);
  EXPECT_NE(httpGet(port, "/board/wrong").find("/board/"), std::string::npos);
  EXPECT_NE(httpGet(port, "/board/nosuch").find("no such page"), std::string::npos);
  wrong.powerCut();
  hub.stop(SIGTERM);
  fs::remove_all(folder);
}

}  // namespace
}  // namespace tessera::testing
