// The table rewrites the PGN record after every change a reader of the file would miss: an
// action, a takeback, the result, a new game.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "host/session/session_commands.hpp"
#include "record_moves.hpp"
#include "served_table.hpp"
#include "session_fixture.hpp"

namespace tessera::session {
namespace {

std::string fileText(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(TableRecord, ThePgnFileFollowsActionsTakebacksTheResultAndANewGame) {
  SessionOptions o;
  o.recordPath = tempPath("table-record.pgn");
  std::filesystem::remove(o.recordPath);
  ServedTable table("chess", o);
  EXPECT_EQ(movesOfRecord(fileText(o.recordPath)), "*") << "written at the start";
  table.play("e4");
  table.play("e5");
  EXPECT_EQ(movesOfRecord(fileText(o.recordPath)), "1. e4 e5 *");
  table.onLoop([&] { return session::runCommand(table.session(), "takeback"); });
  EXPECT_EQ(movesOfRecord(fileText(o.recordPath)), "1. e4 *");
  table.onLoop([&] { return session::runCommand(table.session(), "resign"); });
  EXPECT_EQ(movesOfRecord(fileText(o.recordPath)), "1. e4 1-0") << "Black, to act, resigned";
  table.onLoop([&] { return session::runCommand(table.session(), "new"); });
  EXPECT_EQ(movesOfRecord(fileText(o.recordPath)), "*") << "the new game's record";
  for (const char* old : {"", ".previous"}) std::filesystem::remove(o.recordPath + old);
}

}  // namespace
}  // namespace tessera::session
