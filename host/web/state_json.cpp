#include "state_json.hpp"

#include "core/record/pgn.hpp"
#include "core/rules/game.hpp"
#include "core/rules/position_text.hpp"
#include "host/session/action_text.hpp"
#include "host/views/session_scene.hpp"
#include "host/web/board_json.hpp"
#include "host/web/json_text.hpp"

namespace tessera::web {

std::string stateJson(session::RefereeSession& s) {
  Game& game = s.game();
  const Position& pos = game.position();
  const GameResult result = s.result();
  std::vector<std::string> hints;
  for (const Move& m : s.hintMoves()) hints.push_back(session::numberedSan(pos, m));
  std::string out = "{";
  out += "\"revision\":" + std::to_string(s.revision());
  out += ",\"variant\":" + jsonString(game.variant().title);
  out += ",\"mode\":" + jsonString(session::playModeName(s.options().mode));
  out += ",\"toMove\":" + jsonString(sideFullName(game.variant(), pos.sideToMove()));
  const bool againstTheEngine = s.options().mode == session::PlayMode::Engine;
  out += ",\"engineSide\":" + jsonString(againstTheEngine ? sideFullName(game.variant(), s.options().engineSide) : "");
  // Who Resign resigns for ("" when no one can), for the page to say so before it is pressed.
  const std::optional<int> resigning = s.resigningSide();
  out += ",\"resigns\":" + jsonString(resigning ? sideFullName(game.variant(), *resigning) : "");
  out += ",\"position\":" + jsonString(positionString(pos));
  out += ",\"message\":" + jsonString(s.message());
  out += ",\"result\":" + jsonString(result.finished() ? result.token + " " + result.reason : "");
  out += ",\"actions\":" + std::to_string(game.actions().size());
  std::string movetext;
  for (const std::string& word : movetextWords(game)) movetext += (movetext.empty() ? "" : " ") + word;
  out += ",\"movetext\":" + jsonString(movetext);
  out += ",\"choices\":" + jsonList(s.choiceTexts());
  out += ",\"proposed\":" + std::to_string(s.proposedChoice());
  out += ",\"engine\":" + jsonString(s.engineAction() ? session::numberedSan(pos, *s.engineAction()) : "");
  out += ",\"unexpected\":" + std::string(s.unexpectedAction() ? "true" : "false");
  out += ",\"hints\":" + jsonList(hints);
  out += ",\"thinking\":" + std::string(s.engineThinking() ? "true" : "false");
  out += ",\"clock\":" + jsonString(s.clock().text(game.variant(), session::GameClock::Clock::now()));
  out += ",\"board\":" + boardJson(views::sceneOf(s));
  return out + "}";
}

}  // namespace tessera::web
