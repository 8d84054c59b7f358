// `tessera play --publish` over a filmed game (rendered frames read by the camera pipeline), with
// the real broker and `tessera hub`: the board plays half its game, then plays on while the broker
// is down (its actions wait in the journal), loses its power, and when it comes back (resumed from
// its journal, the broker up again) the hub gets the rest: its PGN equals the journal's game.
#include <gtest/gtest.h>

#include <fstream>

#include "core/record/pgn.hpp"
#include "host/cli/options.hpp"
#include "core/rules/move_text.hpp"
#include "host/record/game_journal.hpp"
#include "tests/host/filmed_commands.hpp"
#include "tests/hub/hub_process.hpp"
#include "tests/hub/hub_reading.hpp"
#include "tests/hub/mosquitto_broker.hpp"

namespace tessera::testing {
namespace {

TEST(PlayPublish, AFilmedGameReachesTheHubThroughABrokerOutageAndAPowerCut) {
  if (!mosquittoInstalled()) GTEST_SKIP() << "mosquitto is not installed (scripts/setup-tests.sh installs it)";
  const fs::path folder = fs::temp_directory_path() / ("tessera-publish-" + std::to_string(::getpid()));
  fs::remove_all(folder);
  fs::create_directories(folder);
  const Variant& variant = builtinVariant("chess");
  const fs::path all = folder / "all";
  const Filmed film = filmInto(variant, all, 8, 23);
  // Three parts: four actions, two more, the last two (each cut in the stillness after an action).
  const int firstCut = 14 + 4 * 21 - 7, secondCut = 14 + 6 * 21 - 7;
  const fs::path parts[3] = {folder / "part1", folder / "part2", folder / "part3"};
  for (const auto& p : parts) fs::create_directories(p);
  for (const auto& entry : fs::directory_iterator(all)) {
    const int index = std::stoi(entry.path().stem().string().substr(6));
    fs::copy_file(entry.path(), parts[index < firstCut ? 0 : index < secondCut ? 1 : 2] / entry.path().filename());
  }

  MosquittoBroker broker(folder / "broker");
  broker.start();
  std::ofstream(folder / "round.txt") << "event = Filmed night\nboard film1 = Ann Lee | Ben Kay | chess | none\n";
  const int httpPort = freeLoopbackPort();
  HubProcess hub({"hub", "--broker", broker.url("club"), "--out", (folder / "hub").string(), "--round",
                  (folder / "round.txt").string(), "--http", std::to_string(httpPort), "--http-address", "127.0.0.1"},
                 folder / "hub.log");
  hub.start(httpPort);

  const fs::path journal = folder / "film1.journal";
  const auto play = [&](const fs::path& frames) {
    return run("play", {"--variant", "chess", "--input", "frames:" + frames.string(), "--journal", journal.string(),
                        "--auto-choose", "--publish", broker.url("club"), "--board", "film1"});
  };
  const CommandRun first = play(parts[0]);
  ASSERT_EQ(first.code, 0) << first.err;
  // Killed after its last save, the broker comes back with the hub's session and the pairing. What
  // it got after its save is lost, and only a board still on answers the hub's resend: the broker
  // of docs/club.md saves every 10 s.
  broker.waitForSave();
  broker.kill();
  const CommandRun second = play(parts[1]);  // the broker is away: the actions stay in the journal
  ASSERT_EQ(second.code, 0) << second.err;
  EXPECT_NE(second.err.find("resumed from"), std::string::npos) << second.err;
  broker.start();
  const CommandRun third = play(parts[2]);
  ASSERT_EQ(third.code, 0) << third.err;
  EXPECT_NE(third.err.find("publish: connected"), std::string::npos) << third.err;

  Game played(variant);
  for (const Move& m : film.script) played.play(m);
  const RecoveredGame journaled = GameJournal::read(journal.string());
  ASSERT_EQ(sansOf(*journaled.game), sansOf(played));
  std::vector<std::string> atHub;
  for (int i = 0; i < 100; ++i) {
    try {
      atHub = sansOf(*readPgn(readText(folder / "hub" / "boards" / "film1.pgn")).game);
    } catch (const std::exception&) {
    }
    if (atHub == sansOf(played)) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_EQ(atHub, sansOf(played)) << first.err << second.err << third.err << readText(folder / "hub.log") << broker.log();
  const std::string pgn = readText(folder / "hub" / "boards" / "film1.pgn");
  EXPECT_NE(pgn.find("[White \"Ann Lee\"]"), std::string::npos) << pgn;
  EXPECT_NE(third.err.find("pairing from the hub: [Ann Lee] [Ben Kay]"), std::string::npos) << third.err;
  hub.stop(SIGTERM);
  fs::remove_all(folder);
}

TEST(PlayPublish, RefusesWrongPublishOptions) {
  const auto refused = [](const std::vector<std::string>& args) {
    try {
      run("play", args);
    } catch (const cli::UsageError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  const std::vector<std::string> base = {"--variant", "chess", "--input", "frames:/nonexistent"};
  auto with = [&](std::vector<std::string> more) {
    auto args = base;
    args.insert(args.end(), more.begin(), more.end());
    return args;
  };
  EXPECT_NE(refused(with({"--publish", "mqtt://hub/club", "--journal", "/tmp/x.journal"})).find("--board"), std::string::npos);
  EXPECT_NE(refused(with({"--publish", "mqtt://hub/club", "--board", "b1"})).find("--journal"), std::string::npos);
  EXPECT_NE(refused(with({"--publish", "http://hub", "--board", "b1", "--journal", "/tmp/x.journal"})).find("mqtt://"), std::string::npos);
  EXPECT_NE(refused(with({"--publish", "mqtt://hub/club", "--board", "b/1", "--journal", "/tmp/x.journal"})).find("cannot name a board"),
            std::string::npos);
  EXPECT_NE(refused(with({"--board", "b1"})).find("needs --publish"), std::string::npos);
  EXPECT_NE(refused(with({"--publish", "mqtt://hub/club", "--board", "b1", "--journal", "/tmp/x.journal", "--ca-file", "/tmp/ca.crt"}))
                .find("--ca-file is for a TLS broker: write its address as mqtts://"),
            std::string::npos);
  std::string hubRefusal = "accepted";
  try {
    run("hub", {"--broker", "mqtt://hub/club", "--out", "/tmp/tessera-never", "--ca-file", "/tmp/ca.crt"});
  } catch (const cli::UsageError& e) {
    hubRefusal = e.what();
  }
  EXPECT_NE(hubRefusal.find("--ca-file is for a TLS broker"), std::string::npos) << hubRefusal;
}

}  // namespace
}  // namespace tessera::testing
