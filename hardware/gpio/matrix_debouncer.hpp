#pragma once
// Debounce over whole-matrix readings: a crossing takes a new state only after it has read that
// state on `scans` consecutive readings. Until every crossing has done so once, nothing is
// settled, so the first settled matrix is never a half-read board.
#include <array>
#include <cstdint>
#include <optional>

#include "hardware/gpio/switch_matrix.hpp"

namespace tessera::gpio {

class MatrixDebouncer {
 public:
  MatrixDebouncer(int rows, int columns, int scans);

  // Takes one raw reading; returns true when the settled matrix changed (including the first time
  // it becomes available).
  bool add(const SwitchMatrix& reading);
  // The settled matrix, once every crossing has been stable for `scans` readings.
  const std::optional<SwitchMatrix>& settled() const { return settled_; }

 private:
  int rows_;
  int columns_;
  int scans_;
  SwitchMatrix candidate_;  // the last raw reading
  // Per crossing: how many consecutive readings have shown `candidate_`'s state (capped at scans_).
  std::array<std::array<std::uint8_t, kMaxMatrixLines>, kMaxMatrixLines> runLength_{};
  std::optional<SwitchMatrix> settled_;
};

}  // namespace tessera::gpio
