#pragma once
// Random games a camera can follow: at each turn a random legal action whose resulting board no
// other legal action produces as the camera sees it (a promotion to a Knight looks like one to a
// Queen from above; the referee would rightly ask which). Promotions keep the proposed piece.
#include <random>
#include <vector>

#include "core/referee/sensor_view.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/position.hpp"

namespace tessera::scene {

inline bool sameView(const Observation& a, const Observation& b) {
  for (std::size_t i = 0; i < a.cells.size(); ++i)
    if (a.cells[i].occupant != b.cells[i].occupant || a.cells[i].surface != b.cells[i].surface) return false;
  return true;
}

inline std::vector<Move> playDistinctly(Position& pos, int plies, std::mt19937& rng) {
  std::vector<Move> played;
  for (int i = 0; i < plies; ++i) {
    MoveList moves;
    generateLegal(pos, moves);
    if (moves.empty()) break;
    std::vector<Observation> views;
    for (const Move& m : moves) {
      pos.make(m);
      views.push_back(sensorView(pos, SensorProfile::Camera));
      pos.unmake();
    }
    std::vector<int> distinct;
    for (int a = 0; a < moves.size(); ++a) {
      bool unique = true;
      for (int b = 0; b < moves.size() && unique; ++b)
        if (a != b && sameView(views[static_cast<std::size_t>(a)], views[static_cast<std::size_t>(b)])) unique = false;
      if (unique) distinct.push_back(a);
    }
    if (distinct.empty()) break;
    const Move m = moves[distinct[std::uniform_int_distribution<std::size_t>(0, distinct.size() - 1)(rng)]];
    pos.make(m);
    played.push_back(m);
  }
  return played;
}

}  // namespace tessera::scene
