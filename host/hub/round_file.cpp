#include "host/hub/round_file.hpp"

#include <fstream>
#include <set>
#include <sstream>

#include "core/rules/variant.hpp"
#include "host/publish/mqtt_address.hpp"
#include "host/session/game_clock.hpp"

namespace tessera::hub {

namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(s);
  while (std::getline(in, part, sep)) parts.push_back(trim(part));
  if (!s.empty() && s.back() == sep) parts.push_back("");
  return parts;
}

}  // namespace

const RoundBoard* Round::board(const std::string& name) const {
  for (const auto& b : boards)
    if (b.name == name) return &b;
  return nullptr;
}

Round parseRound(const std::string& text) {
  Round round;
  std::istringstream in(text);
  std::string raw;
  int lineNumber = 0;
  std::set<std::string> names;
  while (std::getline(in, raw)) {
    ++lineNumber;
    const std::string line = trim(raw);
    if (line.empty() || line[0] == '#') continue;
    const auto where = "round file line " + std::to_string(lineNumber) + ": ";
    const auto eq = line.find('=');
    if (eq == std::string::npos) throw std::invalid_argument(where + "expected NAME = VALUE, not '" + line + "'");
    const std::string key = trim(line.substr(0, eq));
    const std::string value = trim(line.substr(eq + 1));
    if (key == "event") round.event = value;
    else if (key == "site") round.site = value;
    else if (key == "date") round.date = value;
    else if (key == "round") round.round = value;
    else if (key.rfind("board ", 0) == 0) {
      RoundBoard b;
      b.name = trim(key.substr(6));
      try {
        publish::checkBoardName(b.name);
      } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(where + e.what());
      }
      if (!names.insert(b.name).second) throw std::invalid_argument(where + "board " + b.name + " is paired twice");
      const auto fields = split(value, '|');
      if (fields.size() < 4)
        throw std::invalid_argument(where + "a board is 'board NAME = PLAYER | PLAYER | VARIANT | TIME-CONTROL'");
      b.players.assign(fields.begin(), fields.end() - 2);
      b.variant = fields[fields.size() - 2];
      b.timeControl = fields.back();
      int sides = 0;
      try {
        sides = builtinVariant(b.variant).sides;
      } catch (const std::exception&) {
        throw std::invalid_argument(where + "no variant named '" + b.variant + "' (tessera variants lists them)");
      }
      if (static_cast<int>(b.players.size()) != sides)
        throw std::invalid_argument(where + b.variant + " has " + std::to_string(sides) + " players, the line names " +
                                    std::to_string(b.players.size()));
      try {
        session::parseTimeControl(b.timeControl);
      } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(where + "time control: " + e.what());
      }
      round.boards.push_back(b);
    } else {
      throw std::invalid_argument(where + "unknown setting '" + key + "' (event, site, date, round or board NAME)");
    }
  }
  return round;
}

Round readRoundFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::invalid_argument("cannot read the round file '" + path + "'");
  std::ostringstream text;
  text << in.rdbuf();
  return parseRound(text.str());
}

}  // namespace tessera::hub
