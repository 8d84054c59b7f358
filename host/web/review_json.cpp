#include "review_json.hpp"

#include <algorithm>
#include <cstdlib>

#include <nlohmann/json.hpp>

#include "core/rules/move_text.hpp"
#include "host/views/display/board_scene.hpp"
#include "host/views/session_scene.hpp"
#include "host/web/board_json.hpp"
#include "host/web/review_series.hpp"

namespace tessera::web {
namespace {

using json = nlohmann::ordered_json;

constexpr int kSwingsMarked = 3;

}  // namespace

int GameReviewer::evaluate(Position& pos) {
  const auto known = evaluated_.find(pos.key());
  if (known != evaluated_.end()) return known->second;
  SearchLimits limits;
  limits.nodes = nodes_;
  const SearchReport report = searcher_.search(pos, limits);
  // No line: the side to act has no action (the result, mate or stalemate, is set by the caller).
  const int score = report.lines.empty() ? 0 : report.lines.front().score;
  const int forFirstSide = pos.sideToMove() == 0 ? score : -score;
  evaluated_.emplace(pos.key(), forFirstSide);
  return forFirstSide;
}

std::string GameReviewer::reviewJson(const Game& game, const std::function<bool(int evaluated)>& goOn) {
  const bool twoSides = game.variant().sides == 2;
  Game replay(game.variant(), game.startPosition());
  json positions = json::array();
  std::vector<int> scores;
  std::vector<ScoredTurn> turns;  // more than two sides
  const auto add = [&](int ply, const std::optional<Move>& last, int number, int side, const std::string& san) -> bool {
    Position& pos = replay.position();
    display::BoardScene scene;
    scene.position = &pos;
    scene.lastAction = last;
    json entry = {{"ply", ply}, {"number", number}, {"side", side}, {"san", san}};
    if (twoSides) {
      const int score = evaluate(pos);
      scores.push_back(score);
      entry["evaluation"] = score;
      entry["text"] = views::evaluationText(score);
    } else if (!replay.result().finished()) {  // more sides: the side to act's own score
      const int forFirst = evaluate(pos), own = pos.sideToMove() == 0 ? forFirst : -forFirst;
      turns.push_back({ply, pos.sideToMove(), own});
      entry["toAct"] = pos.sideToMove();
      entry["score"] = own;
      entry["text"] = views::evaluationText(own);
    }
    if (goOn && !goOn(static_cast<int>(positions.size()) + 1)) return false;
    entry["board"] = boardJson(scene);
    positions.push_back(std::move(entry));
    return true;
  };
  if (!add(0, std::nullopt, replay.position().fullmoveNumber(), -1, "")) return "";
  int ply = 0;
  for (const Move& m : game.actions()) {
    Position& before = replay.position();
    const int number = before.fullmoveNumber(), side = before.sideToMove();
    const std::string text = san(before, m);
    replay.play(m);
    if (!add(++ply, m, number, side, text)) return "";
  }
  // A game over by mate: the last position is won outright, whatever a search of it says.
  const GameResult result = replay.result();
  if (twoSides && result.reason == "checkmate" && !scores.empty()) {
    scores.back() = result.token == "1-0" ? kMateScore - 1 : -(kMateScore - 1);
    positions.back()["evaluation"] = scores.back();
    positions.back()["text"] = result.token;
  }
  // The actions after which the evaluation moved most (mates counted as ten pawns).
  std::vector<std::pair<int, int>> swings;
  const auto capped = [](int s) { return std::clamp(s, -1000, 1000); };
  for (std::size_t i = 1; i < scores.size(); ++i)
    swings.push_back({std::abs(capped(scores[i]) - capped(scores[i - 1])), static_cast<int>(i)});
  std::sort(swings.begin(), swings.end(), [](auto a, auto b) { return a.first > b.first || (a.first == b.first && a.second < b.second); });
  json marked = json::array();
  for (std::size_t i = 0; i < swings.size() && static_cast<int>(i) < kSwingsMarked; ++i)
    if (swings[i].first >= 50) marked.push_back(swings[i].second);
  json series = json::array();
  if (!twoSides) {
    std::vector<int> all;
    for (const SideSeries& s : seriesBySide(turns, game.variant().sides)) {
      json points = json::array();
      for (const ScoredTurn& t : s.turns) points.push_back({t.ply, t.score});
      series.push_back({{"side", s.side}, {"name", sideFullName(game.variant(), s.side)}, {"points", points},
                        {"swings", s.swings}});
      all.insert(all.end(), s.swings.begin(), s.swings.end());
    }
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    marked = all;
  }
  json review = {{"ready", true}, {"evaluated", twoSides}, {"positions", positions}, {"swings", marked},
                 {"series", series}};
  return review.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace tessera::web
