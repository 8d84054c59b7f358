// A takeback the hub never heard of (docs/club.md): the hub is down, the broker loses what it kept
// for it (restarted without its saved database), and meanwhile the board takes back two actions and
// plays nothing after them. The takeback message is gone; the board's retained state, counting two
// fewer actions and sent after the state that counted them all, is what the restarted hub finds:
// it drops the two actions, and its PGN equals the board's journal again.
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <nlohmann/json.hpp>

#include "core/record/pgn.hpp"
#include "host/record/game_journal.hpp"
#include "tests/hub/hub_process.hpp"
#include "tests/hub/hub_reading.hpp"
#include "tests/hub/mosquitto_broker.hpp"
#include "tests/hub/simulated_board.hpp"

namespace tessera::testing {
namespace {

namespace fs = std::filesystem;

TEST(ClubTakeback, TheHubDropsWhatABoardTookBackWhenOnlyItsStateSaysSo) {
  if (!mosquittoInstalled()) GTEST_SKIP() << "mosquitto is not installed (scripts/setup-tests.sh installs it)";
  const fs::path folder = fs::temp_directory_path() / ("tessera-takeback-" + std::to_string(::getpid()));
  fs::remove_all(folder);
  fs::create_directories(folder);
  MosquittoBroker broker(folder / "broker");
  broker.start();
  const int httpPort = freeLoopbackPort();
  const fs::path out = folder / "hub";
  HubProcess hub({"hub", "--broker", broker.url("club"), "--out", out.string(), "--http", std::to_string(httpPort), "--http-address",
                  "127.0.0.1"},
                 folder / "hub.log");
  hub.start(httpPort);

  boost::asio::io_context io;
  const auto pump = [&](int millis) {
    io.restart();
    io.run_for(std::chrono::milliseconds(millis));
  };
  SimulatedBoard board("b1", builtinVariant("chess"), "none", 12, 7u, folder / "b1.journal");
  board.powerOn(io, publish::parseMqttAddress(broker.url("club")));
  const auto atHub = [&]() -> std::vector<std::string> {
    try {
      return sansOf(*readPgn(readText(out / "boards" / "b1.pgn")).game);
    } catch (const std::exception&) {
      return {};
    }
  };
  const auto journaled = [&] { return sansOf(*GameJournal::read(board.journal().string()).game); };
  const auto waitUntil = [&](const std::function<bool()>& done) {
    for (int i = 0; i < 300 && !done(); ++i) pump(100);
    return done();
  };
  for (int i = 0; i < 6; ++i) {
    ASSERT_EQ(board.step(), "") << board.log();
    pump(20);
  }
  ASSERT_TRUE(waitUntil([&] { return atHub().size() == 6; })) << board.log() << readText(folder / "hub.log");
  // The hub's own copy has the board's state counting the six.
  ASSERT_TRUE(waitUntil([&] {
    try {
      return nlohmann::json::parse(readText(out / "store" / "b1.json"))["current"]["state"]["actions"] == 6;
    } catch (const std::exception&) {
      return false;
    }
  })) << readText(out / "store" / "b1.json");

  // The hub goes, and the broker loses what it kept for it (its saved database gone).
  hub.kill();
  broker.stop(SIGTERM);
  ASSERT_TRUE(waitUntil([&] { return !board.publisher()->connected(); })) << board.log();
  fs::remove(folder / "broker" / "data" / "mosquitto.db");
  broker.start();
  ASSERT_TRUE(waitUntil([&] { return board.publisher()->connected(); })) << board.log();

  // Two actions taken back, nothing played after: the takeback message reaches nobody.
  board.session()->takeBack();
  board.session()->takeBack();
  ASSERT_EQ(journaled().size(), 4u);
  pump(500);

  hub.start(httpPort);
  const bool caughtUp = waitUntil([&] { return atHub() == journaled(); });
  EXPECT_TRUE(caughtUp) << "hub: " << atHub().size() << " actions, journal " << journaled().size() << "\n"
                        << readText(folder / "hub.log");
  const auto feed = nlohmann::json::parse(httpGet(httpPort, "/board/b1.json"));
  EXPECT_EQ(feed["moves"].size(), 4u) << feed.dump();
  // The players put the two actions back on the board and play on from there: the record follows.
  const Observation restored = sensorView(board.session()->game().position(), SensorProfile::Camera);
  board.session()->onObservation(restored);
  board.session()->onObservation(restored);
  ASSERT_EQ(board.step(), "") << board.log();
  EXPECT_TRUE(waitUntil([&] { return atHub() == journaled() && journaled().size() == 5; })) << readText(folder / "hub.log");
  hub.stop(SIGTERM);
  board.powerCut();
  fs::remove_all(folder);
}

}  // namespace
}  // namespace tessera::testing
