// The page's review searched beside the table's event loop (web/background_review.hpp), through
// real HTTP and WebSocket clients: while the positions are evaluated the page, the state and the
// WebSocket are answered and the referee goes on; asking again begins no second search; a game
// changed meanwhile gets its own review, and the review that comes is the game's.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include <nlohmann/json.hpp>

#include "host/web/review_json.hpp"
#include "served_table.hpp"
#include "session_fixture.hpp"
#include "web_client.hpp"

namespace tessera::session {
namespace {

namespace http = boost::beast::http;
using nlohmann::json;

// Enough nodes a position that the review takes a few seconds on this machine (and longer on a
// slower one), while the test asks the table for everything else.
constexpr std::int64_t kSlowReviewNodes = 400'000;

json reviewOf(ServedTable& table) {
  const Response res = send(table.port(), http::verb::get, "/review.json");
  EXPECT_EQ(res.result(), http::status::ok) << res.body();
  return json::parse(res.body());
}

TEST(WebReview, IsSearchedBesideTheLoopWhichGoesOnServingAndAChangedGameGetsItsOwn) {
  table::TableOptions options;
  options.reviewNodesPerPosition = kSlowReviewNodes;
  ServedTable table("chess", options);
  const std::string token = pairedToken(table);
  // White leaves its Queen to be taken.
  for (const char* san : {"e4", "e5", "Qh5", "Nc6", "Qxf7+", "Kxf7"}) table.play(san);

  const json asked = reviewOf(table);
  ASSERT_EQ(asked.value("ready", true), false) << asked;
  EXPECT_EQ(asked["positions"], 7) << "the start and six actions";
  EXPECT_LT(asked["evaluated"].get<int>(), 7);

  // While the review is searched, the page, the state and the WebSocket are answered, and a
  // command reaches the referee.
  const Response page = send(table.port(), http::verb::get, "/");
  EXPECT_EQ(page.result(), http::status::ok);
  EXPECT_NE(page.body().find("<html"), std::string::npos);
  const json state = json::parse(send(table.port(), http::verb::get, "/state").body());
  EXPECT_EQ(state["movetext"], "1. e4 e5 2. Qh5 Nc6 3. Qxf7+ Kxf7");
  PageSocket socket(table.port(), token);
  EXPECT_EQ(socket.access["access"]["paired"], true);
  EXPECT_EQ(socket.next()["movetext"], "1. e4 e5 2. Qh5 Nc6 3. Qxf7+ Kxf7");
  socket.send("show g1");
  const json shown = socket.untilOne("message", [](const json& m) { return m.get<std::string>().starts_with("White from g1: "); });
  EXPECT_FALSE(shown.is_null()) << "the tapped Knight's actions are shown";

  const json again = reviewOf(table);
  EXPECT_EQ(again.value("ready", true), false) << "all of that was answered while the review was searched";
  EXPECT_EQ(table.review().reviewsBegun(), 1) << "asking again begins no second search";

  // The game changes meanwhile: its review is begun, and it is that game's that comes.
  table.play("Nf3");
  const json changed = reviewOf(table);
  EXPECT_EQ(changed.value("ready", true), false);
  EXPECT_EQ(changed["positions"], 8);
  EXPECT_EQ(table.review().reviewsBegun(), 2);
  json review = json::object();
  for (int i = 0; i < 600 && !review.value("ready", false); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    review = reviewOf(table);
  }
  ASSERT_TRUE(review.value("ready", false)) << "no review within two minutes: " << review.value("evaluated", -1);
  EXPECT_EQ(table.review().reviewsBegun(), 2);
  ASSERT_EQ(review["positions"].size(), 8u);
  EXPECT_EQ(review["positions"][7]["san"], "Nf3");
  EXPECT_LT(review["positions"][6]["evaluation"].get<int>(), -300) << "Black a Queen up for a Pawn";
  EXPECT_GT(review["positions"][4]["evaluation"].get<int>(), -150) << "before the Queen is given";
  ASSERT_FALSE(review["swings"].empty());
  const int biggest = review["swings"][0];
  EXPECT_TRUE(biggest == 5 || biggest == 6) << review["swings"];
  // The same as a review searched on the spot, position after position as the table's did.
  SessionFixture same("chess");
  for (const char* san : {"e4", "e5", "Qh5", "Nc6", "Qxf7+", "Kxf7", "Nf3"}) same.play(san);
  web::GameReviewer onTheSpot(kSlowReviewNodes);
  EXPECT_TRUE(review == json::parse(onTheSpot.reviewJson(same.session.game())));
  // Asked once more, the finished review is given at once, no search begun.
  EXPECT_TRUE(reviewOf(table) == review);
  EXPECT_EQ(table.review().reviewsBegun(), 2);
}

}  // namespace
}  // namespace tessera::session
