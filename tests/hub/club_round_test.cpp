// A club evening with the real Mosquitto broker: simulated boards of every variant play whole
// games through the real referee and publish them; `tessera hub`, its own process, follows them.
// Most boards are fed what the camera reports after each action (sensorView); two, b03 (Chameleon
// Chess Redux) and b06 (Shifting Sands), are filmed: their games are rendered into folders of
// frames (the scene renderer) and read by the real camera pipeline as `tessera play --input
// frames:DIR` reads them, half as many actions spread over the whole round, so that they too play
// through every fault. Mid-round the broker is killed (SIGKILL) and started again, the hub is
// killed (SIGKILL) and started again, and one board loses its power and comes back from its
// journal. At the end the hub's PGN of every board equals the board's journal, action for action,
// the filmed boards' journals hold their films' games, and the round file's names reached the
// boards. TESSERA_CLUB_BOARDS and TESSERA_CLUB_PLIES make it longer (64 boards: docs/club.md); CI
// runs 12 boards.
#include <gtest/gtest.h>

#include <boost/asio/executor_work_guard.hpp>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <future>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/record/pgn.hpp"
#include "core/rules/move_text.hpp"
#include "host/record/game_journal.hpp"
#include "tests/hub/hub_process.hpp"
#include "tests/hub/hub_reading.hpp"
#include "tests/hub/mosquitto_broker.hpp"
#include "tests/hub/simulated_board.hpp"

namespace tessera::testing {
namespace {

namespace fs = std::filesystem;

int fromEnvironment(const char* name, int fallback) {
  const char* text = std::getenv(name);
  return text ? std::atoi(text) : fallback;
}

// The board's game as its journal holds it: each action's SAN, and the result.
struct JournalGame {
  std::vector<std::string> sans;
  std::string result;
};
JournalGame journalGame(const SimulatedBoard& b) {
  RecoveredGame r = GameJournal::read(b.journal().string(), [&](std::string_view) -> const Variant& { return b.variant(); });
  JournalGame out;
  Game replay(b.variant());
  for (const Move& m : r.game->actions()) {
    out.sans.push_back(san(replay.position(), m));
    replay.play(m);
  }
  out.result = r.game->result().token;
  return out;
}

std::vector<std::string> pgnSans(const Game& game) {
  std::vector<std::string> sans;
  Game replay(game.variant(), game.startPosition());
  for (const Move& m : game.actions()) {
    sans.push_back(san(replay.position(), m));
    replay.play(m);
  }
  return sans;
}

// Whether the hub's PGN of the board, and the round's (the `index`th game), hold the board's whole game.
bool hubHasWholeGame(const fs::path& out, SimulatedBoard& b, std::size_t index) {
  try {
    const JournalGame expected = journalGame(b);
    const PgnGame g = readPgn(readText(out / "boards" / (b.name() + ".pgn")));
    const auto round = readPgnGames(readText(out / "round.pgn"));
    if (round.size() <= index || !round[index].read) return false;
    const PgnGame& r = *round[index].read;
    return pgnSans(*g.game) == expected.sans && g.recordedResult == expected.result && pgnSans(*r.game) == expected.sans &&
           r.recordedResult == expected.result;
  } catch (const std::exception&) {
    return false;
  }
}

TEST(ClubRound, BoardsOfEveryVariantThroughBrokerAndHubFaults) {
  if (!mosquittoInstalled()) GTEST_SKIP() << "mosquitto is not installed (scripts/setup-tests.sh installs it)";
  const int boardCount = fromEnvironment("TESSERA_CLUB_BOARDS", 12);
  const int plies = fromEnvironment("TESSERA_CLUB_PLIES", 24);
  const fs::path folder = fs::temp_directory_path() / ("tessera-club-" + std::to_string(::getpid()));
  fs::remove_all(folder);
  fs::create_directories(folder);
  MosquittoBroker broker(folder / "broker");
  broker.start();

  // The round: every variant in turn, the two-player games on a clock.
  const auto variants = builtinVariantNames();
  std::ostringstream round;
  round << "event = Test club night\nround = 1\n";
  // Two boards are filmed: b03 (Chameleon Chess Redux) and b06 (Shifting Sands) are read by the
  // camera from rendered frames, half as many actions (the frames cost time), spread over the round.
  const auto isFilmed = [](int i) { return i == 2 || i == 5; };
  const int filmPlies = plies / 2;
  std::vector<std::future<std::unique_ptr<SimulatedBoard>>> making;  // the films rendered side by side
  std::vector<std::vector<std::string>> names;
  for (int i = 0; i < boardCount; ++i) {
    char name[16];
    std::snprintf(name, sizeof name, "b%02d", i + 1);
    const Variant& v = builtinVariant(variants[static_cast<std::size_t>(i) % variants.size()]);
    const std::string tc = v.sides == 2 ? "90+30" : "none";
    std::vector<std::string> players;
    for (int s = 0; s < v.sides; ++s) players.push_back("Player " + std::to_string(i + 1) + sideLetter(v, s));
    round << "board " << name << " = ";
    for (const auto& p : players) round << p << " | ";
    round << v.name << " | " << tc << "\n";
    names.push_back(players);
    const fs::path journal = folder / (std::string(name) + ".journal");
    const unsigned seed = 1000u + static_cast<unsigned>(i);
    const std::string boardName = name;
    making.push_back(isFilmed(i) ? std::async(std::launch::async, [=, &v] {
      return std::make_unique<SimulatedBoard>(boardName, v, tc, filmPlies, seed, journal, BoardFeed::Filmed);
    })
                                 : std::async(std::launch::deferred, [=, &v] {
                                     return std::make_unique<SimulatedBoard>(boardName, v, tc, plies, seed, journal);
                                   }));
  }
  std::ofstream(folder / "round.txt") << round.str();

  const int httpPort = freeLoopbackPort();
  const fs::path out = folder / "hub";
  HubProcess hub({"hub", "--broker", broker.url("club/r1"), "--out", out.string(), "--round", (folder / "round.txt").string(),
                  "--http", std::to_string(httpPort), "--http-address", "127.0.0.1", "--quiet-after", "5"},
                 folder / "hub.log");
  hub.start(httpPort);
  std::vector<std::unique_ptr<SimulatedBoard>> boards;
  for (auto& m : making) boards.push_back(m.get());

  boost::asio::io_context io;
  const publish::MqttAddress address = publish::parseMqttAddress(broker.url("club/r1"));
  for (auto& b : boards) b->powerOn(io, address);
  const auto pump = [&](int millis) {
    io.restart();
    io.run_for(std::chrono::milliseconds(millis));
  };
  pump(500);

  SimulatedBoard& cut = *boards[1];
  int steps = 0;
  for (bool going = true; going; ++steps) {
    going = false;
    for (auto& b : boards) {
      const std::string wrong = b->step();
      ASSERT_EQ(wrong, "") << b->log();
      going = going || !b->on() || !b->done();
    }
    pump(20);
    // The filmed boards keep pace: their cameras read frames until they have played their share.
    const auto filmDue = static_cast<std::size_t>((steps + 1) * filmPlies / plies);
    const auto filmDeadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (std::any_of(boards.begin(), boards.end(), [&](auto& b) { return !b->caughtUpWith(filmDue); }) &&
           std::chrono::steady_clock::now() < filmDeadline)
      pump(20);
    // The faults, each mid-round.
    if (steps == plies / 4) broker.kill();
    if (steps == plies / 4 + 4) broker.start();
    if (steps == plies / 2) hub.kill();
    if (steps == plies / 2 + 4) hub.start(httpPort);
    if (steps == 2 * plies / 3) cut.powerCut();
    if (steps == 2 * plies / 3 + 3) cut.powerOn(io, address);
    ASSERT_LT(steps, plies * 4) << "the games do not end";
  }

  // Everything reaches the hub: every board's whole game in its PGN.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(90);
  std::vector<std::string> behind;
  do {
    pump(200);
    behind.clear();
    for (std::size_t i = 0; i < boards.size(); ++i)
      if (!boards[i]->publisher()->upToDate() || !hubHasWholeGame(out, *boards[i], i)) behind.push_back(boards[i]->name());
  } while (!behind.empty() && std::chrono::steady_clock::now() < deadline);
  std::string behindText;
  for (auto& b : boards) {
    if (std::find(behind.begin(), behind.end(), b->name()) == behind.end()) continue;
    std::string hubSays = "no PGN";
    try {
      const PgnGame g = readPgn(readText(out / "boards" / (b->name() + ".pgn")));
      hubSays = std::to_string(g.game->actions().size()) + " actions, " + g.recordedResult;
    } catch (const std::exception& e) {
      hubSays = e.what();
    }
    const JournalGame j = journalGame(*b);
    behindText += "\n" + b->name() + ": journal " + std::to_string(j.sans.size()) + " actions, " + j.result + "; up to date " +
                  (b->publisher()->upToDate() ? "yes" : "no") + "; hub " + hubSays;
  }
  ASSERT_TRUE(behind.empty()) << "behind: " << behindText << "\nhub log:\n" << readText(folder / "hub.log");

  // Action for action, result for result, a clock comment for every action, the names pushed.
  const std::string roundPgn = readText(out / "round.pgn");
  const auto games = readPgnGames(roundPgn);
  ASSERT_EQ(static_cast<int>(games.size()), boardCount);
  for (int i = 0; i < boardCount; ++i) {
    SimulatedBoard& b = *boards[static_cast<std::size_t>(i)];
    const JournalGame expected = journalGame(b);
    ASSERT_TRUE(games[static_cast<std::size_t>(i)].read.has_value()) << games[static_cast<std::size_t>(i)].fault;
    const PgnGame& g = *games[static_cast<std::size_t>(i)].read;
    EXPECT_EQ(pgnSans(*g.game), expected.sans) << b.name();
    EXPECT_EQ(g.recordedResult, expected.result) << b.name();
    if (b.variant().sides == 2) EXPECT_NE(expected.result, "*") << b.name();
    EXPECT_EQ(g.tags.at("Board"), b.name());
    EXPECT_EQ(g.tags.at(sideFullName(b.variant(), 0)), names[static_cast<std::size_t>(i)][0]);
    const std::string boardPgn = readText(out / "boards" / (b.name() + ".pgn"));
    std::size_t clocks = 0;
    for (auto at = boardPgn.find("[%clk "); at != std::string::npos; at = boardPgn.find("[%clk ", at + 1)) ++clocks;
    EXPECT_EQ(clocks, expected.sans.size()) << b.name();
    EXPECT_EQ(b.publisher()->players(), names[static_cast<std::size_t>(i)]) << b.name() << ": the round's names did not reach the board";
  }
  EXPECT_EQ(cut.session()->game().actions().size(), journalGame(cut).sans.size());
  // The filmed boards' games are the films' games, as the camera read them.
  int filmed = 0;
  for (auto& b : boards) {
    if (!b->filmed()) continue;
    ++filmed;
    Game script(b->variant());
    for (const Move& m : b->script()) script.play(m);
    EXPECT_EQ(journalGame(*b).sans, pgnSans(script)) << b->name();
    EXPECT_NE(b->log().find("away ("), std::string::npos) << b->name() << " did not play through the broker's outage:\n" << b->log();
  }
  if (boardCount >= 6) {
    EXPECT_EQ(filmed, 2);
  }

  // The hub serves the same round, its feed sees every board finished, the LiveChess layout has
  // every two-player game.
  EXPECT_TRUE(httpGet(httpPort, "/round.pgn") == roundPgn) << "the round PGN served is not the file's";
  const auto feed = nlohmann::json::parse(httpGet(httpPort, "/feed.json"));
  ASSERT_EQ(static_cast<int>(feed["boards"].size()), boardCount);
  for (std::size_t i = 0; i < boards.size(); ++i)
    if (boards[i]->variant().sides == 2) EXPECT_EQ(feed["boards"][i]["state"], "finished") << boards[i]->name();
  const auto index = nlohmann::json::parse(httpGet(httpPort, "/livechess/index.json"));
  int twoPlayer = 0;
  for (auto& b : boards) twoPlayer += b->variant().sides == 2;
  EXPECT_EQ(static_cast<int>(index["pairings"].size()), twoPlayer);
  const auto first = nlohmann::json::parse(httpGet(httpPort, "/livechess/game-1.json"));
  EXPECT_EQ(first["moves"].size(), journalGame(*boards[0]).sans.size());
  EXPECT_NE(httpGet(httpPort, "/").find("arbiter"), std::string::npos);
  // The faults happened: the boards saw the broker go and come back, the hub started twice.
  EXPECT_NE(boards[0]->log().find("away ("), std::string::npos) << boards[0]->log();
  const std::string hubLog = readText(folder / "hub.log");
  EXPECT_NE(hubLog.find("serving"), hubLog.rfind("serving")) << hubLog;
  // Duplicates were sent (the broker and the hub came back) and dropped: the hub log says nothing refused.
  EXPECT_EQ(readText(folder / "hub.log").find("refused"), std::string::npos) << readText(folder / "hub.log");
  for (auto& b : boards) b->powerCut();
  hub.stop(SIGTERM);
  fs::remove_all(folder);
}

}  // namespace
}  // namespace tessera::testing
