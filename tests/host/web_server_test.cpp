// The web page as a phone at the table uses it, through a real HTTP and WebSocket client
// (Boost.Beast): the page and its board image, live state pushed on every action, the buttons.
#include <gtest/gtest.h>

#include <unistd.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <filesystem>
#include <algorithm>
#include <fstream>
#include <future>
#include <set>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>

#include "core/referee/sensor_view.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/movegen.hpp"
#include "host/views/display/board_layout_px.hpp"
#include "host/session/action_text.hpp"
#include "host/table/table.hpp"
#include "host/web/state_json.hpp"
#include "record_moves.hpp"
#include "served_table.hpp"
#include "session_fixture.hpp"
#include "web_client.hpp"

namespace tessera::session {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = boost::asio::ip::tcp;
using nlohmann::json;

// What the page reads: JSON text, parsed as the browser parses it.
json stateOf(RefereeSession& session) { return json::parse(web::stateJson(session)); }

// `token`: a paired device's, sent as a program sends it ("Authorization: Bearer").
Response request(unsigned short port, http::verb verb, const std::string& target, const std::string& body = "",
                 const std::string& token = "") {
  return send(port, verb, target, body, bearer(token));
}

TEST(WebPage, ServesThePageTheBoardImageAndTheRecord) {
  ServedTable table("chess");
  const std::string token = pairedToken(table);
  const auto page = request(table.port(), http::verb::get, "/");
  EXPECT_EQ(page.result(), http::status::ok);
  EXPECT_NE(page.body().find("<html"), std::string::npos);
  EXPECT_NE(request(table.port(), http::verb::get, "/page.js").body().find("new WebSocket"), std::string::npos);
  for (const char* file : {"/", "/page.js", "/page.css", "/pairing.js", "/pairing.css"})
    for (const char* external : {"src=\"http", "href=\"http", "@import", "cdn", "url("})
      EXPECT_EQ(request(table.port(), http::verb::get, file).body().find(external), std::string::npos)
          << "no external assets: " << external << " in " << file;
  for (const char* button : {"hint", "takeback", "confirm", "new", "resign", "draw", "game.pgn"})
    EXPECT_NE(page.body().find(button), std::string::npos) << button;

  table.play("e4");
  const auto png = request(table.port(), http::verb::get, "/board.png");
  EXPECT_EQ(png[http::field::content_type], "image/png");
  const std::vector<unsigned char> bytes(png.body().begin(), png.body().end());
  const cv::Mat board = cv::imdecode(bytes, cv::IMREAD_COLOR);
  ASSERT_FALSE(board.empty());
  EXPECT_GT(board.cols, 400);

  const auto pgn = request(table.port(), http::verb::get, "/game.pgn");
  EXPECT_EQ(movesOfRecord(pgn.body()), "1. e4 *") << pgn.body();
  EXPECT_NE(pgn.body().find("1. e4 {[%emt "), std::string::npos) << "the thinking time: " << pgn.body();
  EXPECT_NE(std::string(pgn[http::field::content_disposition]).find("attachment"), std::string::npos);
  // The board changes with every action: no page, image, state or record is kept by a cache.
  for (const char* target : {"/", "/page.js", "/state", "/board.png", "/game.pgn"}) {
    const auto reply = request(table.port(), http::verb::get, target);
    EXPECT_EQ(reply[http::field::cache_control], "no-store") << target;
    EXPECT_EQ(reply[http::field::server], "tessera") << target;
  }
  EXPECT_EQ(request(table.port(), http::verb::get, "/nothing-here").result(), http::status::not_found);
  EXPECT_EQ(request(table.port(), http::verb::post, "/command", "fly", token).result(), http::status::bad_request);
  // A choice number below 1 (the lowest int among them, whose index would overflow) is refused.
  for (const char* bad : {"choose", "choose x", "choose 0", "choose -2147483648"}) {
    const auto reply = request(table.port(), http::verb::post, "/command", bad, token);
    EXPECT_EQ(reply.result(), http::status::bad_request) << bad;
    EXPECT_NE(reply.body().find("choose needs the number of a choice, from 1"), std::string::npos) << bad << ": " << reply.body();
  }
}

// The page is built from host/web/page/ (embed_page.cmake): each of its files is served as it is
// there, index.html at /, and index.html links the others (no inline script or style, which the
// Content-Security-Policy forbids).
TEST(WebPage, ServesThePageAsItsSourceFilesSay) {
  const auto read = [](const std::string& name) {
    std::ifstream in(std::string(TESSERA_SOURCE_DIR) + "/host/web/page/" + name, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  };
  ServedTable table("chess");
  const auto page = request(table.port(), http::verb::get, "/");
  EXPECT_EQ(page[http::field::content_type], "text/html; charset=utf-8");
  EXPECT_EQ(page.body(), read("index.html"));
  EXPECT_EQ(page.body().find("<style"), std::string::npos);
  EXPECT_EQ(page.body().find("<script>"), std::string::npos);
  EXPECT_EQ(page.body().find(" style="), std::string::npos);
  EXPECT_EQ(page.body().find(" onclick="), std::string::npos);
  for (const std::string name : {"page.css", "pairing.css", "page.js", "pairing.js"}) {
    const std::string source = read(name);
    ASSERT_FALSE(source.empty()) << name;
    const auto served = request(table.port(), http::verb::get, "/" + name);
    EXPECT_EQ(served.result(), http::status::ok) << name;
    EXPECT_EQ(served.body(), source) << name;
    EXPECT_EQ(served[http::field::content_type],
              name.ends_with(".css") ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8")
        << name;
    EXPECT_NE(page.body().find("\"" + name + "\""), std::string::npos) << "index.html links " << name;
  }
  EXPECT_EQ(request(table.port(), http::verb::get, "/embed_page.cmake").result(), http::status::not_found);
  EXPECT_EQ(request(table.port(), http::verb::get, "/../CMakeLists.txt").result(), http::status::not_found);
}

TEST(WebPage, PushesEveryActionLiveAndTakesTheButtons) {
  ServedTable table("chess");
  PageSocket page(table.port(), pairedToken(table));
  EXPECT_EQ(page.access, json::parse(R"({"access":{"paired":true,"readOnly":false}})"));
  EXPECT_EQ(page.next()["movetext"], "");
  table.play("e4");
  EXPECT_FALSE(page.until("movetext", "1. e4").is_null());
  table.play("e5");
  EXPECT_FALSE(page.until("movetext", "1. e4 e5").is_null());
  page.send("hint");
  EXPECT_FALSE(page.until("thinking", true).is_null()) << "the page says the engine is at work";
  const json hinted = page.untilOne("hints", [](const json& hints) { return !hints.empty(); });
  ASSERT_FALSE(hinted.is_null()) << "a hint lists the engine's actions";
  for (const auto& hint : hinted["hints"]) EXPECT_EQ(hint.get<std::string>().rfind("2. ", 0), 0u) << hinted["hints"];
  page.send("takeback");
  EXPECT_FALSE(page.until("movetext", "1. e4").is_null());
  page.send("resign");
  const json resigned = page.untilOne("result", [](const json& r) { return r != ""; });
  EXPECT_EQ(resigned["result"], "1-0 Black resigns");
  page.send("new");
  EXPECT_FALSE(page.until("movetext", "").is_null());
}

TEST(WebPage, ACommandThatCannotBeCarriedOutIsAnsweredToItsPageAlone) {
  ServedTable table("chess");
  PageSocket page(table.port(), pairedToken(table));
  PageSocket other(table.port(), pairedToken(table));
  page.next();
  other.next();
  const auto anError = [](const json&) { return true; };
  page.send("fly");
  EXPECT_EQ(page.untilOne("error", anError), json::parse(R"({"error":"unknown command 'fly'"})"));
  page.send("show \"k9\"");
  EXPECT_EQ(page.untilOne("error", anError), json::parse(R"({"error":"show needs a square of the board, such as e2, got '\"k9\"'"})"))
      << "the page's own text is quoted as JSON";
  page.ws.binary(true);
  page.send("resign");
  page.ws.text(true);
  EXPECT_EQ(page.untilOne("error", anError), json::parse(R"({"error":"commands are text messages, such as 'hint'"})"));
  // None of it touched the game, and the other page heard none of it.
  table.play("e4");
  EXPECT_FALSE(page.until("movetext", "1. e4").is_null());
  for (int i = 0; i < 20; ++i) {
    const json m = other.next();
    EXPECT_FALSE(m.contains("error")) << m;
    if (m.is_null() || m["movetext"] == "1. e4") break;
  }
  EXPECT_EQ(movesOfRecord(request(table.port(), http::verb::get, "/game.pgn").body()), "1. e4 *");
}

// Text that is no UTF-8 does not break the page's JSON: it goes out with U+FFFD in place of each
// bad byte (the page shows the rest) rather than being refused (the page would lose the game).
TEST(WebPage, TextThatIsNoUtf8ReachesThePageReplacedNotBroken) {
  // A variant file written in Latin-1: its title's "é" is one byte, 0xE9.
  const std::vector<Variant> variants =
      parseVariantText(std::string(builtinVariantText()) + "[cafe : chess]\ntitle = Caf\xe9 chess\n", "latin1.variants");
  EventBus bus;
  RefereeSession session(variants.back(), {}, bus);
  session.start();
  EXPECT_EQ(stateOf(session)["variant"], "Caf\uFFFD chess");

  // A word too many after a command is quoted cut at 60 bytes, here inside a letter of two.
  ServedTable table("chess");
  PageSocket page(table.port(), pairedToken(table));
  page.next();
  page.send("hint " + std::string(59, 'a') + "\u00e9");
  const json refused = page.untilOne("error", [](const json&) { return true; });
  EXPECT_EQ(refused["error"], "'hint' takes no word '" + std::string(59, 'a') + "\uFFFD'");
  table.play("e4");
  EXPECT_FALSE(page.until("movetext", "1. e4").is_null()) << "the page is still served";
}

TEST(WebPage, ATapOnTheBoardAsksWhereAPieceCanGo) {
  ServedTable table("chess");
  const std::string token = pairedToken(table);
  const auto shown = request(table.port(), http::verb::post, "/command", "show g1", token);
  EXPECT_EQ(shown.result(), http::status::ok);
  EXPECT_EQ(json::parse(shown.body())["message"], "White from g1: Nf3, Nh3") << shown.body();
  const auto bad = request(table.port(), http::verb::post, "/command", "show k4", token);
  EXPECT_EQ(bad.result(), http::status::bad_request);
  EXPECT_EQ(bad.body(), "show needs a square of the board, such as e2, got 'k4'\n");
  // The page draws the board from the state: the Knight on g1 and its two destinations.
  const json board = json::parse(request(table.port(), http::verb::get, "/state").body())["board"];
  const json knight = json::parse(R"([6,0,"N","#fafafa","#141414",4,0])");  // type 4, side 0
  EXPECT_NE(std::find(board["pieces"].begin(), board["pieces"].end(), knight), board["pieces"].end()) << board["pieces"];
  std::vector<std::vector<int>> targets = board["targets"].get<std::vector<std::vector<int>>>();
  std::sort(targets.begin(), targets.end());
  EXPECT_EQ(targets, (std::vector<std::vector<int>>{{5, 2}, {7, 2}})) << "f3 and h3: " << board["targets"];
  // The display's image is still served, in its own size.
  const auto png = request(table.port(), http::verb::get, "/board.png");
  const cv::Mat image = cv::imdecode(std::vector<unsigned char>(png.body().begin(), png.body().end()), cv::IMREAD_COLOR);
  EXPECT_EQ(image.size(), display::fitLayout({8, 8}).imageSize());
}

TEST(WebPage, TheBoardIsSentAsDataInTheDisplaysColours) {
  SessionFixture chess("chess");
  chess.play("e4");
  const json board = stateOf(chess.session)["board"];
  EXPECT_EQ(board["files"], 8);
  EXPECT_EQ(board["ranks"], 8);
  ASSERT_EQ(board["cells"].size(), 64u) << board["cells"];
  EXPECT_EQ(board["cells"][0], "#b58863") << "a1 first, dark, in the display's colour (BGR 99,136,181)";
  EXPECT_EQ(board["last"], json::parse("[[4,1],[4,3]]")) << "e2 and e4 framed";
  const auto hasPiece = [&](const char* piece) {
    const json p = json::parse(piece);
    return std::find(board["pieces"].begin(), board["pieces"].end(), p) != board["pieces"].end();
  };
  EXPECT_TRUE(hasPiece(R"([4,3,"P","#fafafa","#141414",5,0])")) << board["pieces"];
  EXPECT_TRUE(hasPiece(R"([4,7,"K","#191919","#f5f5f5",0,1])")) << "Black's King" << board["pieces"];
  // Each type's figurine, the same paths the display fills (figurines.hpp).
  ASSERT_EQ(board["glyphs"].size(), 6u);
  EXPECT_EQ(board["glyphs"][4]["design"], "knight");
  EXPECT_EQ(board["glyphs"][4]["layers"][0][0], "body");
  EXPECT_EQ(board["glyphs"][4]["layers"][0][1].get<std::string>().rfind("M", 0), 0u);
  EXPECT_EQ(board["colours"]["background"], "#282828");
  EXPECT_EQ(board["colours"]["last"], "#ffc800");
  chess.session.hint();
  EXPECT_FALSE(stateOf(chess.session)["board"]["arrows"].empty()) << "the hint's arrows";

  // Terrain: an Anti-Tile is crossed; sectors are outlined; four sides have four piece colours.
  SessionFixture tiled("tiled-squares");
  tiled.play("X@c3");
  EXPECT_EQ(stateOf(tiled.session)["board"]["cross"], json::parse("[[2,2]]"));
  SessionFixture sectors("shifting-chess");
  EXPECT_EQ(stateOf(sectors.session)["board"]["sectors"][0], json::parse("[0,0,1,1]"));
  SessionFixture four("chameleon-redux-4p");
  const json fourState = stateOf(four.session);
  std::set<std::string> fills;
  for (const json& piece : fourState["board"]["pieces"]) fills.insert(piece[3].get<std::string>());
  EXPECT_EQ(fills, (std::set<std::string>{"#fafafa", "#1e1e1e", "#c83c3c", "#2878c8"}));
}

// Every field the page reads, in a game against the engine with the engine's action to carry out.
TEST(WebPage, TheStateNamesWhatThePageShows) {
  SessionFixture f("chess", againstTheEngine());
  f.play("e4");
  ASSERT_TRUE(f.session.engineAction().has_value());
  const std::string engine = numberedSan(f.session.game().position(), *f.session.engineAction());
  json state = stateOf(f.session);
  const std::string clock = state["clock"];
  EXPECT_EQ(clock.rfind("White 0:0", 0), 0u) << clock;
  EXPECT_NE(clock.find("  Black 0:0"), std::string::npos) << clock;
  EXPECT_EQ(state["board"]["files"], 8);
  // What stands around the board (board_json.hpp's viewJson), from the scene the display draws.
  EXPECT_EQ(state["view"]["record"], json::parse(R"([[1,0,"e4"]])"));
  EXPECT_EQ(state["view"]["sides"][1]["toAct"], true);
  EXPECT_EQ(state["view"]["message"], state["message"]);
  state.erase("clock");
  state.erase("board");
  state.erase("view");
  EXPECT_EQ(state, (json{{"revision", f.session.revision()},
                         {"variant", "Orthodox chess"},
                         {"mode", "engine"},
                         {"toMove", "Black"},
                         {"engineSide", "Black"},
                         {"resigns", "White"},
                         {"position", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
                         {"message", "the engine plays " + engine + ": carry it out on the board"},
                         {"result", ""},
                         {"actions", 1},
                         {"movetext", "1. e4"},
                         {"choices", json::array()},
                         {"proposed", 0},
                         {"engine", engine},
                         {"unexpected", false},
                         {"hints", json::array()},
                         {"thinking", false}}))
      << "every field, and no other";

  // An action the engine did not choose is carried out instead: the page says so.
  MoveList legal;
  generateLegal(f.session.game().position(), legal);
  const auto other = std::find_if(legal.begin(), legal.end(), [&](const Move& m) { return m != *f.session.engineAction(); });
  ASSERT_NE(other, legal.end());
  f.play(san(f.session.game().position(), *other));
  EXPECT_EQ(stateOf(f.session)["unexpected"], true);
}

TEST(WebPage, TheRecordIsNumberedByRoundsOfEveryoneActing) {
  // Four players: one number per round of four actions, as in the PGN.
  SessionFixture f("chameleon-redux-4p");
  for (int i = 0; i < 5; ++i) {
    Position pos = f.session.game().position();
    MoveList moves;
    generateLegal(pos, moves);
    f.play(san(pos, moves[0]));
  }
  ASSERT_EQ(f.session.game().actions().size(), 5u);
  const std::vector<std::string> record = recordSan(f.session.game());
  const std::string expected = "1. " + record[0] + " " + record[1] + " " + record[2] + " " + record[3] + " 2. " + record[4];
  EXPECT_EQ(stateOf(f.session)["movetext"], expected);
  EXPECT_EQ(stateOf(f.session)["actions"], 5) << "the page counts the actions played";
  // Black to act first in a set-up position.
  SessionOptions o;
  o.startPosition = "4k3/8/8/8/8/8/8/4K2R b K - 0 30";
  SessionFixture black("chess", o);
  black.play("Kd7");
  black.play("O-O");
  EXPECT_EQ(stateOf(black.session)["movetext"], "30... Kd7 31. O-O");
}

TEST(WebPage, AnswersAPromotionChoiceFromThePage) {
  SessionOptions o;
  o.startPosition = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
  ServedTable table("chess", o);
  PageSocket page(table.port(), pairedToken(table));
  page.next();
  table.play("a8=Q");
  const json asked = page.untilOne("choices", [](const json& choices) { return !choices.empty(); });
  ASSERT_FALSE(asked.is_null());
  const std::string choices = asked["choices"].dump();
  EXPECT_NE(choices.find("1. a8=N"), std::string::npos) << choices;
  page.send("confirm");  // the proposed Queen
  EXPECT_FALSE(page.until("movetext", "1. a8=Q+").is_null());
}

// Mended 2026-11-29: Take back after a Resign tapped by mistake withdraws the resignation alone;
// the page offers Resign and Draw again and the record written (--pgn) no longer carries the result.
TEST(WebPage, TakebackWithdrawsAResignationFromThePageAndTheRecord) {
  const std::string record =
      (std::filesystem::temp_directory_path() / ("withdrawn-" + std::to_string(::getpid()) + ".pgn")).string();
  std::filesystem::remove(record);
  SessionOptions o;
  o.recordPath = record;
  ServedTable table("chess", o);
  const auto written = [&] {
    table.onLoop([] { return 0; });  // the record is written on the loop, after the state is sent
    std::ifstream in(record);
    return movesOfRecord(std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>()));
  };
  PageSocket page(table.port(), pairedToken(table));
  page.next();
  table.play("e4");
  EXPECT_FALSE(page.until("movetext", "1. e4").is_null());
  page.send("resign");
  const json resigned = page.until("result", "1-0 Black resigns");
  EXPECT_EQ(resigned["resigns"], "") << "no Resign once the game is over";
  EXPECT_EQ(written(), "1. e4 1-0");
  page.send("takeback");
  const json goingOn = page.until("result", "");
  EXPECT_EQ(goingOn["resigns"], "Black") << "Resign and Draw are back";
  EXPECT_EQ(goingOn["movetext"], "1. e4");
  EXPECT_EQ(written(), "1. e4 *");
  std::filesystem::remove(record);
}

// Raw bytes to the web port; the reply read until the server closes the connection, or for at most
// ten seconds, so that a server that keeps it open fails the test instead of holding it.
std::string rawExchange(unsigned short port, const std::string& bytes) {
  boost::asio::io_context io;
  tcp::socket socket(io);
  socket.connect(tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port));
  boost::asio::write(socket, boost::asio::buffer(bytes));
  std::string reply;
  bool closed = false;
  boost::asio::async_read(socket, boost::asio::dynamic_buffer(reply), [&](beast::error_code ec, std::size_t) {
    closed = ec == boost::asio::error::eof;
  });
  io.run_for(std::chrono::seconds(10));
  if (!io.stopped()) {
    socket.cancel();
    io.run();
  }
  if (!closed) ADD_FAILURE() << "the server did not close the connection within 10 s";
  return reply;
}

// Audit 2026-11-28 (evening): a port already taken was reported as "bind: Address already in use".
TEST(WebPage, APortAlreadyTakenIsNamedWithWhatToDo) {
  ServedTable table("chess");
  boost::asio::io_context io;
  try {
    web::Pairing pairing;
    web::WebServerOptions options;
    options.port = table.port();
    web::WebServer second(io, options, web::WebBackend{}, pairing);
    FAIL() << "a second server on the same port";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("cannot serve the web page on port " + std::to_string(table.port()) + ": "),
              std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("choose another with --http"), std::string::npos) << e.what();
  }
}

// Restarted at once (after a crash, say), the program serves the page on the same port again,
// though the last connection it closed still lingers in the kernel (TIME_WAIT).
TEST(WebPage, ARestartedProgramHasItsPortBackAtOnce) {
  unsigned short port = 0;
  {
    ServedTable table("chess");
    port = table.port();
    const std::string page = rawExchange(port, "GET /state HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    ASSERT_EQ(page.rfind("HTTP/1.1 200 OK\r\n", 0), 0u) << page;  // the server closed it first
  }
  boost::asio::io_context io;
  web::Pairing pairing;
  web::WebServerOptions options;
  options.bindAddress = "127.0.0.1";
  options.port = port;
  EXPECT_NO_THROW(web::WebServer again(io, options, web::WebBackend{}, pairing));
}

TEST(WebPage, BytesThatAreNoHttpRequestGetAPlainRefusalAndTheGameGoesOn) {
  ServedTable table("chess");
  table.play("e4");
  const std::string garbage = rawExchange(table.port(), "\x01\x02GARBAGE \xff\r\n\r\n");
  EXPECT_EQ(garbage.rfind("HTTP/1.1 400 Bad Request\r\n", 0), 0u) << garbage;
  EXPECT_NE(garbage.find("not an HTTP request tessera can read: "), std::string::npos) << garbage;
  EXPECT_NE(garbage.find("\r\nConnection: close\r\n"), std::string::npos) << "the connection ends: " << garbage;
  // A header far larger than any browser sends.
  const std::string huge = rawExchange(table.port(), "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(20000, 'a') + "\r\n\r\n");
  EXPECT_EQ(huge.rfind("HTTP/1.1 400 Bad Request\r\n", 0), 0u) << huge.substr(0, 200);
  EXPECT_NE(huge.find("header limit"), std::string::npos) << huge.substr(0, 400);
  // The game and the server go on.
  table.play("e5");
  EXPECT_EQ(movesOfRecord(request(table.port(), http::verb::get, "/game.pgn").body()), "1. e4 e5 *");
}

TEST(WebPage, ABrowserDroppingItsConnectionLeavesTheGameGoingOn) {
  ServedTable table("chess");
  for (int i = 0; i < 5; ++i) {
    PageSocket page(table.port());
    page.next();
    page.ws.next_layer().close();  // the phone walks out of the Wi-Fi
  }
  table.play("d4");
  PageSocket page(table.port());
  EXPECT_EQ(page.next()["movetext"], "1. d4");
  table.play("d5");
  EXPECT_FALSE(page.until("movetext", "1. d4 d5").is_null());
  EXPECT_EQ(table.connectedPages(), 1);
}

// A page that leaves takes only itself off the list: the page still open goes on getting the game.
TEST(WebPage, APageLeavingLeavesTheOtherPagesServed) {
  ServedTable table("chess");
  PageSocket staying(table.port());
  staying.next();
  {
    PageSocket leaving(table.port());
    leaving.next();
    EXPECT_EQ(table.connectedPages(), 2);
    leaving.ws.close(websocket::close_code::going_away);
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (table.connectedPages() != 1 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(table.connectedPages(), 1);
  table.play("e4");
  EXPECT_FALSE(staying.until("movetext", "1. e4").is_null());
}

// Found by an audit (2026-11-28): HEAD got a body, which the next response on the connection then
// followed, and PUT or HEAD on a page that exists got "not found".
TEST(WebPage, HeadGetsHeadersAloneAndAWrongMethodIsNamed) {
  ServedTable table("chess");
  table.play("e4");
  const std::string both = rawExchange(table.port(), "HEAD /state HTTP/1.1\r\nHost: x\r\n\r\n"
                                                     "GET /game.pgn HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  const std::size_t second = both.find("HTTP/1.1", 1);
  ASSERT_NE(second, std::string::npos) << both;
  EXPECT_EQ(both.rfind("HTTP/1.1 200 OK\r\n", 0), 0u) << both;
  EXPECT_EQ(both.substr(both.find("\r\n\r\n") + 4, second - both.find("\r\n\r\n") - 4), "") << "HEAD has no body";
  EXPECT_EQ(both.compare(second, 17, "HTTP/1.1 200 OK\r\n"), 0) << both;
  EXPECT_EQ(movesOfRecord(both.substr(both.find("\r\n\r\n", second) + 4)), "1. e4 *") << both;
  for (const char* target : {"/", "/index.html", "/state", "/board.png", "/game.pgn"}) {
    const auto put = request(table.port(), http::verb::put, target);
    EXPECT_EQ(put.result(), http::status::method_not_allowed) << target;
    EXPECT_EQ(put[http::field::allow], "GET, HEAD") << target;
  }
  const auto get = request(table.port(), http::verb::get, "/command");
  EXPECT_EQ(get.result(), http::status::method_not_allowed);
  EXPECT_EQ(get[http::field::allow], "POST");
  EXPECT_EQ(request(table.port(), http::verb::get, "/nothing").result(), http::status::not_found);
}

// Found by the same audit: any page opened on the phone could resign the game with a POST from
// its own site, or open the WebSocket; and the WebSocket opened at any path.
TEST(WebPage, CommandsComeOnlyFromTheGamesOwnPage) {
  ServedTable table("chess");
  const std::string bearer = "Authorization: Bearer " + pairedToken(table) + "\r\n";
  table.play("e4");
  const std::string crossSite = rawExchange(table.port(), "POST /command HTTP/1.1\r\nHost: 127.0.0.1\r\n" + bearer +
                                                          "Origin: http://evil.example\r\nContent-Type: text/plain\r\n"
                                                          "Content-Length: 6\r\nConnection: close\r\n\r\nresign");
  EXPECT_EQ(crossSite.rfind("HTTP/1.1 403 Forbidden\r\n", 0), 0u) << crossSite;
  const std::string socket = rawExchange(table.port(), "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://evil.example\r\n"
                                                       "Upgrade: websocket\r\nConnection: Upgrade, close\r\nSec-WebSocket-Version: 13\r\n"
                                                       "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n");
  EXPECT_EQ(socket.rfind("HTTP/1.1 403 Forbidden\r\n", 0), 0u) << socket;
  const std::string elsewhere = rawExchange(table.port(), "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                                                          "Connection: Upgrade, close\r\nSec-WebSocket-Version: 13\r\n"
                                                          "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n");
  EXPECT_EQ(elsewhere.rfind("HTTP/1.1 404 Not Found\r\n", 0), 0u) << elsewhere;
  EXPECT_EQ(table.resultToken(), "*") << "nobody resigned";
  // Each request on a connection is read afresh: the Origin of one does not stay for the next.
  const std::string twoOnOne = rawExchange(table.port(), "GET /state HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://evil.example\r\n\r\n"
                                                         "POST /command HTTP/1.1\r\nHost: 127.0.0.1\r\n" + bearer + "Content-Length: 4\r\n"
                                                         "Connection: close\r\n\r\nhint");
  const std::size_t second = twoOnOne.find("HTTP/1.1", 1);
  ASSERT_NE(second, std::string::npos) << twoOnOne;
  EXPECT_EQ(twoOnOne.compare(second, 17, "HTTP/1.1 200 OK\r\n"), 0) << twoOnOne;
  // The page's own origin is let through, as a program that names none.
  const std::string own = rawExchange(table.port(), "POST /command HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(table.port()) +
                                                    "\r\n" + bearer + "Origin: http://127.0.0.1:" + std::to_string(table.port()) +
                                                    "\r\nContent-Length: 6\r\nConnection: close\r\n\r\nresign");
  EXPECT_EQ(own.rfind("HTTP/1.1 200 OK\r\n", 0), 0u) << own;
  EXPECT_EQ(table.resultToken(), "1-0") << "Black, to act, resigned";
}

// Found by the same audit: idle connections without end took the file descriptors the camera and
// the journal need, and the server then spun on its failing accept. Past the cap they are closed.
TEST(WebPage, IdleConnectionsPastTheCapAreClosedAndThePageComesBackAfter) {
  ServedTable table("chess");
  boost::asio::io_context io;
  std::vector<std::unique_ptr<tcp::socket>> idle;
  for (int i = 0; i < web::WebServer::kMaxConnections; ++i) {
    idle.push_back(std::make_unique<tcp::socket>(io));
    idle.back()->connect(tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), table.port()));
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the server takes them all in
  {
    tcp::socket extra(io);
    extra.connect(tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), table.port()));
    beast::error_code ec;
    boost::asio::write(extra, boost::asio::buffer(std::string("GET /state HTTP/1.1\r\nHost: x\r\n\r\n")), ec);
    std::string reply;
    boost::asio::read(extra, boost::asio::dynamic_buffer(reply), ec);  // returns when the server closes
    EXPECT_EQ(reply, "") << "closed at once, unanswered";
    EXPECT_TRUE(ec == boost::asio::error::eof || ec == boost::asio::error::connection_reset) << ec.message();
  }
  table.play("e4");
  idle.clear();
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(movesOfRecord(request(table.port(), http::verb::get, "/game.pgn").body()), "1. e4 *");
}

}  // namespace
}  // namespace tessera::session
