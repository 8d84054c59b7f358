#pragma once
// Gaps for the referee's tests: random actions a sensor sees, and whether every action of a gap
// leaves a trace on the board read after it (the gaps the referee looks for: docs/referee.md).
#include <optional>
#include <random>
#include <vector>

#include "core/referee/board_distance.hpp"
#include "core/referee/sensor_view.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/position.hpp"

namespace tessera {

// Whether every action of `moves` from `pos` changes a cell where the board after them all reads
// otherwise than `pos`: the gaps the referee looks for.
inline bool everyActionLeavesATrace(const Position& pos, const std::vector<Move>& moves, SensorProfile profile) {
  const BoardSize size = pos.variant().size;
  Position after = pos;
  for (const Move& m : moves) after.make(m);
  const Observation seen = sensorView(after, profile);
  Position board = pos;
  for (const Move& m : moves) {
    Position next = board;
    next.make(m);
    bool trace = false;
    for (int i = 0; i < size.files * size.ranks; ++i) {
      const Square sq = makeSquare(i % size.files, i / size.files);
      trace = trace || (cellKey(next, sq) != cellKey(board, sq) &&
                        !cellAgrees(seen.cells[static_cast<std::size_t>(i)], fullView(pos, sq)));
    }
    if (!trace) return false;
    board = next;
  }
  return true;
}

// A random legal action of the side to act that the sensor sees (one that changes the reading),
// when there is one.
inline std::optional<Move> randomSeenAction(Position& pos, SensorProfile profile, std::mt19937& rng) {
  MoveList legal;
  generateLegal(pos, legal);
  if (legal.empty()) return std::nullopt;
  const Observation before = sensorView(pos, profile);
  for (int tries = 0; tries < 20; ++tries) {
    const Move m = legal[std::uniform_int_distribution<int>(0, legal.size() - 1)(rng)];
    pos.make(m);
    const bool seen = !sameReading(before, sensorView(pos, profile));
    pos.unmake();
    if (seen) return m;
  }
  return legal[0];
}

}  // namespace tessera
