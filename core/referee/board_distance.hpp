#pragma once
// How far a position is from what a sensor saw: the number of cells the observation contradicts
// (unknown parts, and parts read less surely than the limit, contradict nothing). The observation
// is compared with one position once, the base; a position reached from it by actions or takebacks
// is then scored by the cells whose contents changed.
#include <cstdint>
#include <vector>

#include "core/observation/observation.hpp"
#include "core/rules/position.hpp"

namespace tessera {

// The cell as the referee takes it: a part read with less than `minConfidence` is unknown.
CellObservation trusted(CellObservation cell, float minConfidence);

// Everything of a square that its view depends on, packed so that a change is one comparison.
std::uint32_t cellKey(const Position& pos, Square sq);

class BoardDistance {
 public:
  BoardDistance(const Position& base, const Observation& seen, float minConfidence);

  // Cells are numbered rank by rank from a1, as in the Observation.
  int cells() const { return static_cast<int>(squares_.size()); }
  Square square(int cell) const { return squares_[static_cast<std::size_t>(cell)]; }
  std::uint32_t baseKey(int cell) const { return baseKey_[static_cast<std::size_t>(cell)]; }
  // Whether the observation contradicts the base position on this cell.
  bool wrongAtBase(int cell) const { return baseWrong_[static_cast<std::size_t>(cell)]; }
  // Whether the observation of this cell can be what `pos` has there.
  bool agrees(int cell, const Position& pos) const;

  int ofBase() const { return baseDistance_; }
  // How many cells of the observation disagree with `pos`, a position of the same board.
  int of(const Position& pos) const;

 private:
  std::vector<Square> squares_;
  std::vector<CellObservation> seen_;
  std::vector<std::uint32_t> baseKey_;
  std::vector<char> baseWrong_;
  int baseDistance_ = 0;
};

}  // namespace tessera
