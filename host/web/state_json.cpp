#include "state_json.hpp"

#include <nlohmann/json.hpp>

#include "core/record/pgn.hpp"
#include "core/rules/game.hpp"
#include "core/rules/position_text.hpp"
#include "host/session/action_text.hpp"
#include "host/views/session_scene.hpp"
#include "host/web/board_json.hpp"

namespace tessera::web {
namespace {

using json = nlohmann::ordered_json;  // the fields in the order written

// Bytes that are no UTF-8 are replaced (U+FFFD), not refused: a message is never worth losing the page.
std::string jsonText(const json& value) { return value.dump(-1, ' ', false, json::error_handler_t::replace); }

}  // namespace

std::string stateJson(session::RefereeSession& s) {
  Game& game = s.game();
  const Position& pos = game.position();
  const Variant& variant = game.variant();
  json hints = json::array();
  for (const Move& m : s.hintMoves()) hints.push_back(session::numberedSan(pos, m));
  std::string movetext;
  for (const std::string& word : movetextWords(game)) movetext += (movetext.empty() ? "" : " ") + word;
  // The one description of the view the display draws too: the page's board, message, result and
  // clock come from it, not from the session again.
  const display::BoardScene scene = views::sceneOf(s);
  const bool againstTheEngine = s.options().mode == session::PlayMode::Engine;
  // Who Resign resigns for ("" when no one can), for the page to say so before it is pressed.
  const std::optional<int> resigning = s.resigningSide();
  const json state = {
      {"revision", s.revision()},
      {"variant", variant.title},
      {"mode", session::playModeName(s.options().mode)},
      {"toMove", sideFullName(variant, pos.sideToMove())},
      {"engineSide", againstTheEngine ? sideFullName(variant, s.options().engineSide) : ""},
      {"resigns", resigning ? sideFullName(variant, *resigning) : ""},
      {"position", positionString(pos)},
      {"message", scene.message},
      {"result", scene.result},
      {"actions", game.actions().size()},
      {"movetext", movetext},
      {"choices", s.choiceTexts()},
      {"proposed", s.proposedChoice()},
      {"engine", s.engineAction() ? session::numberedSan(pos, *s.engineAction()) : ""},
      {"unexpected", s.unexpectedAction().has_value()},
      {"hints", hints},
      {"thinking", s.engineThinking()},
      {"clock", scene.clock},
      {"board", boardJson(scene)},
      {"view", viewJson(scene)},
  };
  return jsonText(state);
}

}  // namespace tessera::web
