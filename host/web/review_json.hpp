#pragma once
// The review of the game, for the page's review panel (GET /review.json): every position from the
// start to now with the engine's evaluation of it (a short search of a fixed number of nodes, from
// the first side's point of view), the actions between them, and the actions after which the
// evaluation swung most. Each position's board comes as board_json.hpp writes it, so that the page
// draws any of them with the same code and figurines as the live board.
#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>

#include "core/engine/search.hpp"
#include "core/rules/game.hpp"

namespace tessera::web {

class GameReviewer {
 public:
  // `nodesPerPosition`: the search's budget for each position (a few milliseconds each on a Pi).
  explicit GameReviewer(std::int64_t nodesPerPosition = 3000) : nodes_(nodesPerPosition) {}
  // {"ready":true,"evaluated":true,"positions":[{"ply":0,"number":1,"side":0,"san":"","evaluation":12,"text":"+0.1",
  //  "board":{...}},...],"swings":[ply,...],"series":[]}. With more than two sides the search's score is
  //  one side's against the others', no single line: "evaluated" is false, each position not over has
  //  "toAct" and "score" (that side's own point of view) instead, and "series" one line per side
  //  ({"side":0,"name":"South","points":[[ply,score],...],"swings":[ply,...]}: review_series.hpp);
  //  "swings" is then every side's.
  // Positions already evaluated (by their key) are not searched again. `goOn`, when given, is told
  // how many positions are evaluated after each; when it answers false the review is given up and
  // "" returned (what was evaluated is kept).
  std::string reviewJson(const Game& game, const std::function<bool(int evaluated)>& goOn = {});

 private:
  int evaluate(Position& pos);

  std::int64_t nodes_;
  Searcher searcher_{8};
  std::unordered_map<std::uint64_t, int> evaluated_;
};

}  // namespace tessera::web
