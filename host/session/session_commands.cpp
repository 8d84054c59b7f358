#include "session_commands.hpp"

#include <charconv>
#include <sstream>

#include "core/rules/geometry.hpp"

namespace tessera::session {

std::string runCommand(RefereeSession& s, const std::string& command) {
  std::istringstream in(command);
  std::string word;
  in >> word;
  // A word more than the command takes is refused, not dropped: "resign black" with White to act
  // had White resign (found by an audit, 2026-11-28).
  const auto extra = [&]() -> std::string {
    std::string more;
    if (!(in >> more)) return "";
    return "'" + word + "' takes no word '" + more.substr(0, 60) + "'";
  };
  const bool takesAnArgument = word == "choose" || word == "show";
  if (!takesAnArgument)
    if (const std::string refused = extra(); !refused.empty()) return refused;
  if (word == "hint") s.hint();
  else if (word == "takeback") s.takeBack();
  else if (word == "confirm") s.confirm();
  else if (word == "override") s.overrideEngine();
  else if (word == "new") s.newGame();
  else if (word == "resign") s.resign();
  else if (word == "draw") s.agreeDraw();
  else if (word == "choose") {
    std::string number;
    in >> number;
    int n = 0;
    const auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), n);
    if (number.empty() || error != std::errc{} || end != number.data() + number.size() || n < 1)
      return "choose needs the number of a choice, from 1";
    if (const std::string refused = extra(); !refused.empty()) return refused;
    s.choose(n - 1);
  } else if (word == "show") {
    std::string name;
    if (!(in >> name)) {
      s.showActionsFrom(std::nullopt);
      return "";
    }
    const auto sq = parseSquare(name, s.game().variant().size);
    if (!sq) return "show needs a square of the board, such as e2, got '" + name + "'";
    if (const std::string refused = extra(); !refused.empty()) return refused;
    s.showActionsFrom(*sq);
  } else {
    return "unknown command '" + word + "'";
  }
  return "";
}

}  // namespace tessera::session
