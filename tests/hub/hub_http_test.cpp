// The hub's HTTP server is read only (docs/security.md): every method but GET and HEAD is refused
// with 405 on every page it serves, every other path is 404, and none of it changes the round.
// And the LiveChess layout (docs/club.md): four-player games are left out of it, by the round file
// before they start, so that a game's number never changes; the PGN and the feed carry them.
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
namespace http = boost::beast::http;

struct Answer {
  int status = 0;
  std::string allow;
  std::string body;
};

// `method` `target` with a body, to the server on 127.0.0.1:`port`.
Answer request(int port, const std::string& method, const std::string& target, const std::string& body) {
  boost::asio::io_context io;
  boost::asio::ip::tcp::socket socket(io);
  socket.connect({boost::asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)});
  http::request<http::string_body> r;
  r.method_string(method);
  r.target(target);
  r.version(11);
  r.set(http::field::host, "127.0.0.1");
  if (method != "TRACE") r.body() = body;  // a TRACE may not carry one
  r.prepare_payload();
  http::write(socket, r);
  boost::beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.skip(method == "HEAD");
  http::read(socket, buffer, parser);
  const auto& response = parser.get();
  return {static_cast<int>(response.result_int()), std::string(response[http::field::allow]), response.body()};
}

fs::path freshFolder(const std::string& name) {
  const fs::path folder = fs::temp_directory_path() / (name + "-" + std::to_string(::getpid()));
  fs::remove_all(folder);
  fs::create_directories(folder);
  return folder;
}

// A broker, and `tessera hub` following it with `round`.
struct Club {
  fs::path folder;
  MosquittoBroker broker;
  int httpPort = freeLoopbackPort();
  HubProcess hub;
  boost::asio::io_context io;

  Club(const std::string& name, const std::string& round)
      : folder(freshFolder(name)),
        broker(folder / "broker"),
        hub({"hub", "--broker", broker.url("club"), "--out", (folder / "hub").string(), "--round", (folder / "round.txt").string(),
             "--http", std::to_string(httpPort), "--http-address", "127.0.0.1"},
            folder / "hub.log") {
    std::ofstream(folder / "round.txt") << round;
    broker.start();
    hub.start(httpPort);
  }
  ~Club() {
    hub.stop(SIGTERM);
    fs::remove_all(folder);
  }
  void pump(int millis) {
    io.restart();
    io.run_for(std::chrono::milliseconds(millis));
  }
  bool waitUntil(const std::function<bool()>& done) {
    for (int i = 0; i < 300 && !done(); ++i) pump(100);
    return done();
  }
  std::vector<std::string> atHub(const std::string& board) {
    try {
      return sansOf(*readPgn(readText(folder / "hub" / "boards" / (board + ".pgn"))).game);
    } catch (const std::exception&) {
      return {};
    }
  }
  std::vector<std::string> journaled(SimulatedBoard& b) { return sansOf(*GameJournal::read(b.journal().string()).game); }
};

TEST(HubHttp, ServesOnlyReadsEveryOtherMethodOrPathIsRefusedAndChangesNothing) {
  if (!mosquittoInstalled()) GTEST_SKIP() << "mosquitto is not installed (scripts/setup-tests.sh installs it)";
  Club club("tessera-hub-http", "board b1 = Ann Lee | Ben Kay | chess | 15+10\n");
  SimulatedBoard board("b1", builtinVariant("chess"), "15+10", 10, 3u, club.folder / "b1.journal");
  board.powerOn(club.io, publish::parseMqttAddress(club.broker.url("club")));
  for (int i = 0; i < 4; ++i) {
    ASSERT_EQ(board.step(), "") << board.log();
    club.pump(20);
  }
  ASSERT_TRUE(club.waitUntil([&] { return club.atHub("b1") == club.journaled(board); })) << readText(club.folder / "hub.log");
  const int port = club.httpPort;
  const std::string roundBefore = httpGet(port, "/round.pgn");
  const auto movesBefore = nlohmann::json::parse(httpGet(port, "/board/b1.json"))["moves"];
  ASSERT_EQ(movesBefore.size(), 4u);

  const std::vector<std::string> served = {"/",          "/index.html",       "/round.pgn",        "/feed.json",
                                           "/feed.json?after=1", "/board/b1",   "/board/b1.pgn",     "/board/b1.json",
                                           "/livechess/index.json", "/livechess/game-1.json"};
  for (const auto& target : served) {
    EXPECT_EQ(request(port, "GET", target, "").status, 200) << target;
    EXPECT_EQ(request(port, "HEAD", target, "").status, 200) << target;
    for (const char* method : {"POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "RESIGN"}) {
      const Answer a = request(port, method, target, "{\"takeback\":2,\"result\":\"1-0\"}");
      EXPECT_EQ(a.status, 405) << method << " " << target;
      EXPECT_EQ(a.allow, "GET, HEAD") << method << " " << target;
    }
  }
  const std::vector<std::string> unserved = {
      "/admin",          "/command",        "/pair",           "/board/",        "/board/b9",       "/board/b1/resign",
      "/board/b1.pgn/x", "/../round.pgn",   "/round.pgn/",     "/store/b1.json", "/boards/b1.pgn",  "/hub/round.pgn",
      "/livechess/",     "/livechess/game-0.json", "/livechess/game-2.json", "/livechess/game-1x.json",
      "/livechess/../store/b1.json", "/%2e%2e/etc/passwd", "/etc/passwd"};
  for (const auto& target : unserved) {
    EXPECT_EQ(request(port, "GET", target, "").status, 404) << target;
    EXPECT_EQ(request(port, "POST", target, "resign").status, 405) << target;
  }

  // Nothing changed: the round, the board's moves at the hub, the hub's own copy, the board itself.
  club.pump(500);
  EXPECT_EQ(httpGet(port, "/round.pgn"), roundBefore);
  EXPECT_EQ(nlohmann::json::parse(httpGet(port, "/board/b1.json"))["moves"], movesBefore);
  EXPECT_EQ(nlohmann::json::parse(readText(club.folder / "hub" / "store" / "b1.json"))["current"]["actions"].size(), 4u);
  EXPECT_EQ(club.journaled(board).size(), 4u);
  EXPECT_FALSE(board.session()->game().result().finished());
  board.powerCut();
}

TEST(LiveChess, FourPlayerGamesAreLeftOutWithTheNumbersKeptAndThePgnAndFeedCarryThem) {
  if (!mosquittoInstalled()) GTEST_SKIP() << "mosquitto is not installed (scripts/setup-tests.sh installs it)";
  Club club("tessera-livechess",
            "board b1 = Ann Lee | Ben Kay | chess | none\n"
            "board b2 = Cy Ash | Di Bo | Ed Cu | Flo Do | chameleon-redux-4p | none\n"
            "board b3 = Gil Eh | Hal Fo | chess | none\n");
  const int port = club.httpPort;
  const auto indexBoards = [&] {
    std::vector<std::string> names;
    const auto index = nlohmann::json::parse(httpGet(port, "/livechess/index.json"));
    for (const auto& p : index["pairings"]) names.push_back(p["board"]);
    return names;
  };
  // Before any game has come: the four-player board is left out already (the round file says so).
  EXPECT_EQ(indexBoards(), (std::vector<std::string>{"b1", "b3"}));
  EXPECT_EQ(request(port, "GET", "/livechess/game-3.json", "").status, 404);
  EXPECT_EQ(nlohmann::json::parse(httpGet(port, "/livechess/index.json"))["pairings"][0]["black"]["lname"], "Kay");

  const auto address = publish::parseMqttAddress(club.broker.url("club"));
  std::vector<std::unique_ptr<SimulatedBoard>> boards;
  boards.push_back(std::make_unique<SimulatedBoard>("b1", builtinVariant("chess"), "none", 4, 11u, club.folder / "b1.journal"));
  boards.push_back(std::make_unique<SimulatedBoard>("b2", builtinVariant("chameleon-redux-4p"), "none", 8, 12u, club.folder / "b2.journal"));
  boards.push_back(std::make_unique<SimulatedBoard>("b3", builtinVariant("chess"), "none", 6, 13u, club.folder / "b3.journal"));
  // A board not in the round file, playing a four-player game: left out once its game says so.
  boards.push_back(std::make_unique<SimulatedBoard>("x9", builtinVariant("chameleon-redux-4p"), "none", 4, 14u, club.folder / "x9.journal"));
  for (auto& b : boards) b->powerOn(club.io, address);
  for (int step = 0; step < 8; ++step) {
    for (auto& b : boards) ASSERT_EQ(b->step(), "") << b->log();
    club.pump(20);
  }
  ASSERT_TRUE(club.waitUntil([&] {
    for (auto& b : boards)
      if (club.atHub(b->name()) != club.journaled(*b)) return false;
    return true;
  })) << readText(club.folder / "hub.log");

  // The index: the same two games under the same numbers; game 2 is b3's, move for move.
  EXPECT_EQ(indexBoards(), (std::vector<std::string>{"b1", "b3"}));
  const auto index = nlohmann::json::parse(httpGet(port, "/livechess/index.json"));
  EXPECT_EQ(index["pairings"][1]["white"]["lname"], "Eh") << index.dump();
  const auto game2 = nlohmann::json::parse(readText(club.folder / "hub" / "livechess" / "game-2.json"));
  std::vector<std::string> moves;
  for (const auto& m : game2["moves"]) moves.push_back(m.get<std::string>().substr(0, m.get<std::string>().find(' ')));
  EXPECT_EQ(moves, club.journaled(*boards[2]));
  EXPECT_EQ(nlohmann::json::parse(httpGet(port, "/livechess/game-2.json")), game2);
  EXPECT_EQ(request(port, "GET", "/livechess/game-3.json", "").status, 404);

  // The PGN and the feed carry the four-player games, with their four players.
  const std::string round = readText(club.folder / "hub" / "round.pgn");
  for (const char* name : {"Cy Ash", "Di Bo", "Ed Cu", "Flo Do"}) EXPECT_NE(round.find(name), std::string::npos) << name << "\n" << round;
  EXPECT_EQ(club.atHub("b2"), club.journaled(*boards[1]));
  EXPECT_EQ(club.atHub("x9"), club.journaled(*boards[3]));
  const auto feed = nlohmann::json::parse(httpGet(port, "/feed.json"));
  int fourPlayerBoards = 0;
  for (const auto& b : feed["boards"])
    if (b["board"] == "b2" || b["board"] == "x9") {
      ++fourPlayerBoards;
      EXPECT_EQ(b["players"].size(), 4u) << b.dump();
      EXPECT_GT(b["actions"].get<int>(), 0) << b.dump();
    }
  EXPECT_EQ(fourPlayerBoards, 2);
  for (auto& b : boards) b->powerCut();
}

}  // namespace
}  // namespace tessera::testing
