#pragma once
// The round's pairings, as the arbiter writes them for `tessera hub --round FILE`:
//   # a comment
//   event = Tuesday club night
//   site = Anytown Chess Club
//   date = 2026.12.08
//   round = 3
//   board b01 = Alice Smith | Bob Jones | chess | 5+3
//   board b02 = Carol Diaz | Dan Wu | shifting-sands | none
// A board line: the board's name (its topic and broker user), then the players by side (two, or
// four for a four-player variant), the variant and the time control. The hub pushes the names to
// each board, so that the board's own record carries them, and lists the boards in this order.
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace tessera::hub {

struct RoundBoard {
  std::string name;
  std::vector<std::string> players;
  std::string variant;
  std::string timeControl;
};

struct Round {
  std::string event, site, date, round;
  std::vector<RoundBoard> boards;
  const RoundBoard* board(const std::string& name) const;
};

// Throws std::invalid_argument naming the line and what is wrong with it.
Round parseRound(const std::string& text);
// Throws std::invalid_argument (the file cannot be read, or its text as parseRound).
Round readRoundFile(const std::string& path);

}  // namespace tessera::hub
