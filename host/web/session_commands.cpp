#include "session_commands.hpp"

#include <sstream>

#include "core/geometry.hpp"

namespace tessera::web {

std::string runSessionCommand(session::RefereeSession& s, const std::string& command) {
  std::istringstream in(command);
  std::string word;
  in >> word;
  if (word == "hint") s.hint();
  else if (word == "takeback") s.takeBack();
  else if (word == "confirm") s.confirm();
  else if (word == "override") s.overrideEngine();
  else if (word == "new") s.newGame();
  else if (word == "resign") s.resign();
  else if (word == "draw") s.agreeDraw();
  else if (word == "choose") {
    int n = 0;
    if (!(in >> n) || n < 1) return "choose needs the number of a choice, from 1";
    s.choose(n - 1);
  } else if (word == "show") {
    std::string name;
    if (!(in >> name)) {
      s.showActionsFrom(std::nullopt);
      return "";
    }
    const auto sq = parseSquare(name, s.game().variant().size);
    if (!sq) return "show needs a square of the board, such as e2, got '" + name + "'";
    s.showActionsFrom(*sq);
  } else {
    return "unknown command '" + word + "'";
  }
  return "";
}

}  // namespace tessera::web
