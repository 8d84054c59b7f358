// The shipped broker configuration (scripts/club-broker-config.sh) in the real Mosquitto: a board
// logs in with its own password, writes its own topics, and what it publishes to another board's
// topic never reaches the hub; a wrong password is refused.
#include <gtest/gtest.h>

#include <boost/asio/executor_work_guard.hpp>

#include <cstdlib>
#include <fstream>
#include <map>

#include "host/publish/board_messages.hpp"
#include "host/publish/mqtt_client.hpp"
#include "tests/hub/mosquitto_broker.hpp"

namespace tessera::testing {
namespace {

namespace fs = std::filesystem;

std::map<std::string, std::string> readCredentials(const fs::path& path) {
  std::map<std::string, std::string> out;
  std::ifstream in(path);
  for (std::string name, secret; in >> name >> secret;) out[name] = secret;
  return out;
}

TEST(ClubBroker, ABoardWritesOnlyItsOwnTopic) {
  if (!mosquittoInstalled()) GTEST_SKIP() << "mosquitto is not installed (scripts/setup-tests.sh installs it)";
  const fs::path folder = fs::temp_directory_path() / ("tessera-acl-" + std::to_string(::getpid()));
  fs::remove_all(folder);
  fs::create_directories(folder);
  std::ofstream(folder / "round.txt") << "board b1 = A | B | chess | 5+3\nboard b2 = C | D | chess | 5+3\n";
  const std::string script = std::string(TESSERA_SOURCE_DIR) + "/scripts/club-broker-config.sh";
  ASSERT_EQ(std::system(("bash " + script + " " + (folder / "round.txt").string() + " club " + (folder / "conf").string() + " >/dev/null").c_str()), 0);
  const auto credentials = readCredentials(folder / "conf" / "credentials.txt");
  ASSERT_EQ(credentials.size(), 3u);
  MosquittoBroker broker(folder / "broker", "allow_anonymous false\npassword_file " + (folder / "conf" / "passwords").string() +
                                                "\nacl_file " + (folder / "conf" / "acl").string() + "\n");
  broker.start();

  boost::asio::io_context io;
  const auto work = boost::asio::make_work_guard(io);  // run_for waits for the broker's answers
  const auto address = [&](const std::string& user, const std::string& secret) {
    return publish::parseMqttAddress(broker.url("club", user + ":" + secret));
  };
  std::vector<std::pair<std::string, std::string>> heard;
  publish::MqttHandlers hubHandlers;
  bool hubConnected = false;
  hubHandlers.onConnected = [&] { hubConnected = true; };
  hubHandlers.onMessage = [&](const std::string& topic, const std::string& payload) { heard.emplace_back(topic, payload); };
  publish::MqttClient hub(io, {address("hub", credentials.at("hub")), "acl-hub", {}, "", 10}, hubHandlers);

  bool boardConnected = false;
  int acknowledged = 0;
  publish::MqttHandlers boardHandlers;
  boardHandlers.onConnected = [&] { boardConnected = true; };
  boardHandlers.onAcknowledged = [&](int) { ++acknowledged; };
  publish::MqttClient b1(io, {address("b1", credentials.at("b1")), "acl-b1", {}, "", 10}, boardHandlers);

  std::string refusal;
  publish::MqttHandlers wrongHandlers;
  wrongHandlers.onRefused = [&](const std::string& why) { refusal = why; };
  publish::MqttClient intruder(io, {address("b2", "not-the-password"), "acl-b2", {}, "", 10}, wrongHandlers);

  const auto runUntil = [&](const std::function<bool()>& done) {
    for (int i = 0; i < 100 && !done(); ++i) {
      io.restart();
      io.run_for(std::chrono::milliseconds(50));
    }
  };
  runUntil([&] { return hubConnected && boardConnected; });
  ASSERT_TRUE(hubConnected && boardConnected) << broker.log();
  ASSERT_TRUE(hub.subscribe("club/board/+/action"));
  runUntil([] { return false; });  // the subscription is in place (a short wait)

  // b1 forges an action on b2's topic, then sends one on its own: only its own arrives.
  ASSERT_TRUE(b1.publish("club/board/b2/action", publish::actionJson("forged", {1, "e4", {}, {}}), false));
  ASSERT_TRUE(b1.publish("club/board/b1/action", publish::actionJson("real", {1, "d4", {}, {}}), false));
  runUntil([&] { return !heard.empty() && acknowledged == 2; });
  runUntil([] { return false; });
  ASSERT_EQ(heard.size(), 1u);
  EXPECT_EQ(heard[0].first, "club/board/b1/action");
  EXPECT_NE(heard[0].second.find("d4"), std::string::npos);

  // A board with the wrong password is not let in.
  runUntil([&] { return !refusal.empty(); });
  EXPECT_NE(refusal.find("authori"), std::string::npos) << refusal;
  EXPECT_FALSE(intruder.connected());
  fs::remove_all(folder);
}

}  // namespace
}  // namespace tessera::testing
