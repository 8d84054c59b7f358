// Only the players command their board (issue 72, docs/security.md), through real HTTP and
// WebSocket clients (Boost.Beast) on a table serving its page: anyone watches; every command from
// a device that is not paired is refused and leaves the game as it was; pairing with the code the
// board shows works once; wrong codes lock pairing; a token of another board or of an old game is
// refused; a read-only page takes no command; the server's headers and limits.
#include <gtest/gtest.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <atomic>
#include <chrono>
#include <thread>

#include <nlohmann/json.hpp>

#include "host/web/pairing.hpp"
#include "host/web/qr_code.hpp"
#include "host/web/web_server.hpp"
#include "record_moves.hpp"
#include "served_table.hpp"
#include "web_client.hpp"

namespace tessera::session {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = boost::asio::ip::tcp;
using nlohmann::json;

Response command(unsigned short port, const std::string& text, const std::string& token = "") {
  if (token.empty()) return send(port, http::verb::post, "/command", text);
  return send(port, http::verb::post, "/command", text, bearer(token));
}

// The game as a spectator sees it: the record, the shown square, the revision, the message.
struct Seen {
  std::string pgn;
  json state;
};
Seen seen(ServedTable& table) {
  Seen s{movesOfRecord(send(table.port(), http::verb::get, "/game.pgn").body()),
         json::parse(send(table.port(), http::verb::get, "/state").body())};
  s.state.erase("clock");  // the clocks count up while the test runs
  return s;
}

const std::vector<std::string> kEveryCommand = {"hint", "takeback", "confirm", "choose 1", "override", "new",
                                                "resign",  "draw",   "show e2", "show"};

TEST(WebPairing, AnyoneWatchesAndEveryCommandUnpairedIsRefusedWithTheGameUnchanged) {
  ServedTable table("chess");
  table.play("e4");
  for (const char* target : {"/", "/page.js", "/pairing.js", "/page.css", "/state", "/board.png", "/game.pgn"})
    EXPECT_EQ(send(table.port(), http::verb::get, target).result(), http::status::ok) << target;
  const Seen before = seen(table);
  ASSERT_EQ(before.pgn, "1. e4 *");

  const std::string wrongToken(32, '0');
  for (const std::string& word : kEveryCommand) {
    const Response none = command(table.port(), word);
    EXPECT_EQ(none.result(), http::status::unauthorized) << word;
    EXPECT_EQ(none[http::field::www_authenticate], "Bearer realm=\"tessera\"") << word;
    EXPECT_NE(none.body().find("pair this device with the code shown on the board's screen"), std::string::npos) << none.body();
    const Response wrong = command(table.port(), word, wrongToken);
    EXPECT_EQ(wrong.result(), http::status::unauthorized) << word;
    EXPECT_NE(wrong.body().find("not paired with this board's game"), std::string::npos) << wrong.body();
    const Response cookie = send(table.port(), http::verb::post, "/command", word, {{http::field::cookie, "tessera_token=" + wrongToken}});
    EXPECT_EQ(cookie.result(), http::status::unauthorized) << word;
  }

  PageSocket watcher(table.port());
  EXPECT_EQ(watcher.access, json::parse(R"({"access":{"paired":false,"readOnly":false}})"));
  EXPECT_EQ(watcher.next()["movetext"], "1. e4") << "the page watches the game";
  for (const std::string& word : kEveryCommand) {
    watcher.send(word);
    const json refused = watcher.untilHas("error");
    EXPECT_NE(refused.value("error", "").find("watching only"), std::string::npos) << word << ": " << refused;
  }
  const Seen after = seen(table);
  EXPECT_EQ(after.pgn, before.pgn);
  EXPECT_EQ(after.state, before.state) << "not a hint, not a square shown, nothing";
  EXPECT_EQ(table.resultToken(), "*");
  EXPECT_EQ(table.onLoop([&] { return table.shownFrom(); }), "");
  table.play("e5");
  EXPECT_EQ(watcher.untilHas("movetext")["movetext"], "1. e4 e5") << "and goes on watching";
}

TEST(WebPairing, TheCodeTheBoardShowsPairsOneDeviceThatThenCommands) {
  ServedTable table("chess");
  const std::string code = table.code();
  ASSERT_EQ(code.size(), 6u);
  // The terminal shows the code and the QR code of the page's address with it.
  const std::string log = table.log();
  EXPECT_NE(log.find("pairing code: " + code), std::string::npos) << log;
  EXPECT_NE(log.find(":" + std::to_string(table.port()) + "/#pair=" + code), std::string::npos) << log;
  EXPECT_NE(log.find("\u2588\u2588"), std::string::npos) << "a QR code of blocks: " << log;

  const Response paired = send(table.port(), http::verb::post, "/pair", " " + code + "\n");
  ASSERT_EQ(paired.result(), http::status::ok) << paired.body();
  const std::string token = json::parse(paired.body())["token"];
  EXPECT_EQ(token.size(), 32u);
  EXPECT_EQ(paired[http::field::set_cookie], "tessera_token=" + token + "; Path=/; HttpOnly; SameSite=Strict");
  EXPECT_EQ(paired[http::field::cache_control], "no-store");

  // The page's way (the cookie) and a program's (the header) both command.
  const Response shown = send(table.port(), http::verb::post, "/command", "show g1", {{http::field::cookie, "a=b; tessera_token=" + token}});
  EXPECT_EQ(shown.result(), http::status::ok) << shown.body();
  EXPECT_EQ(json::parse(shown.body())["message"], "White from g1: Nf3, Nh3");
  EXPECT_EQ(shown[http::field::cache_control], "no-store");
  table.play("e4");
  EXPECT_EQ(command(table.port(), "resign", token).result(), http::status::ok);
  EXPECT_EQ(table.resultToken(), "1-0");

  // One code, one device: the code is new, the old one no longer pairs.
  EXPECT_NE(table.code(), code);
  EXPECT_NE(table.log().find("pairing code: " + table.code()), std::string::npos);
  EXPECT_EQ(send(table.port(), http::verb::post, "/pair", code).result(), http::status::forbidden);
  // A second device (the other player) with the code shown now; both command.
  const Response second = send(table.port(), http::verb::post, "/pair", "code=" + table.code());
  ASSERT_EQ(second.result(), http::status::ok);
  EXPECT_EQ(command(table.port(), "takeback", json::parse(second.body())["token"]).result(), http::status::ok);
  EXPECT_EQ(table.resultToken(), "*");
  EXPECT_EQ(command(table.port(), "hint", token).result(), http::status::ok);

  // The WebSocket of a paired page takes its commands.
  PageSocket page(table.port(), token);
  EXPECT_EQ(page.access, json::parse(R"({"access":{"paired":true,"readOnly":false}})"));
  page.send("resign");
  for (int i = 0; i < 30; ++i) {
    const json m = page.next();
    if (m.is_null() || m.value("result", "") != "") break;
  }
  EXPECT_EQ(table.resultToken(), "1-0");
  // Pairing from another site's page is refused, as its commands are.
  EXPECT_EQ(send(table.port(), http::verb::post, "/pair", table.code(), {{http::field::origin, "http://evil.example"}}).result(),
            http::status::forbidden);
}

TEST(WebPairing, WrongCodesLockPairingAndTheScreenAndTheLogSayIt) {
  ServedTable table("chess");
  const std::string before = pairedToken(table);  // a device paired before keeps its pairing
  const std::string code = table.code();
  const std::string wrong = code == "000000" ? "000001" : "000000";
  for (int left = 4; left >= 1; --left) {
    const Response r = send(table.port(), http::verb::post, "/pair", wrong);
    EXPECT_EQ(r.result(), http::status::forbidden);
    EXPECT_EQ(r.body(), "wrong code: " + std::to_string(left) + (left == 1 ? " try" : " tries") + " left before pairing locks\n");
  }
  const Response locked = send(table.port(), http::verb::post, "/pair", wrong);
  EXPECT_EQ(locked.result(), http::status::too_many_requests);
  EXPECT_EQ(locked[http::field::retry_after], "60");
  EXPECT_EQ(locked.body(), "wrong code: pairing is locked for 60 s\n");
  EXPECT_NE(table.log().find("pairing locked for 60 s after 5 wrong codes"), std::string::npos) << table.log();
  // Locked: even the code now shown is refused; the code the guesses were tried against is gone.
  EXPECT_NE(table.code(), code);
  const Response right = send(table.port(), http::verb::post, "/pair", table.code());
  EXPECT_EQ(right.result(), http::status::too_many_requests);
  EXPECT_NE(right.body().find("pairing is locked for "), std::string::npos) << right.body();
  EXPECT_EQ(command(table.port(), "hint", before).result(), http::status::ok) << "the players go on";
}

// The lockout's end, on a clock of the test's own (the server's is a minute).
TEST(WebPairing, PairingOpensAgainAfterTheLockoutWithANewCode) {
  web::Pairing pairing;
  const auto now = web::Pairing::Clock::now();
  const std::string first = pairing.code();
  const std::string wrong = first == "999999" ? "999998" : "999999";
  for (int i = 0; i < 5; ++i) pairing.pair(wrong, now);
  EXPECT_EQ(pairing.lockedFor(now), std::chrono::seconds(60));
  EXPECT_EQ(pairing.lockedFor(now + std::chrono::seconds(59)), std::chrono::seconds(1));
  EXPECT_EQ(pairing.pair(pairing.code(), now + std::chrono::seconds(59)).kind, web::Pairing::Outcome::Kind::LockedOut);
  const auto open = pairing.pair(pairing.code(), now + std::chrono::seconds(60));
  EXPECT_EQ(open.kind, web::Pairing::Outcome::Kind::Paired);
  EXPECT_TRUE(pairing.admits(open.token));
  EXPECT_FALSE(pairing.admits(""));
  EXPECT_FALSE(pairing.admits(open.token.substr(0, 31)));
  // Codes are six digits and tokens 128 random bits: a thousand of each, all different.
  std::set<std::string> tokens;
  for (int i = 0; i < 1000; ++i) tokens.insert(web::randomHex(16));
  EXPECT_EQ(tokens.size(), 1000u);
  // A ninth device drops the first.
  web::Pairing few;
  std::vector<std::string> paired;
  for (int i = 0; i < 9; ++i) paired.push_back(few.pair(few.code(), now).token);
  EXPECT_FALSE(few.admits(paired[0]));
  EXPECT_TRUE(few.admits(paired[1]));
  EXPECT_TRUE(few.admits(paired[8]));
}

TEST(WebPairing, ATokenOfAnotherBoardOrOfAnOldGameIsRefused) {
  ServedTable board("chess"), otherBoard("chess");
  const std::string token = pairedToken(board), otherToken = pairedToken(otherBoard);
  EXPECT_EQ(command(board.port(), "hint", otherToken).result(), http::status::unauthorized);
  EXPECT_EQ(command(otherBoard.port(), "hint", token).result(), http::status::unauthorized);
  board.play("e4");

  // A new game unpairs every device, the one that asked for it too, and the open pages hear it.
  PageSocket page(board.port(), token);
  EXPECT_EQ(page.access["access"]["paired"], true);
  EXPECT_EQ(command(board.port(), "new", token).result(), http::status::ok);
  for (int i = 0; i < 30; ++i) {
    const json m = page.next();
    if (m.is_null() || m.contains("access")) {
      EXPECT_EQ(m, json::parse(R"({"access":{"paired":false,"readOnly":false}})"));
      break;
    }
  }
  const Response old = command(board.port(), "hint", token);
  EXPECT_EQ(old.result(), http::status::unauthorized);
  EXPECT_NE(old.body().find("a new game or a re-pairing ended its pairing"), std::string::npos) << old.body();
  page.send("resign");
  EXPECT_NE(page.untilHas("error").value("error", "").find("not paired with this board's game"), std::string::npos);
  EXPECT_EQ(board.resultToken(), "*");

  // Pairing again at the board (the screen's key p) unpairs too.
  const std::string again = pairedToken(board);
  EXPECT_EQ(command(board.port(), "hint", again).result(), http::status::ok);
  const std::string code = board.code();
  board.pairAgain();
  EXPECT_NE(board.code(), code);
  EXPECT_EQ(command(board.port(), "hint", again).result(), http::status::unauthorized);
}

TEST(WebPairing, AReadOnlyPageWatchesAndTakesNoCommandNorPairing) {
  ServedTable table("chess", {}, true);
  table.play("e4");
  EXPECT_EQ(send(table.port(), http::verb::get, "/state").result(), http::status::ok);
  const Response pairing = send(table.port(), http::verb::post, "/pair", table.code());
  EXPECT_EQ(pairing.result(), http::status::forbidden);
  EXPECT_NE(pairing.body().find("read-only"), std::string::npos);
  for (const std::string& word : kEveryCommand) {
    const Response r = command(table.port(), word);
    EXPECT_EQ(r.result(), http::status::forbidden) << word;
    EXPECT_NE(r.body().find("read-only (--http-read-only)"), std::string::npos) << r.body();
  }
  PageSocket page(table.port());
  EXPECT_EQ(page.access, json::parse(R"({"access":{"paired":false,"readOnly":true}})"));
  page.send("resign");
  EXPECT_NE(page.untilHas("error").value("error", "").find("read-only"), std::string::npos);
  EXPECT_EQ(movesOfRecord(send(table.port(), http::verb::get, "/game.pgn").body()), "1. e4 *");
  EXPECT_EQ(table.log().find("pairing code"), std::string::npos) << "no code to show";
}

TEST(WebPairing, EveryResponseForbidsCachesFramesAndOtherSitesScripts) {
  ServedTable table("chess");
  const std::string token = pairedToken(table);
  const std::vector<Response> replies = {send(table.port(), http::verb::get, "/"),
                                         send(table.port(), http::verb::get, "/state"),
                                         command(table.port(), "hint", token),
                                         command(table.port(), "hint"),
                                         send(table.port(), http::verb::post, "/pair", "1"),
                                         send(table.port(), http::verb::get, "/nothing")};
  for (const Response& r : replies) {
    EXPECT_EQ(r["Content-Security-Policy"], web::kContentSecurityPolicy) << r.result_int();
    EXPECT_EQ(r[http::field::cache_control], "no-store") << r.result_int();
    EXPECT_EQ(r["X-Content-Type-Options"], "nosniff");
    EXPECT_EQ(r["X-Frame-Options"], "DENY");
    EXPECT_EQ(r["Referrer-Policy"], "no-referrer");
  }
}

// Raw bytes from `from`; what comes back until the server closes the connection or `seconds` pass.
std::string exchange(unsigned short port, const std::string& bytes, double seconds = 10, const char* from = "127.0.0.1",
                     bool* closed = nullptr) {
  boost::asio::io_context io;
  tcp::socket socket(io);
  socket.open(tcp::v4());
  socket.bind(tcp::endpoint(boost::asio::ip::make_address(from), 0));
  socket.connect(tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port));
  boost::asio::write(socket, boost::asio::buffer(bytes));
  std::string reply;
  bool ended = false;
  boost::asio::async_read(socket, boost::asio::dynamic_buffer(reply), [&](beast::error_code ec, std::size_t) {
    ended = ec == boost::asio::error::eof || ec == boost::asio::error::connection_reset;
  });
  io.run_for(std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::duration<double>(seconds)));
  if (!io.stopped()) {
    socket.cancel();
    io.run();
  }
  if (closed) *closed = ended;
  return reply;
}

TEST(WebPairing, RequestsTooLargeTooManyOrTooSlowAreRefusedAndTheGameGoesOn) {
  ServedTable table("chess");
  const std::string token = pairedToken(table);
  // A body past 4096 bytes: 413, before any of it reaches the game.
  const std::string large = exchange(table.port(), "POST /command HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + token +
                                                       "\r\nContent-Length: 5000\r\n\r\n" + std::string(5000, 'a'));
  EXPECT_EQ(large.rfind("HTTP/1.1 413 Payload Too Large\r\n", 0), 0u) << large.substr(0, 200);
  // A WebSocket message past 4096 bytes closes that socket.
  {
    PageSocket page(table.port(), token);
    page.next();
    page.send(std::string(5000, 'a'));
    beast::error_code ec;
    beast::flat_buffer buffer;
    for (int i = 0; i < 5 && !ec; ++i) page.ws.read(buffer, ec);
    EXPECT_TRUE(ec) << "closed";
  }
  // A program asking as fast as it can from one address is told to wait; another address is not.
  // The budget is 120 at once and 30 a second after: however fast this machine sends, no more are
  // answered than that allows, and the first 120 all are.
  int answered = 0, firstRefused = -1;
  const auto asking = std::chrono::steady_clock::now();
  for (int i = 0; i < 300; ++i) {
    const Response r = send(table.port(), http::verb::get, "/state", "", {}, "127.0.0.9");
    if (r.result() == http::status::ok) ++answered;
    if (r.result() == http::status::too_many_requests) {
      if (firstRefused < 0) firstRefused = i;
      EXPECT_EQ(r[http::field::retry_after], "1");
      EXPECT_EQ(r.body(), "too many requests at once: wait a moment\n");
    }
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - asking).count();
  EXPECT_LE(answered, 120 + 30 * seconds + 2) << "in " << seconds << " s";
  EXPECT_TRUE(firstRefused < 0 || firstRefused >= 120) << "a page's load and a player's taps are far from it: " << firstRefused;
  if (seconds < 3) EXPECT_GE(firstRefused, 0) << "300 in " << seconds << " s are more than the budget";
  EXPECT_EQ(command(table.port(), "hint", token).result(), http::status::ok) << "the phone, at another address";
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));
  EXPECT_EQ(send(table.port(), http::verb::get, "/state", "", {}, "127.0.0.9").result(), http::status::ok) << "a second later";
  // A request sent a little at a time, never finished: the connection is closed after 15 s.
  bool closed = false;
  const auto start = std::chrono::steady_clock::now();
  exchange(table.port(), "GET /state HTTP/1.1\r\nHost: x\r\n", 25, "127.0.0.10", &closed);
  const double waited = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_TRUE(closed);
  EXPECT_GE(waited, 14);
  EXPECT_LE(waited, 20);
  table.play("e4");
  EXPECT_EQ(movesOfRecord(send(table.port(), http::verb::get, "/game.pgn").body()), "1. e4 *");
}

TEST(WebPairing, OneAddressCannotTakeEveryConnection) {
  ServedTable table("chess");
  boost::asio::io_context io;
  std::vector<std::unique_ptr<tcp::socket>> idle;
  for (int i = 0; i < 20; ++i) {
    idle.push_back(std::make_unique<tcp::socket>(io));
    idle.back()->open(tcp::v4());
    idle.back()->bind(tcp::endpoint(boost::asio::ip::make_address("127.0.0.5"), 0));
    idle.back()->connect(tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), table.port()));
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  bool closed = false;
  const std::string crowded = exchange(table.port(), "GET /state HTTP/1.1\r\nHost: x\r\n\r\n", 5, "127.0.0.5", &closed);
  EXPECT_EQ(crowded, "") << "the 21st from that address is closed unanswered";
  EXPECT_TRUE(closed);
  EXPECT_EQ(send(table.port(), http::verb::get, "/state").result(), http::status::ok) << "the phone is served";
}

// --http-bind: served on 127.0.0.1, the page cannot be reached at another of this computer's
// addresses (as from the network); served on 0.0.0.0 it can. An address that is none gets a message.
TEST(WebPairing, TheServerListensOnTheAddressItIsGiven) {
  const auto reaches = [](const char* address, unsigned short port) {
    boost::asio::io_context io;
    tcp::socket socket(io);
    beast::error_code ec;
    socket.connect(tcp::endpoint(boost::asio::ip::make_address(address), port), ec);
    return !ec;
  };
  boost::asio::io_context io;
  web::Pairing pairing;
  web::WebServerOptions loopback;
  loopback.bindAddress = "127.0.0.1";
  web::WebServer local(io, loopback, web::WebBackend{}, pairing);
  EXPECT_TRUE(reaches("127.0.0.1", local.port()));
  EXPECT_FALSE(reaches("127.0.0.2", local.port()));
  web::WebServerOptions everywhere;
  everywhere.bindAddress = "0.0.0.0";
  web::WebServer all(io, everywhere, web::WebBackend{}, pairing);
  EXPECT_TRUE(reaches("127.0.0.2", all.port()));
  try {
    web::WebServerOptions elsewhere;
    elsewhere.bindAddress = "192.0.2.1";  // TEST-NET-1: no computer's own
    web::WebServer none(io, elsewhere, web::WebBackend{}, pairing);
    ADD_FAILURE() << "served on an address of no interface";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("cannot serve the web page on 192.0.2.1 port 0: "), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("no network interface of this computer has that address"), std::string::npos) << e.what();
  }
}

// While other devices connect and drop, open WebSockets they never read, and send requests a byte at
// a time, the paired phone is served every action and its commands are carried out.
TEST(WebPairing, ConnectionsDroppedAndSlowClientsLeaveTheGameServedToThePairedPhone) {
  ServedTable table("chess");
  const std::string token = pairedToken(table);
  PageSocket phone(table.port(), token);
  ASSERT_EQ(phone.access["access"]["paired"], true);
  phone.next();

  std::atomic<bool> stop{false};
  std::atomic<int> rounds{0};
  const auto troublemaker = [&](const char* from) {
    boost::asio::io_context io;
    std::vector<std::unique_ptr<websocket::stream<tcp::socket>>> unread;  // never read: their queues fill
    std::vector<std::unique_ptr<tcp::socket>> slow;                       // a request begun, never ended
    const tcp::endpoint server(boost::asio::ip::make_address("127.0.0.1"), table.port());
    const auto socketFrom = [&] {
      auto s = std::make_unique<tcp::socket>(io);
      s->open(tcp::v4());
      s->bind(tcp::endpoint(boost::asio::ip::make_address(from), 0));
      return s;
    };
    while (!stop) {
      beast::error_code ec;
      {  // connect and drop
        auto s = socketFrom();
        s->connect(server, ec);
      }
      {  // a page that opens its socket and walks out of the Wi-Fi
        auto s = socketFrom();
        s->connect(server, ec);
        websocket::stream<tcp::socket> ws(std::move(*s));
        if (!ec) ws.handshake("127.0.0.1", "/ws", ec);
        ws.next_layer().close(ec);
      }
      if (unread.size() < 6) {
        auto s = socketFrom();
        s->connect(server, ec);
        auto ws = std::make_unique<websocket::stream<tcp::socket>>(std::move(*s));
        if (!ec) ws->handshake("127.0.0.1", "/ws", ec);
        if (!ec) unread.push_back(std::move(ws));
      }
      if (slow.size() < 6) {
        auto s = socketFrom();
        s->connect(server, ec);
        if (!ec) boost::asio::write(*s, boost::asio::buffer(std::string("GET /state HTTP/1.1\r\nHo")), ec);
        if (!ec) slow.push_back(std::move(s));
      }
      ++rounds;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  };
  std::thread first(troublemaker, "127.0.0.3"), second(troublemaker, "127.0.0.4");
  struct Joined {  // also when an assertion ends the test early
    std::atomic<bool>& stop;
    std::thread& a;
    std::thread& b;
    ~Joined() {
      stop = true;
      a.join();
      b.join();
    }
  } joined{stop, first, second};

  std::string record;
  for (int i = 0; i < 16; ++i) {
    const std::string played = table.playFirstLegal();
    record = seen(table).state["movetext"];
    json m;
    for (int n = 0; n < 40; ++n) {
      m = phone.next();
      if (m.is_null() || m.value("movetext", "") == record) break;
    }
    ASSERT_FALSE(m.is_null()) << "action " << i + 1 << ": " << played << ": nothing came to the phone";
    ASSERT_EQ(m.value("movetext", ""), record) << "action " << i + 1 << ": " << played;
    if (i % 4 == 3) {
      phone.send("hint");
      for (int n = 0; n < 40; ++n) {
        m = phone.next();
        if (m.is_null() || m.contains("error") || !m.value("hints", json::array()).empty()) break;
      }
      ASSERT_FALSE(m.is_null()) << "nothing came to the phone after its hint";
      EXPECT_FALSE(m.value("hints", json::array()).empty()) << "the phone's hint is carried out: " << m;
    }
  }
  EXPECT_GT(rounds.load(), 50) << "the trouble went on throughout";
  EXPECT_EQ(command(table.port(), "hint", token).result(), http::status::ok);
  EXPECT_EQ(table.onLoop([&] { return table.actions(); }), 16);
}

}  // namespace
}  // namespace tessera::session
