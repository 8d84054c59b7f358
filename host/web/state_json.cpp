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
  const GameResult result = s.result();
  json hints = json::array();
  for (const Move& m : s.hintMoves()) hints.push_back(session::numberedSan(pos, m));
  std::string movetext;
  for (const std::string& word : movetextWords(game)) movetext += (movetext.empty() ? "" : " ") + word;
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
      {"message", s.message()},
      {"result", result.finished() ? result.token + " " + result.reason : ""},
      {"actions", game.actions().size()},
      {"movetext", movetext},
      {"choices", s.choiceTexts()},
      {"proposed", s.proposedChoice()},
      {"engine", s.engineAction() ? session::numberedSan(pos, *s.engineAction()) : ""},
      {"unexpected", s.unexpectedAction().has_value()},
      {"hints", hints},
      {"thinking", s.engineThinking()},
      {"clock", s.clock().text(variant, session::GameClock::Clock::now())},
      {"board", boardJson(views::sceneOf(s))},
  };
  return jsonText(state);
}

}  // namespace tessera::web
