// The hub's account of one board: actions taken by their number, duplicates dropped, a gap waited
// out and asked for, a takeback, an action the rules refuse, the result the board declared, and
// the hub's own copy read back after a restart. Also the round file and the broker address.
#include <gtest/gtest.h>

#include "host/hub/hub_board.hpp"
#include "host/hub/round_file.hpp"
#include "host/publish/mqtt_address.hpp"

namespace tessera::hub {
namespace {

publish::ActionMessage action(int n, const std::string& san, long clock = 1000) {
  publish::ActionMessage m;
  m.game = "g1";
  m.action = publish::PublishedAction{n, san, 500, clock};
  return m;
}

HubBoard chessBoard() {
  HubBoard b("b1");
  publish::GameHeader h;
  h.board = "b1";
  h.game = "g1";
  h.variant = "chess";
  h.timeControl = "5+3";
  h.players = {"Alice Smith", "Bob Jones"};
  EXPECT_EQ(b.takeHeader(h).missingFrom, 1);
  return b;
}

std::vector<std::string> sans(const HubBoard& b) {
  std::vector<std::string> out;
  for (const auto& a : b.current().actions) out.push_back(a.san);
  return out;
}

TEST(HubBoard, DropsDuplicatesAndWaitsOutAGap) {
  HubBoard b = chessBoard();
  EXPECT_TRUE(b.takeAction(action(1, "e4")).changed);
  EXPECT_FALSE(b.takeAction(action(1, "e4")).changed);  // sent again after a reconnection
  const auto gap = b.takeAction(action(3, "Nf3"));
  EXPECT_FALSE(gap.changed);
  EXPECT_EQ(gap.missingFrom, 2);
  const auto filled = b.takeAction(action(2, "e5"));
  EXPECT_TRUE(filled.changed);
  EXPECT_FALSE(filled.missingFrom.has_value());
  EXPECT_EQ(sans(b), (std::vector<std::string>{"e4", "e5", "Nf3"}));
  EXPECT_FALSE(b.takeAction(action(2, "e5")).changed);
}

TEST(HubBoard, ATakebackAndAnotherActionUnderTheSameNumber) {
  HubBoard b = chessBoard();
  b.takeAction(action(1, "e4"));
  b.takeAction(action(2, "e5"));
  publish::ActionMessage back;
  back.game = "g1";
  back.takebackTo = 1;
  EXPECT_TRUE(b.takeAction(back).changed);
  EXPECT_EQ(sans(b), (std::vector<std::string>{"e4"}));
  b.takeAction(action(2, "c5"));
  EXPECT_TRUE(b.takeAction(action(2, "d5")).changed);  // taken back and played otherwise
  EXPECT_EQ(sans(b), (std::vector<std::string>{"e4", "d5"}));
}

TEST(HubBoard, RefusesAnIllegalActionAndAnotherGamesMessages) {
  HubBoard b = chessBoard();
  const auto out = b.takeAction(action(1, "e5"));
  EXPECT_FALSE(out.changed);
  EXPECT_NE(out.refused.find("'e5' refused"), std::string::npos) << out.refused;
  publish::ActionMessage other = action(1, "e4");
  other.game = "g0";
  EXPECT_FALSE(b.takeAction(other).changed);
  EXPECT_TRUE(sans(b).empty());
}

TEST(HubBoard, StateAheadAsksAndADeclaredResultEndsTheRecord) {
  HubBoard b = chessBoard();
  b.takeAction(action(1, "e4", 301000));
  publish::BoardState s;
  s.game = "g1";
  s.actions = 2;
  s.result = "0-1";
  s.reason = "White resigns";
  EXPECT_EQ(b.takeState(s).missingFrom, 2);
  EXPECT_EQ(b.result().token, "*");  // not before the hub has every action
  b.takeAction(action(2, "e5", 299000));
  EXPECT_EQ(b.result().token, "0-1");
  const std::string pgn = b.pgn({{"White", "Alice Smith"}, {"Black", "Bob Jones"}});
  EXPECT_NE(pgn.find("[Variant \""), std::string::npos);
  EXPECT_NE(pgn.find("[TimeControl \"300+3\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("1. e4 {[%clk 0:05:01]} 1... e5 {[%clk 0:04:59]} 0-1"), std::string::npos) << pgn;

  HubBoard again("b1");
  again.loadStore(b.storeJson());
  EXPECT_EQ(again.pgn({{"White", "Alice Smith"}, {"Black", "Bob Jones"}}), pgn);
}

publish::BoardState stateOf(int actions, long long at) {
  publish::BoardState s;
  s.game = "g1";
  s.actions = actions;
  s.sentAt = at;
  return s;
}

TEST(HubBoard, ALaterStateCountingFewerActionsIsATakebackWhoseMessageWasLost) {
  HubBoard b = chessBoard();
  for (const auto& [n, san] : std::vector<std::pair<int, std::string>>{{1, "e4"}, {2, "e5"}, {3, "Nf3"}, {4, "Nc6"}})
    b.takeAction(action(n, san));
  b.takeState(stateOf(4, 1000));  // the board has the hub's four
  // An older state (delivered late, from the broker's queue) counting fewer changes nothing.
  b.takeState(stateOf(2, 900));
  EXPECT_EQ(sans(b).size(), 4u);
  // Later the board counts two: it took back two, and the hub never heard the takeback.
  EXPECT_TRUE(b.takeState(stateOf(2, 1500)).changed);
  EXPECT_EQ(sans(b), (std::vector<std::string>{"e4", "e5"}));
  EXPECT_EQ(b.missing(), 0);
  // It plays on: the record goes on from there.
  EXPECT_TRUE(b.takeAction(action(3, "Bc4")).changed);
  EXPECT_EQ(sans(b), (std::vector<std::string>{"e4", "e5", "Bc4"}));
  // Read back after a restart, the hub still knows the board confirmed its line.
  HubBoard again("b1");
  b.takeState(stateOf(3, 1600));
  again.loadStore(b.storeJson());
  EXPECT_TRUE(again.takeState(stateOf(1, 1700)).changed);
  EXPECT_EQ(sans(again), (std::vector<std::string>{"e4"}));
}

TEST(HubRound, ReadsPairingsAndRefusesWhatIsWrong) {
  const Round r = parseRound("# club\nevent = Club night\nround = 3\nboard b01 = Alice Smith | Bob Jones | chess | 5+3\n");
  ASSERT_EQ(r.boards.size(), 1u);
  EXPECT_EQ(r.boards[0].players, (std::vector<std::string>{"Alice Smith", "Bob Jones"}));
  EXPECT_EQ(r.round, "3");
  EXPECT_THROW(parseRound("board b01 = A | chess | 5+3\n"), std::invalid_argument);
  EXPECT_THROW(parseRound("board b 1 = A | B | chess | 5+3\n"), std::invalid_argument);
  EXPECT_THROW(parseRound("board b01 = A | B | nochess | 5+3\n"), std::invalid_argument);
  EXPECT_THROW(parseRound("board b01 = A | B | chess | soon\n"), std::invalid_argument);
  EXPECT_THROW(parseRound("colour = blue\n"), std::invalid_argument);
}

TEST(MqttAddress, ReadsHostPortPrefixAndCredentials) {
  const auto a = publish::parseMqttAddress("mqtt://b01:secret@192.168.1.10:1884/club/r3/");
  EXPECT_EQ(a.host, "192.168.1.10");
  EXPECT_EQ(a.port, 1884);
  EXPECT_EQ(a.prefix, "club/r3");
  EXPECT_EQ(a.user, "b01");
  EXPECT_EQ(a.password, "secret");
  EXPECT_EQ(publish::parseMqttAddress("mqtts://hub.local/club").port, 8883);
  EXPECT_THROW(publish::parseMqttAddress("http://hub/club"), std::invalid_argument);
  EXPECT_THROW(publish::parseMqttAddress("mqtt://hub"), std::invalid_argument);
  EXPECT_THROW(publish::parseMqttAddress("mqtt://hub:99999/club"), std::invalid_argument);
  EXPECT_THROW(publish::parseMqttAddress("mqtt://hub/club/#"), std::invalid_argument);
}

}  // namespace
}  // namespace tessera::hub
