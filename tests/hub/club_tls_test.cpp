// The club over TLS (docs/club.md): a throwaway CA and a certificate for localhost/127.0.0.1 made
// with `openssl` at test time, the broker configuration scripts/club-broker-config.sh writes with
// them (its TLS listener, the boards' passwords and ACL) in the real Mosquitto, `tessera hub` and
// `tessera play --publish` over mqtts:// with --ca-file. A board given the wrong CA, or plain
// mqtt:// against the TLS port, is refused with the cause named and keeps its actions in its
// journal; given the right settings it sends them all.
#include <gtest/gtest.h>

#include <boost/asio/executor_work_guard.hpp>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <fstream>
#include <map>

#include "core/record/pgn.hpp"
#include "host/publish/mqtt_client.hpp"
#include "host/record/game_journal.hpp"
#include "tests/host/filmed_commands.hpp"
#include "tests/hub/hub_process.hpp"
#include "tests/hub/hub_reading.hpp"
#include "tests/hub/mosquitto_broker.hpp"

namespace tessera::testing {
namespace {

namespace fs = std::filesystem;

bool opensslInstalled() { return std::system("openssl version >/dev/null 2>&1") == 0; }

// A CA (ca.crt) and the broker's certificate signed by it for localhost and 127.0.0.1 (broker.crt,
// broker.key), and another CA (other-ca.crt) that signed the same key as impostor.crt.
void makeCertificates(const fs::path& dir) {
  fs::create_directories(dir);
  const std::string d = dir.string();
  const std::string ec = " -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes";
  const std::string script =
      "set -e; cd '" + d + "'\n"
      "for ca in ca other-ca; do openssl req -x509" + ec + " -days 2 -subj \"/CN=Tessera test $ca\""
      " -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign"
      " -keyout $ca.key -out $ca.crt; done\n"
      "openssl req" + ec + " -subj /CN=localhost -keyout broker.key -out broker.csr\n"
      "printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\\nbasicConstraints=CA:FALSE\\nextendedKeyUsage=serverAuth\\n' > ext.cnf\n"
      "openssl x509 -req -in broker.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days 2 -extfile ext.cnf -out broker.crt\n"
      "openssl x509 -req -in broker.csr -CA other-ca.crt -CAkey other-ca.key -CAcreateserial -days 2 -extfile ext.cnf -out impostor.crt\n";
  std::ofstream(dir / "make.sh") << script;
  ASSERT_EQ(std::system(("bash '" + d + "/make.sh' >'" + d + "/openssl.log' 2>&1").c_str()), 0) << readText(dir / "openssl.log");
}

std::map<std::string, std::string> readCredentials(const fs::path& path) {
  std::map<std::string, std::string> out;
  std::ifstream in(path);
  for (std::string name, secret; in >> name >> secret;) out[name] = secret;
  return out;
}

// The script's TLS listener, as it wrote it, bound to the loopback interface for the test.
std::string tlsListenerOf(const fs::path& conf, int tlsPort) {
  const std::string text = readText(conf);
  const std::string listener = "listener " + std::to_string(tlsPort) + "\n";
  const auto at = text.find(listener);
  if (at == std::string::npos) return "";
  return "listener " + std::to_string(tlsPort) + " 127.0.0.1\n" + text.substr(at + listener.size());
}

// What an MQTT client told of its first failed connection to `address`, within 20 s.
std::string refusalFor(const publish::MqttAddress& address, const std::string& caFile) {
  boost::asio::io_context io;
  const auto work = boost::asio::make_work_guard(io);
  std::string why;
  publish::MqttHandlers handlers;
  handlers.onRefused = [&](const std::string& text) { why = text; };
  publish::MqttClient client(io, {address, "tls-probe", {}, caFile, 10}, handlers);
  for (int i = 0; i < 200 && why.empty(); ++i) {
    io.restart();
    io.run_for(std::chrono::milliseconds(100));
  }
  return why;
}

TEST(ClubTls, ABoardOverTlsReachesTheHubAndAWrongCaOrPlainMqttIsRefusedWithNothingLost) {
  if (!mosquittoInstalled()) GTEST_SKIP() << "mosquitto is not installed (scripts/setup-tests.sh installs it)";
  if (!opensslInstalled()) GTEST_SKIP() << "openssl is not installed (scripts/setup-tests.sh installs it)";
  const fs::path folder = fs::temp_directory_path() / ("tessera-tls-" + std::to_string(::getpid()));
  fs::remove_all(folder);
  fs::create_directories(folder);
  const fs::path certs = folder / "certs";
  makeCertificates(certs);
  if (HasFatalFailure()) return;

  // The shipped configuration, with the certificate: a TLS listener, the passwords and the ACL.
  std::ofstream(folder / "round.txt") << "event = TLS night\nboard tb1 = Ann Lee | Ben Kay | chess | none\n";
  const int tlsPort = freeLoopbackPort();
  const std::string script = std::string(TESSERA_SOURCE_DIR) + "/scripts/club-broker-config.sh";
  ASSERT_EQ(std::system(("bash " + script + " " + (folder / "round.txt").string() + " club " + (folder / "conf").string() + " 1883 " +
                         (certs / "broker.crt").string() + " " + (certs / "broker.key").string() + " " + std::to_string(tlsPort) +
                         " >/dev/null")
                            .c_str()),
            0);
  const std::string tls = tlsListenerOf(folder / "conf" / "mosquitto.conf", tlsPort);
  ASSERT_NE(tls.find("certfile " + (certs / "broker.crt").string()), std::string::npos) << readText(folder / "conf" / "mosquitto.conf");
  ASSERT_NE(tls.find("keyfile " + (certs / "broker.key").string()), std::string::npos) << tls;
  EXPECT_NE(readText(folder / "conf" / "mosquitto.conf").find("listener 1883 127.0.0.1\n"), std::string::npos)
      << "with TLS, the plain port is for the broker's own machine only";
  const auto credentials = readCredentials(folder / "conf" / "credentials.txt");
  MosquittoBroker broker(folder / "broker", "allow_anonymous false\npassword_file " + (folder / "conf" / "passwords").string() +
                                                "\nacl_file " + (folder / "conf" / "acl").string() + "\n" + tls);
  broker.start();
  for (int i = 0; i < 100 && !portAccepts(tlsPort); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ASSERT_TRUE(portAccepts(tlsPort)) << broker.log();
  const auto tlsUrl = [&](const std::string& user, const std::string& host) {
    return "mqtts://" + user + ":" + credentials.at(user) + "@" + host + ":" + std::to_string(tlsPort) + "/club";
  };
  const std::string ca = (certs / "ca.crt").string(), otherCa = (certs / "other-ca.crt").string();

  // The hub over TLS, by name (localhost); a hub given the wrong CA says why it cannot connect.
  const int httpPort = freeLoopbackPort(), wrongHubPort = freeLoopbackPort();
  HubProcess hub({"hub", "--broker", tlsUrl("hub", "localhost"), "--ca-file", ca, "--out", (folder / "hub").string(), "--round",
                  (folder / "round.txt").string(), "--http", std::to_string(httpPort), "--http-address", "127.0.0.1"},
                 folder / "hub.log");
  hub.start(httpPort);
  HubProcess wrongHub({"hub", "--broker", tlsUrl("hub", "localhost"), "--ca-file", otherCa, "--out", (folder / "wrong-hub").string(),
                       "--http", std::to_string(wrongHubPort), "--http-address", "127.0.0.1"},
                      folder / "wrong-hub.log");
  wrongHub.start(wrongHubPort);
  std::string wrongHubRefusal;
  for (int i = 0; i < 200 && wrongHubRefusal.empty(); ++i) {
    wrongHubRefusal = nlohmann::json::parse(httpGet(wrongHubPort, "/feed.json")).value("brokerRefusal", "");
    if (wrongHubRefusal.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_NE(wrongHubRefusal.find("certificate verify failed"), std::string::npos) << wrongHubRefusal;
  wrongHub.stop(SIGTERM);
  EXPECT_NE(readText(folder / "wrong-hub.log").find("hub: cannot connect to the broker: TLS: the broker's certificate at localhost:" +
                                                    std::to_string(tlsPort) + " is not trusted"),
            std::string::npos)
      << readText(folder / "wrong-hub.log");

  // A filmed game in three parts, each cut in the stillness after an action.
  const Variant& variant = builtinVariant("chess");
  const Filmed film = filmInto(variant, folder / "all", 8, 29);
  const int firstCut = 14 + 3 * 21 - 7, secondCut = 14 + 5 * 21 - 7;
  const fs::path parts[3] = {folder / "part1", folder / "part2", folder / "part3"};
  for (const auto& p : parts) fs::create_directories(p);
  for (const auto& entry : fs::directory_iterator(folder / "all")) {
    const int index = std::stoi(entry.path().stem().string().substr(6));
    fs::copy_file(entry.path(), parts[index < firstCut ? 0 : index < secondCut ? 1 : 2] / entry.path().filename());
  }
  const fs::path journal = folder / "tb1.journal";
  const auto play = [&](const fs::path& frames, const std::string& url, const std::string& caFile) {
    std::vector<std::string> args = {"--variant", "chess", "--input", "frames:" + frames.string(), "--journal", journal.string(),
                                     "--auto-choose", "--publish", url, "--board", "tb1"};
    if (!caFile.empty()) args.insert(args.end(), {"--ca-file", caFile});
    return run("play", args);
  };
  const auto journaled = [&] { return sansOf(*GameJournal::read(journal.string()).game); };

  // 1. The wrong CA: refused, the cause named, the three actions kept in the journal.
  const CommandRun wrongCa = play(parts[0], tlsUrl("tb1", "localhost"), otherCa);
  ASSERT_EQ(wrongCa.code, 0) << wrongCa.err;
  EXPECT_NE(wrongCa.err.find("publish: cannot connect to the broker: TLS: the broker's certificate at localhost:" + std::to_string(tlsPort) +
                             " is not trusted (certificate verify failed): it is not signed by the CA in --ca-file " + otherCa),
            std::string::npos)
      << wrongCa.err;
  EXPECT_NE(wrongCa.err.find("publish: 3 actions not sent to the broker"), std::string::npos) << wrongCa.err;
  EXPECT_EQ(wrongCa.err.find("publish: connected"), std::string::npos) << wrongCa.err;
  EXPECT_EQ(journaled().size(), 3u);

  // 2. Plain mqtt:// against the TLS port: refused, the TLS listener named as the likely cause.
  const std::string plainUrl = "mqtt://tb1:" + credentials.at("tb1") + "@127.0.0.1:" + std::to_string(tlsPort) + "/club";
  const CommandRun plain = play(parts[1], plainUrl, "");
  ASSERT_EQ(plain.code, 0) << plain.err;
  EXPECT_NE(plain.err.find("resumed from"), std::string::npos) << plain.err;
  EXPECT_NE(plain.err.find("closed the connection before accepting it: if that is its TLS listener, use mqtts://"), std::string::npos)
      << plain.err;
  EXPECT_NE(plain.err.find("publish: 5 actions not sent to the broker"), std::string::npos) << plain.err;
  EXPECT_EQ(journaled().size(), 5u);
  // And mqtts:// against a plain port: that port does not answer in TLS.
  EXPECT_NE(refusalFor(publish::parseMqttAddress("mqtts://127.0.0.1:" + std::to_string(broker.port()) + "/club"), ca)
                .find("does not answer in TLS: is it the broker's plain port?"),
            std::string::npos);
  EXPECT_FALSE(fs::exists(folder / "hub" / "boards" / "tb1.pgn")) << "nothing of tb1's reached the hub yet";

  // The broker restarts under the hub's TLS connection: the hub comes back by itself.
  broker.stop(SIGTERM);
  broker.start();
  for (int i = 0; i < 100 && !portAccepts(tlsPort); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  // 3. The right settings (by address, 127.0.0.1, this time): the whole game reaches the hub.
  const CommandRun right = play(parts[2], tlsUrl("tb1", "127.0.0.1"), ca);
  ASSERT_EQ(right.code, 0) << right.err;
  EXPECT_NE(right.err.find("publish: connected to 127.0.0.1:" + std::to_string(tlsPort)), std::string::npos) << right.err;
  EXPECT_EQ(right.err.find("not sent to the broker"), std::string::npos) << right.err;
  Game played(variant);
  for (const Move& m : film.script) played.play(m);
  ASSERT_EQ(journaled(), sansOf(played));
  std::vector<std::string> atHub;
  for (int i = 0; i < 100; ++i) {
    try {
      atHub = sansOf(*readPgn(readText(folder / "hub" / "boards" / "tb1.pgn")).game);
    } catch (const std::exception&) {
    }
    if (atHub == sansOf(played)) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_EQ(atHub, sansOf(played)) << right.err << readText(folder / "hub.log") << broker.log();
  EXPECT_NE(readText(folder / "hub" / "round.pgn").find("[White \"Ann Lee\"]"), std::string::npos);
  const std::string hubLog = readText(folder / "hub.log");
  const std::string connected = "hub: connected to localhost:" + std::to_string(tlsPort);
  ASSERT_NE(hubLog.find(connected), std::string::npos) << hubLog;
  EXPECT_NE(hubLog.find(connected, hubLog.find(connected) + 1), std::string::npos) << "connected again after the restart:\n" << hubLog;
  hub.stop(SIGTERM);
  fs::remove_all(folder);
}

// A client refused for the broker's certificate connects once the broker has the right one (a
// club replacing a wrong certificate while the boards run): libmosquitto 2.0.11's own threaded
// loop ends for good after a failed handshake, the client's loop tries again.
TEST(ClubTls, AClientRefusedForTheBrokersCertificateConnectsOnceItIsTheRightOne) {
  if (!mosquittoInstalled()) GTEST_SKIP() << "mosquitto is not installed (scripts/setup-tests.sh installs it)";
  if (!opensslInstalled()) GTEST_SKIP() << "openssl is not installed (scripts/setup-tests.sh installs it)";
  const fs::path folder = fs::temp_directory_path() / ("tessera-tls-swap-" + std::to_string(::getpid()));
  fs::remove_all(folder);
  const fs::path certs = folder / "certs";
  makeCertificates(certs);
  if (HasFatalFailure()) return;
  const auto serve = [&](const std::string& cert) {
    fs::copy_file(certs / cert, certs / "served.crt", fs::copy_options::overwrite_existing);
  };
  serve("impostor.crt");
  const int tlsPort = freeLoopbackPort();
  MosquittoBroker broker(folder / "broker", "allow_anonymous true\nlistener " + std::to_string(tlsPort) + " 127.0.0.1\ncertfile " +
                                                (certs / "served.crt").string() + "\nkeyfile " + (certs / "broker.key").string() + "\n");
  broker.start();

  boost::asio::io_context io;
  const auto work = boost::asio::make_work_guard(io);
  std::vector<std::string> refusals;
  bool connected = false;
  publish::MqttHandlers handlers;
  handlers.onRefused = [&](const std::string& why) { refusals.push_back(why); };
  handlers.onConnected = [&] { connected = true; };
  const auto address = publish::parseMqttAddress("mqtts://localhost:" + std::to_string(tlsPort) + "/club");
  publish::MqttClient client(io, {address, "tls-swap", {}, (certs / "ca.crt").string(), 10}, handlers);
  const auto runUntil = [&](const std::function<bool()>& done) {
    for (int i = 0; i < 300 && !done(); ++i) {
      io.restart();
      io.run_for(std::chrono::milliseconds(100));
    }
    return done();
  };
  ASSERT_TRUE(runUntil([&] { return !refusals.empty(); }));
  EXPECT_NE(refusals[0].find("certificate verify failed"), std::string::npos) << refusals[0];
  EXPECT_FALSE(connected);
  // The club puts the right certificate on the broker.
  broker.stop(SIGTERM);
  serve("broker.crt");
  broker.start();
  EXPECT_TRUE(runUntil([&] { return connected; })) << broker.log();
  EXPECT_EQ(refusals.size(), 1u) << "the same cause is told once";
  fs::remove_all(folder);
}

}  // namespace
}  // namespace tessera::testing
